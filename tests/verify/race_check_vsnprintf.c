// expect: error race
// options: -o check:race
// vsnprintf writes the shared buffer (its first n bytes) while the other
// thread reads it.
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

char out[32];

static int format(char *buf, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsnprintf(buf, n, fmt, ap); // ERROR
    va_end(ap);
    return r;
}

void *worker(void *arg)
{
    return (void *)(long) out[3]; // ERROR
}

int main(void)
{
    pthread_t a;
    pthread_create(&a, NULL, worker, NULL);
    format(out, 8, "%d-%d", 12, 34);
    pthread_join(a, NULL);
    return 0;
}
