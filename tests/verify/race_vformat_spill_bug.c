// expect: error race
// options: -o check:race
// Thread 0's vsprintf prints 20 characters into row 0 of 16: it spills
// into row 1, which thread 1 writes at the same time.
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
char out[2][16];
static void put(char *row, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsprintf(row, fmt, ap); // ERROR
    va_end(ap);
}
void *t(void *p)
{
    long i = (long)p;
    if (i)
        out[1][2] = 'x'; // ERROR
    else
        put(out[0], "%s %d", "longer row text", 1234);
    return 0;
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
