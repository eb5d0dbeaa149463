// Files written and read back inside the file system.  Only relative names
// and no permission checks, so a native run in an empty directory prints
// the same (test_sandbox compares them).
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
    char buf[256];
    /* stdio: write, rewind, read back */
    FILE *f = fopen("a.txt", "w+");
    fprintf(f, "%s %d\n", "first", 1);
    fputs("second line\n", f);
    fwrite("third\n", 1, 6, f);
    SHOW(ftell(f));
    rewind(f);
    while (fgets(buf, sizeof buf, f))
        printf("got: %s", buf);
    printf("feof %d\n", feof(f));
    SHOW(fseek(f, 6, SEEK_SET));
    SHOW(fgetc(f));
    SHOW(ftell(f));
    SHOW(fseek(f, -6, SEEK_END));
    size_t n = fread(buf, 1, sizeof buf, f);
    printf("fread %zu [%.*s]\n", n, (int)n, buf);
    SHOW(fclose(f));
    /* mixed reading and writing on one stream */
    f = fopen("a.txt", "r+");
    fgets(buf, sizeof buf, f);
    SHOW(fseek(f, 0, SEEK_CUR));
    fputs("SECOND", f);
    fflush(f);
    rewind(f);
    n = fread(buf, 1, sizeof buf, f);
    printf("now [%.*s]\n", (int)n, buf);
    fclose(f);
    /* append mode */
    f = fopen("a.txt", "a");
    fputs("appended\n", f);
    fclose(f);
    struct stat st;
    SHOW(stat("a.txt", &st));
    printf("size %ld nlink %ld reg %d\n", (long)st.st_size, (long)st.st_nlink, S_ISREG(st.st_mode));
    /* descriptors */
    int fd = open("b.bin", O_RDWR | O_CREAT | O_EXCL, 0644);
    SHOW(fd >= 3);
    SHOW(open("b.bin", O_RDWR | O_CREAT | O_EXCL, 0644));
    SHOW(write(fd, "0123456789", 10));
    SHOW(lseek(fd, 0, SEEK_CUR));
    SHOW(pwrite(fd, "AB", 2, 3));
    SHOW(pread(fd, buf, 4, 2));
    printf("pread [%.4s]\n", buf);
    SHOW(lseek(fd, 20, SEEK_SET));
    SHOW(write(fd, "Z", 1));
    SHOW(fstat(fd, &st));
    printf("size %ld\n", (long)st.st_size);
    SHOW(pread(fd, buf, 21, 0));
    for (int i = 0; i < 21; i++)
        printf("%02x", (unsigned char)buf[i]);
    printf("\n");
    SHOW(ftruncate(fd, 4));
    SHOW(lseek(fd, 0, SEEK_END));
    SHOW(lseek(fd, -10, SEEK_SET));
    int fd2 = dup(fd);
    SHOW(lseek(fd2, 1, SEEK_SET));
    SHOW(read(fd, buf, 10));
    printf("shared offset [%.3s]\n", buf);
    SHOW(close(fd2));
    /* a removed file stays readable while open */
    SHOW(unlink("b.bin"));
    SHOW(access("b.bin", F_OK));
    SHOW(pread(fd, buf, 4, 0));
    SHOW(close(fd));
    SHOW(close(fd));
    SHOW(read(fd, buf, 1));
    /* read-only and write-only descriptors */
    fd = open("a.txt", O_RDONLY);
    SHOW(write(fd, "x", 1));
    close(fd);
    fd = open("a.txt", O_WRONLY | O_APPEND);
    SHOW(read(fd, buf, 1));
    SHOW(write(fd, "end\n", 4));
    close(fd);
    fd = open("a.txt", O_WRONLY | O_TRUNC);
    close(fd);
    SHOW(stat("a.txt", &st) == 0 ? st.st_size : -1);
    /* rename over an existing file, missing files */
    f = fopen("c.txt", "w");
    fputs("c", f);
    fclose(f);
    SHOW(rename("c.txt", "a.txt"));
    f = fopen("a.txt", "r");
    printf("a.txt holds [%c]\n", fgetc(f));
    fclose(f);
    SHOW(rename("c.txt", "d.txt"));
    printf("fopen missing: %s\n", fopen("missing.txt", "r") ? "opened" : strerror(errno));
    printf("fopen bad mode: %s\n", fopen("a.txt", "q") ? "opened" : strerror(errno));
    SHOW(remove("a.txt"));
    SHOW(remove("a.txt"));
    /* tmpfile */
    f = tmpfile();
    fputs("temporary", f);
    rewind(f);
    n = fread(buf, 1, sizeof buf, f);
    printf("tmpfile [%.*s]\n", (int)n, buf);
    fclose(f);
    /* fdopen, fileno */
    fd = open("e.txt", O_RDWR | O_CREAT, 0644);
    f = fdopen(fd, "w+");
    SHOW(fileno(f) == fd);
    fprintf(f, "via fdopen %d\n", 7);
    rewind(f);
    fgets(buf, sizeof buf, f);
    printf("got: %s", buf);
    fclose(f);
    SHOW(close(fd));
    SHOW(unlink("e.txt"));
    /* printf and putc on a file, scanf from it */
    f = fopen("nums.txt", "w");
    for (int i = 1; i <= 5; i++)
        fprintf(f, "%d ", i * i);
    putc('\n', f);
    fclose(f);
    f = fopen("nums.txt", "r");
    int v, sum = 0;
    while (fscanf(f, "%d", &v) == 1)
        sum += v;
    printf("sum %d\n", sum);
    fclose(f);
    unlink("nums.txt");
    return 0;
}
