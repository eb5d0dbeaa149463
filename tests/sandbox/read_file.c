// Reads the files passed with --file input.txt=... --file /data/deep/n.txt=...
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void)
{
    char line[128];
    FILE *f = fopen("input.txt", "r");
    if (!f) {
        perror("input.txt");
        return 3;
    }
    int n = 0;
    while (fgets(line, sizeof line, f))
        printf("%d: %s", ++n, line);
    printf("eof %d error %d\n", feof(f), ferror(f));
    fclose(f);
    struct stat st;
    if (stat("/input.txt", &st) == 0)
        printf("size %ld regular %d\n", (long)st.st_size, S_ISREG(st.st_mode));
    int fd = open("/data/deep/n.txt", O_RDONLY);
    ssize_t r = read(fd, line, sizeof line - 1);
    line[r > 0 ? r : 0] = 0;
    printf("n.txt: %zd [%s]\n", r, line);
    printf("deep is a directory: %d\n", stat("/data/deep", &st) == 0 && S_ISDIR(st.st_mode));
    /* the file system's copy changes; the host's does not */
    f = fopen("input.txt", "a");
    fputs("appended\n", f);
    fclose(f);
    f = fopen("input.txt", "r");
    n = 0;
    while (fgets(line, sizeof line, f))
        n++;
    fclose(f);
    printf("lines now %d\n", n);
    printf("write to read-only fd: %zd %s\n", write(fd, "x", 1), strerror(errno));
    close(fd);
    return 0;
}
