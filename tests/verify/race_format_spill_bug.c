// expect: error race
// options: -o check:race
// sprintf's output runs past its row into the next one (19 characters
// and a NUL into out[0], 16 bytes long), which the other thread reads.
#include <pthread.h>
#include <stdio.h>
char out[2][16];
void *t(void *p)
{
    sprintf(out[0], "%s%d", "0123456789abcdef", 123); // ERROR
    return p;
}
int main(void)
{
    pthread_t a;
    pthread_create(&a, 0, t, 0);
    char c = out[1][2]; // ERROR
    pthread_join(a, 0);
    return c;
}
