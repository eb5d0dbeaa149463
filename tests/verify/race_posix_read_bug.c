// expect: error race
// options: -o check:race
// Two threads read() from one pipe into overlapping bytes of one buffer:
// both calls write byte 1 (read is a library call: no instruction of the
// program touches the buffer).
#include <pthread.h>
#include <unistd.h>
char buf[8];
int fds[2];
void *t(void *p)
{
    (void)p;
    read(fds[0], buf, 2); // ERROR
    return 0;
}
int main(void)
{
    pthread_t a;
    if (pipe(fds) || write(fds[1], "abcdefgh", 8) != 8)
        return 1;
    pthread_create(&a, 0, t, 0);
    read(fds[0], buf + 1, 2); // ERROR
    pthread_join(a, 0);
    return 0;
}
