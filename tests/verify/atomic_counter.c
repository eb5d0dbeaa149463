// expect: valid
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int counter;

void *worker(void *arg)
{
    atomic_fetch_add(&counter, 1);
    return arg;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(atomic_load(&counter) == 2);
    return 0;
}
