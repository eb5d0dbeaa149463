#include <assert.h>
#include <pthread.h>

int counter;

void *worker(void *arg)
{
    int t = counter; /* read and write are not atomic: an update can be lost */
    counter = t + 1;
    return arg;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    assert(counter == 2);
    return 0;
}
