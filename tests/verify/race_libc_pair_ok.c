// expect: valid
// options: -o check:race
// library calls on each thread's own element or row do not race: the
// extents they touch are what they write (time: 8 bytes, strtok_r and
// stpncpy: the string and n bytes)
#define _GNU_SOURCE
#include <pthread.h>
#include <string.h>
#include <time.h>
time_t stamp[2];
char text[2][16] = {"a b c", "d e f"};
char copy[2][8];
void *t(void *p)
{
    long i = (long)p;
    char *save;
    time(&stamp[i]);
    strtok_r(text[i], " ", &save);
    stpncpy(copy[i], "xyz", sizeof copy[i]);
    return p;
}
int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, t, (void *)0);
    pthread_create(&b, 0, t, (void *)1);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
