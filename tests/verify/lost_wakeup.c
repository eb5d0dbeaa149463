// expect: error deadlock
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int ready;

void *waiter(void *arg)
{
    pthread_mutex_lock(&m);
    if (!ready) /* the signal may come before the wait: nobody wakes us */
        pthread_cond_wait(&c, &m);
    pthread_mutex_unlock(&m);
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, waiter, NULL);
    pthread_cond_signal(&c); /* forgot to set ready under the lock */
    pthread_join(t, NULL);
    return 0;
}
