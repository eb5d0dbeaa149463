// expect: error race
// options: -o check:race
// main's local variable, handed to a thread by pointer, is written by both.
#include <pthread.h>

void *worker(void *arg)
{
    ++*(int *) arg; // ERROR
    return 0;
}

int main(void)
{
    int count = 0;
    pthread_t t;
    pthread_create(&t, NULL, worker, &count);
    ++count; // ERROR
    pthread_join(t, NULL);
    return 0;
}
