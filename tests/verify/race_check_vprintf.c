// expect: error race
// options: -o check:race
// A logging wrapper passes its arguments on in a va_list: vprintf reads
// the string its %s conversion prints while the other thread writes it.
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

char name[16] = "ab";

static void logmsg(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap); // ERROR
    va_end(ap);
}

void *worker(void *arg)
{
    name[1] = 'z'; // ERROR
    return arg;
}

int main(void)
{
    pthread_t a;
    pthread_create(&a, NULL, worker, NULL);
    logmsg("%d %s\n", 5, name);
    pthread_join(a, NULL);
    return 0;
}
