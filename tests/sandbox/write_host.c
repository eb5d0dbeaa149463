// Tries to create and overwrite host files through every call that writes:
// argv[1] names a host file that must not appear, argv[2] an existing host
// file whose contents must not change, argv[3] a host directory.
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void show(const char *what, long r)
{
    printf("%s: %ld%s%s\n", what, r, r < 0 ? " " : "", r < 0 ? strerror(errno) : "");
}

int main(int argc, char **argv)
{
    if (argc < 4)
        return 2;
    char path[512];
    FILE *f = fopen(argv[1], "w");
    printf("fopen new: %s\n", f ? "ok" : strerror(errno));
    if (f) {
        fputs("escaped\n", f);
        fclose(f);
    }
    f = fopen(argv[2], "w");
    printf("fopen existing: %s\n", f ? "ok" : strerror(errno));
    if (f) {
        fputs("overwritten\n", f);
        fclose(f);
    }
    f = fopen(argv[2], "a");
    printf("fopen append: %s\n", f ? "ok" : strerror(errno));
    if (f)
        fclose(f);
    int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    show("open", fd);
    if (fd >= 0) {
        show("write", write(fd, "escaped\n", 8));
        close(fd);
    }
    show("creat", creat(argv[2], 0644));
    show("truncate", truncate(argv[2], 0));
    show("unlink", unlink(argv[2]));
    snprintf(path, sizeof path, "%s/newdir", argv[3]);
    show("mkdir", mkdir(path, 0755));
    snprintf(path, sizeof path, "%s/renamed", argv[3]);
    show("rename", rename(argv[2], path));
    show("rmdir", rmdir(argv[3]));
    return 0;
}
