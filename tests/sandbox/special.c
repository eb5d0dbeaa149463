// /dev, permissions, temporary files, realpath: divm-only behaviour (stdin
// is "input line\n").
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

int main(void)
{
    FILE *f = fopen("/dev/null", "w");
    SHOW(fprintf(f, "lost %d\n", 1));
    fclose(f);
    int fd = open("/dev/zero", O_RDONLY);
    char b[64] = "xyz";
    SHOW(read(fd, b, 3));
    printf("zeros %d %d %d\n", b[0], b[1], b[2]);
    close(fd);
    f = fopen("/dev/stdout", "w");
    fprintf(f, "to stdout through /dev\n");
    SHOW(ftell(f));
    fclose(f);
    f = fopen("/dev/stdin", "r");
    printf("stdin: %s", fgets(b, sizeof b, f));
    fclose(f);
    DIR *d = opendir("/dev");
    struct dirent *e;
    while ((e = readdir(d)))
        printf("/dev/%s %s\n", e->d_name, e->d_type == DT_CHR ? "chr" : e->d_type == DT_DIR ? "dir" : "?");
    closedir(d);
    /* permissions: the owner's bits are checked */
    fd = creat("ro.txt", 0444);
    SHOW(write(fd, "abc", 3));
    close(fd);
    SHOW(open("ro.txt", O_WRONLY));
    SHOW(open("ro.txt", O_RDONLY) >= 3);
    SHOW(access("ro.txt", W_OK));
    SHOW(access("ro.txt", R_OK));
    SHOW(chmod("ro.txt", 0644));
    SHOW(access("ro.txt", W_OK));
    SHOW(mkdir("locked", 0500));
    SHOW(open("locked/new", O_WRONLY | O_CREAT, 0644));
    umask(077);
    fd = open("masked", O_WRONLY | O_CREAT, 0666);
    struct stat st;
    fstat(fd, &st);
    printf("mode %o\n", st.st_mode & 0777);
    close(fd);
    /* temporary files */
    char tmpl[] = "/tmp/fileXXXXXX";
    fd = mkstemp(tmpl);
    SHOW(fd >= 3);
    SHOW(strncmp(tmpl, "/tmp/file", 9) == 0 && strcmp(tmpl, "/tmp/fileXXXXXX") != 0);
    SHOW(access(tmpl, F_OK));
    char dtmpl[] = "dirXXXXXX";
    SHOW(mkdtemp(dtmpl) != 0);
    SHOW(stat(dtmpl, &st) == 0 && S_ISDIR(st.st_mode));
    /* names */
    SHOW(chdir("/tmp"));
    char *cwd = getcwd(0, 0);
    printf("cwd %s\n", cwd);
    free(cwd);
    char *rp = realpath("../ro.txt", 0);
    printf("realpath %s\n", rp);
    free(rp);
    printf("realpath missing %s\n", realpath("../nothing", b) ? b : strerror(errno));
    SHOW(symlink("ro.txt", "/link"));
    SHOW(link("/ro.txt", "/hard"));
    SHOW(stat("/ro.txt", &st));
    printf("nlink %ld\n", (long)st.st_nlink);
    return 0;
}
