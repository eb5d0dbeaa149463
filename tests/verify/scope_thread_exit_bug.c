// expect: error memory
// a thread is given a function's local; the function returns and main
// returns without joining: the process still runs the thread until exit
// ends it, so the thread may write the dead variable (exit begins with a
// point where the other threads can run)
#include <pthread.h>
static void *work(void *arg)
{
    int *p = arg;
    *p = 5; // ERROR
    return 0;
}
static void start(pthread_t *t)
{
    int x = 0;
    pthread_create(t, 0, work, &x);
}
int main(void)
{
    pthread_t t;
    start(&t);
    return 0;
}
