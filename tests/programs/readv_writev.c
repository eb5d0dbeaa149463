/* readv and writev through a pipe and a file: one buffer after another,
 * a short read stopping at the data there is. */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

int main(void)
{
    int p[2];
    if (pipe(p))
        return 1;
    char a[] = "hello, ", b[] = "vectored ", c[] = "world";
    struct iovec out[3] = { { a, strlen(a) }, { b, strlen(b) }, { c, strlen(c) } };
    printf("writev %zd\n", writev(p[1], out, 3));
    close(p[1]);
    char x[5] = { 0 }, y[9] = { 0 }, z[16] = { 0 };
    struct iovec in[3] = { { x, 4 }, { y, 8 }, { z, 15 } };
    printf("readv %zd [%s|%s|%s]\n", readv(p[0], in, 3), x, y, z);
    printf("readv at end %zd\n", readv(p[0], in, 3));
    close(p[0]);

    int fd = open("vec.txt", O_RDWR | O_CREAT | O_TRUNC, 0600);
    if (fd < 0)
        return 1;
    printf("file writev %zd\n", writev(fd, out, 2));
    lseek(fd, 0, SEEK_SET);
    memset(z, 0, sizeof z);
    struct iovec one[1] = { { z, 15 } };
    printf("file readv %zd [%s]\n", readv(fd, one, 1), z);
    printf("bad count %zd\n", readv(fd, one, -1));
    close(fd);
    unlink("vec.txt");
    return 0;
}
