// expect: error deadlock
// main ends in pthread_exit and waits for the other thread, which blocks
// forever on the mutex main still holds: every live thread is blocked.
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *t(void *a)
{
    pthread_mutex_lock(&m); // ERROR
    return a;
}

int main(void)
{
    pthread_t th;
    pthread_mutex_lock(&m);
    pthread_create(&th, 0, t, 0);
    pthread_exit(0); // ERROR
}
