// expect: valid
// options: -o nofail:malloc
/* Each thread works on its own array and publishes one result: accesses to
 * the private arrays are invisible to the other thread (the reduction). */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int total;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg)
{
    int n = (int)(long)arg;
    int *a = malloc(4 * sizeof(int));
    if (!a)
        return 0;
    int local[4];
    for (int i = 0; i < 4; i++) {
        a[i] = i * n;
        local[i] = a[i] + 1;
    }
    int sum = 0;
    for (int i = 0; i < 4; i++)
        sum += local[i];
    free(a);
    pthread_mutex_lock(&lock);
    total += sum;
    pthread_mutex_unlock(&lock);
    return 0;
}

int main(void)
{
    pthread_t x, y;
    pthread_create(&x, NULL, worker, (void *)1L);
    pthread_create(&y, NULL, worker, (void *)2L);
    pthread_join(x, NULL);
    pthread_join(y, NULL);
    assert(total == 0 || total == 10 || total == 16 || total == 26);
    return 0;
}
