// expect: valid
/* more than 64 tasks (exited threads keep theirs): DiOS's scheduler takes
 * its general path, and still offers every runnable thread */
#include <assert.h>
#include <pthread.h>

int hits;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *f(void *p)
{
    pthread_mutex_lock(&m);
    hits++;
    pthread_mutex_unlock(&m);
    return p;
}

int main(void)
{
    pthread_t t, u;
    for (int r = 0; r < 66; r++) {
        pthread_create(&t, 0, f, 0);
        pthread_join(t, 0);
    }
    pthread_create(&t, 0, f, 0);
    pthread_create(&u, 0, f, 0);
    pthread_join(t, 0);
    pthread_join(u, 0);
    assert(hits == 68);
    return 0;
}
