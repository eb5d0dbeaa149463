// expect: valid
// A variadic function's thread is interrupted before its va_start (the
// counter is another thread's too): resumed, va_start still finds the
// arguments it was called with.
#include <assert.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

_Atomic int calls;

static int format(char *buf, size_t n, const char *fmt, ...)
{
    calls++;
    va_list ap;
    va_start(ap, fmt);
    int r = vsnprintf(buf, n, fmt, ap);
    va_end(ap);
    return r;
}

void *worker(void *arg)
{
    calls++;
    return arg;
}

int main(void)
{
    char buf[32];
    pthread_t a;
    pthread_create(&a, NULL, worker, NULL);
    int r = format(buf, sizeof buf, "%d-%s-%Lg", 5, "x", 1.5L);
    pthread_join(a, NULL);
    assert(r == 7 && strcmp(buf, "5-x-1.5") == 0);
    return 0;
}
