/* Readers-writers on pthread_rwlock: thread 0 is a writer moving one unit
 * between a and b K times (a+b stays 10); the other N-1 threads read K
 * times under the read lock and must always see a+b == 10. */
#include <assert.h>
#include <pthread.h>
#ifndef N
#define N 3
#endif
#ifndef K
#define K 1
#endif
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static int a = 10, b, reads;
static pthread_mutex_t rm = PTHREAD_MUTEX_INITIALIZER;

static void *writer(void *arg) {
    (void)arg;
    for (int k = 0; k < K; k++) {
        pthread_rwlock_wrlock(&rw);
        a--;
        b++;
        pthread_rwlock_unlock(&rw);
    }
    return 0;
}

static void *reader(void *arg) {
    (void)arg;
    for (int k = 0; k < K; k++) {
        pthread_rwlock_rdlock(&rw);
        int x = a, y = b;
        assert(x + y == 10);
        pthread_rwlock_unlock(&rw);
        pthread_mutex_lock(&rm);
        reads++;
        pthread_mutex_unlock(&rm);
    }
    return 0;
}

int main(void) {
    pthread_t t[N];
    pthread_create(&t[0], 0, writer, 0);
    for (int i = 1; i < N; i++)
        pthread_create(&t[i], 0, reader, 0);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    assert(a == 10 - K && b == K && reads == (N - 1) * K);
    return 0;
}
