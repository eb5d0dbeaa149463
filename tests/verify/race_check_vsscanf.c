// expect: error race
// options: -o check:race
// vsscanf's %d writes, through the va_list, the int the other thread
// reads; the wrapper consumes its first variadic argument with va_arg
// before passing the rest on.
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

int value;

static int parse(const char *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int tag = va_arg(ap, int);
    int r = vsscanf(s, fmt, ap); // ERROR
    va_end(ap);
    return r + tag;
}

void *worker(void *arg)
{
    return (void *)(long) value; // ERROR
}

int main(void)
{
    pthread_t a;
    pthread_create(&a, NULL, worker, NULL);
    parse("42", "%d", 7, &value);
    pthread_join(a, NULL);
    return 0;
}
