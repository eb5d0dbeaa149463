// expect: error race
// options: -o check:race
// Two threads increment a global without a lock: the load of one and the
// store of the other can happen next to each other.
#include <pthread.h>

int counter;

void *worker(void *arg)
{
    counter++; // ERROR
    return arg;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
