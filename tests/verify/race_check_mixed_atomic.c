// expect: error race
// options: -o check:race
// An atomic store and a plain load of one variable in two threads race
// (C11 5.1.2.4: conflicting actions, at least one of them not atomic).
#include <pthread.h>
#include <stdatomic.h>

atomic_int ready;

void *worker(void *arg)
{
    atomic_store(&ready, 1); // ERROR
    return arg;
}

int main(void)
{
    pthread_t a;
    pthread_create(&a, NULL, worker, NULL);
    int seen = *(int *)&ready; // ERROR
    pthread_join(a, NULL);
    return seen * 0;
}
