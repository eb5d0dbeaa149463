// expect: valid
// options: -o check:race
// The vprintf of a logging wrapper and the other thread's write of the
// string it prints hold one mutex: no race.
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

char name[16] = "ab";
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void logmsg(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&lock);
    vprintf(fmt, ap);
    pthread_mutex_unlock(&lock);
    va_end(ap);
}

void *worker(void *arg)
{
    pthread_mutex_lock(&lock);
    name[1] = 'z';
    pthread_mutex_unlock(&lock);
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
