// expect: valid
// options: -o check:race
// Each thread formats through a va_list (a logging helper) into its own
// row of one array: vsprintf and vsnprintf write what the conversions of
// the arguments va_start collected print, not the rest of the array.
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
char out[2][16], cut[2][16];
static void put(char *row, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsprintf(row, fmt, ap);
    va_end(ap);
}
static void nput(char *row, int n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(row, n, fmt, ap);
    va_end(ap);
}
void *t(void *p)
{
    long i = (long)p;
    put(out[i], "row %ld: %5.1f", i, 2.5 * i);
    nput(cut[i], 64, "%s%c%*d", i ? "one" : "zero", '!', 3, (int)i);
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
