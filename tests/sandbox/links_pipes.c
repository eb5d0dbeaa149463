// Symbolic links, FIFOs and pipes in the file system.  Only relative
// names, so a native run in an empty directory prints the same.
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
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

static int pfd[2];

static void *writer(void *arg)
{
    const char *msg = arg;
    size_t n = strlen(msg);
    for (size_t i = 0; i < n; i++)
        if (write(pfd[1], msg + i, 1) != 1)
            return "short";
    close(pfd[1]);
    return NULL;
}

static void *fifo_writer(void *arg)
{
    int fd = open("fifo", O_WRONLY); /* waits for the reader */
    if (fd < 0 || write(fd, arg, strlen(arg)) < 0)
        return "failed";
    close(fd);
    return NULL;
}

int main(void)
{
    char buf[64];
    struct stat st;
    SHOW(mkdir("d", 0755));
    int fd = open("d/f", O_WRONLY | O_CREAT, 0644);
    SHOW(write(fd, "hello", 5));
    close(fd);
    SHOW(symlink("d/f", "lf"));
    SHOW(symlink("d", "ld"));
    SHOW(symlink("../d/f", "d/up"));
    SHOW(symlink("nowhere", "dangling"));
    SHOW(symlink("loop", "loop"));
    SHOW(symlink("d/f", "lf"));
    memset(buf, 0, sizeof buf);
    SHOW(readlink("lf", buf, sizeof buf));
    printf("lf -> %s\n", buf);
    SHOW(readlink("d/f", buf, sizeof buf));
    SHOW(readlink("missing", buf, sizeof buf));
    SHOW(stat("lf", &st));
    printf("reg %d size %ld\n", S_ISREG(st.st_mode), (long)st.st_size);
    SHOW(lstat("lf", &st));
    printf("lnk %d size %ld\n", S_ISLNK(st.st_mode), (long)st.st_size);
    SHOW(stat("ld/up", &st));
    printf("size %ld\n", (long)st.st_size);
    SHOW(access("ld/f", R_OK));
    SHOW(stat("dangling", &st));
    SHOW(lstat("dangling", &st));
    SHOW(stat("loop", &st));
    SHOW(open("lf", O_RDONLY | O_NOFOLLOW));
    fd = open("ld/up", O_RDWR | O_APPEND);
    SHOW(write(fd, " world", 6));
    close(fd);
    fd = open("d/f", O_RDONLY);
    memset(buf, 0, sizeof buf);
    SHOW(read(fd, buf, sizeof buf));
    printf("d/f: %s\n", buf);
    close(fd);
    SHOW(mkdir("ld/sub", 0755));
    SHOW(stat("d/sub", &st));
    SHOW(rmdir("ld"));
    SHOW(unlink("ld"));
    SHOW(stat("d", &st));
    SHOW(unlink("lf"));
    SHOW(unlink("dangling"));
    SHOW(unlink("loop"));
    SHOW(unlink("d/up"));
    SHOW(rmdir("d/sub"));
    SHOW(unlink("d/f"));
    SHOW(rmdir("d"));

    /* a pipe between two threads */
    SHOW(pipe(pfd));
    SHOW(lseek(pfd[0], 0, SEEK_SET));
    SHOW(write(pfd[0], "x", 1));
    pthread_t t;
    pthread_create(&t, NULL, writer, "through the pipe");
    size_t got = 0;
    long r;
    while ((r = read(pfd[0], buf + got, sizeof buf - 1 - got)) > 0)
        got += (size_t)r;
    buf[got] = 0;
    pthread_join(t, NULL);
    printf("read %zu: %s\n", got, buf);
    close(pfd[0]);

    /* a write to a pipe without a reader: EPIPE */
    SHOW(pipe(pfd));
    signal(SIGPIPE, SIG_IGN);
    close(pfd[0]);
    SHOW(write(pfd[1], "x", 1));
    close(pfd[1]);

    /* a FIFO */
    SHOW(mkfifo("fifo", 0644));
    SHOW(mkfifo("fifo", 0644));
    SHOW(lstat("fifo", &st));
    printf("fifo %d\n", S_ISFIFO(st.st_mode));
    SHOW(open("fifo", O_WRONLY | O_NONBLOCK));
    pthread_create(&t, NULL, fifo_writer, "by name");
    fd = open("fifo", O_RDONLY);
    got = 0;
    while ((r = read(fd, buf + got, sizeof buf - 1 - got)) > 0)
        got += (size_t)r;
    buf[got] = 0;
    pthread_join(t, NULL);
    printf("fifo read %zu: %s\n", got, buf);
    close(fd);
    SHOW(unlink("fifo"));
    return 0;
}
