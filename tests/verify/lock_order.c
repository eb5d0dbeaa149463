// expect: error deadlock
#include <pthread.h>

pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;

void *one(void *arg)
{
    pthread_mutex_lock(&a);
    pthread_mutex_lock(&b); // ERROR
    pthread_mutex_unlock(&b);
    pthread_mutex_unlock(&a);
    return arg;
}

void *two(void *arg)
{
    pthread_mutex_lock(&b);
    pthread_mutex_lock(&a); // ERROR
    pthread_mutex_unlock(&a);
    pthread_mutex_unlock(&b);
    return arg;
}

int main(void)
{
    pthread_t x, y;
    pthread_create(&x, NULL, one, NULL);
    pthread_create(&y, NULL, two, NULL);
    pthread_join(x, NULL);
    pthread_join(y, NULL);
    return 0;
}
