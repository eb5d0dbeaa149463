// expect: valid
// options: -o check:race
// Reads never race with reads; a write before the threads start, or after
// they are joined, races with nothing.
#include <pthread.h>

int shared[4];
int out[2];

void *reader(void *arg)
{
    long i = (long) arg;
    out[i] = shared[0] + shared[1];   // the threads write different elements
    return 0;
}

int main(void)
{
    shared[0] = 1;
    pthread_t a, b;
    pthread_create(&a, NULL, reader, (void *) 0L);
    pthread_create(&b, NULL, reader, (void *) 1L);
    int x = shared[1];
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    shared[2] = x + out[0] + out[1];
    return 0;
}
