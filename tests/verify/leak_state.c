// expect: error leak
// options: -o nofail:malloc --leakcheck state
#include <pthread.h>
#include <stdlib.h>

int *shared;

void *worker(void *arg)
{
    shared = malloc(sizeof(int)); /* overwrites the main thread's block: lost */
    return arg;
}

int main(void)
{
    shared = malloc(sizeof(int));
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    free(shared);
    return 0;
}
