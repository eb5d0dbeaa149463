// expect: error race
// options: -o check:race
// The thread's very first access races: a thread that starts must be seen
// parked before it, not run it in the transition that starts the thread.
#include <pthread.h>

int x;

void *worker(void *arg)
{
    x = 1; // ERROR
    return arg;
}

int main(void)
{
    pthread_t a;
    pthread_create(&a, NULL, worker, NULL);
    x = 2; // ERROR
    pthread_join(a, NULL);
    return 0;
}
