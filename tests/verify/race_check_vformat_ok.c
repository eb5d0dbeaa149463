// expect: valid
// options: -o check:race
// The v* calls of both threads touch only their own locals: the string a
// %s prints, the buffer vsnprintf fills, the int vsscanf stores.  The
// shared int the other thread writes is passed by value (%d) and its
// address is only printed (%p): neither is an access of it.
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

int counter;

static int format(char *buf, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsnprintf(buf, n, fmt, ap);
    va_end(ap);
    return r;
}

static int parse(const char *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsscanf(s, fmt, ap);
    va_end(ap);
    return r;
}

static int work(int seed)
{
    char name[8] = "abc", buf[32];
    int k = 0;
    format(buf, sizeof buf, "%s %d %p", name, seed, (void *) &counter);
    parse("12", "%d", &k);
    return k + buf[0];
}

void *worker(void *arg)
{
    counter = work(1);
    return arg;
}

int main(void)
{
    pthread_t a;
    pthread_create(&a, NULL, worker, NULL);
    int r = work(2);
    pthread_join(a, NULL);
    return r == 0;
}
