// Directories: creation, listing, errors, the working directory.  Only
// relative names, so a native run in an empty directory prints the same.
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SHOW(e) show(#e, (long)(e))
static void show(const char *what, long r)
{
    if (r < 0)
        printf("%s = %ld (%s)\n", what, r, strerror(errno));
    else
        printf("%s = %ld\n", what, r);
}

static int cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the entries of a directory, sorted (readdir's order is unspecified) */
static void list(const char *path)
{
    DIR *d = opendir(path);
    if (!d) {
        printf("opendir %s: %s\n", path, strerror(errno));
        return;
    }
    char *names[64];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 64) {
        char *s = malloc(strlen(e->d_name) + 3);
        sprintf(s, "%s%s", e->d_name, e->d_type == DT_DIR ? "/" : "");
        names[n++] = s;
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp);
    printf("%s:", path);
    for (int i = 0; i < n; i++) {
        printf(" %s", names[i]);
        free(names[i]);
    }
    printf("\n");
}

static char start[512];

static void cwd(void)
{
    char b[512];
    if (!getcwd(b, sizeof b)) {
        printf("getcwd: %s\n", strerror(errno));
        return;
    }
    const char *rest = b + strlen(start);
    printf("cwd .%s\n", strcmp(rest, "/") ? rest : "");
}

static void touch(const char *p)
{
    int fd = open(p, O_WRONLY | O_CREAT, 0644);
    if (fd < 0)
        printf("touch %s: %s\n", p, strerror(errno));
    else
        close(fd);
}

int main(void)
{
    getcwd(start, sizeof start);
    if (start[1] == 0)
        start[0] = 0; /* the root: paths below it start with / already */
    SHOW(mkdir("top", 0755));
    SHOW(mkdir("top", 0755));
    SHOW(mkdir("top/a", 0755));
    SHOW(mkdir("top/a/b", 0755));
    SHOW(mkdir("top/missing/b", 0755));
    touch("top/f1");
    touch("top/a/f2");
    SHOW(mkdir("top/f1/x", 0755));
    touch("top/f1/x");
    list("top");
    list("top/a");
    list("top/f1");
    list("nothere");
    struct stat st;
    SHOW(stat("top/a", &st));
    printf("dir %d\n", S_ISDIR(st.st_mode));
    SHOW(stat("top/f1/", &st));
    SHOW(stat("top/a/", &st));
    SHOW(stat("top/./a/../a/b", &st));
    printf("dir %d\n", S_ISDIR(st.st_mode));
    SHOW(rmdir("top/a"));
    SHOW(rmdir("top/f1"));
    SHOW(unlink("top/a"));
    SHOW(open("top/a", O_WRONLY));
    SHOW(open("top/f1", O_RDONLY | O_DIRECTORY));
    int fd = open("top/a", O_RDONLY);
    char c;
    SHOW(read(fd, &c, 1));
    close(fd);
    SHOW(rename("top/a", "top/a/b/c"));
    SHOW(rename("top/a", "top/f1"));
    SHOW(rename("top/f1", "top/a"));
    SHOW(rename("top/a", "top/moved"));
    list("top");
    SHOW(chdir("top/moved/b"));
    cwd();
    touch("here");
    list(".");
    list("..");
    SHOW(chdir(".."));
    cwd();
    SHOW(chdir("f2"));
    SHOW(chdir("../.."));
    cwd();
    SHOW(unlink("top/moved/b/here"));
    SHOW(rmdir("top/moved/b"));
    SHOW(rmdir("top/moved/b"));
    SHOW(unlink("top/moved/f2"));
    SHOW(rmdir("top/moved"));
    SHOW(unlink("top/f1"));
    list("top");
    SHOW(rmdir("top"));
    list(".");
    return 0;
}
