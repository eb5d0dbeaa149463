// expect: valid
// options: -o cancel:deadlock
// Two threads that take two mutexes in opposite orders may wait for each
// other for ever; under -o cancel:deadlock that is where their run ends,
// not an error; every run that gets past the join has done == 2.
#include <assert.h>
#include <pthread.h>
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
int done;
void *t(void *arg)
{
    pthread_mutex_lock(&b);
    pthread_mutex_lock(&a);
    done++;
    pthread_mutex_unlock(&a);
    pthread_mutex_unlock(&b);
    return arg;
}
int main(void)
{
    pthread_t id;
    pthread_create(&id, 0, t, 0);
    pthread_mutex_lock(&a);
    pthread_mutex_lock(&b);
    done++;
    pthread_mutex_unlock(&b);
    pthread_mutex_unlock(&a);
    pthread_join(id, 0);
    assert(done == 2);
    return 0;
}
