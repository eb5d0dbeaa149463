// expect: error memory
#include <pthread.h>
#include <stdlib.h>

int *shared;

void *reader(void *arg)
{
    int v = *shared; // ERROR
    return (void *)(long)v;
}

int main(void)
{
    shared = malloc(sizeof(int));
    if (!shared)
        return 0;
    *shared = 1;
    pthread_t t;
    pthread_create(&t, NULL, reader, NULL);
    free(shared);
    pthread_join(t, NULL);
    return 0;
}
