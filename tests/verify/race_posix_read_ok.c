// expect: valid
// options: -o check:race
// Library calls of two threads on disjoint bytes of shared buffers: read
// and write, wide-character copies, rand_r with its own seed, bcopy and
// mempcpy.
#include <pthread.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>
#include <stdlib.h>
char buf[8], s[16];
wchar_t wb[8];
unsigned seed[2];
int fds[2];
void *t(void *p)
{
    (void)p;
    read(fds[0], buf, 2);
    wmemset(wb + 4, L'a', 4);
    rand_r(&seed[1]);
    mempcpy(s + 8, "abcd", 4);
    return 0;
}
int main(void)
{
    pthread_t a;
    if (pipe(fds) || write(fds[1], "abcdefgh", 8) != 8)
        return 1;
    pthread_create(&a, 0, t, 0);
    read(fds[0], buf + 2, 2);
    wmemcpy(wb, L"wxyz", 4);
    rand_r(&seed[0]);
    bcopy("zz", s + 2, 2);
    pthread_join(a, 0);
    return 0;
}
