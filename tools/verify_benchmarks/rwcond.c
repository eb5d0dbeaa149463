/* A readers-writer lock made of a mutex and two condition variables,
 * writers preferred: thread 0 and (with N > 3) thread 1 write K times,
 * moving one unit between a and b; the other threads read K times and
 * must see a + b == 10 and no writer inside. */
#include <assert.h>
#include <pthread.h>
#ifndef N
#define N 3
#endif
#ifndef K
#define K 1
#endif
#define WRITERS (N > 3 ? 2 : 1)
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t can_read = PTHREAD_COND_INITIALIZER, can_write = PTHREAD_COND_INITIALIZER;
static int readers, writing, waiting_writers;
static int a = 10, b;

static void read_lock(void) {
    pthread_mutex_lock(&m);
    while (writing || waiting_writers)
        pthread_cond_wait(&can_read, &m);
    readers++;
    pthread_mutex_unlock(&m);
}

static void read_unlock(void) {
    pthread_mutex_lock(&m);
    if (--readers == 0)
        pthread_cond_signal(&can_write);
    pthread_mutex_unlock(&m);
}

static void write_lock(void) {
    pthread_mutex_lock(&m);
    waiting_writers++;
    while (writing || readers)
        pthread_cond_wait(&can_write, &m);
    waiting_writers--;
    writing = 1;
    pthread_mutex_unlock(&m);
}

static void write_unlock(void) {
    pthread_mutex_lock(&m);
    writing = 0;
    pthread_cond_signal(&can_write);
    pthread_cond_broadcast(&can_read);
    pthread_mutex_unlock(&m);
}

static void *writer(void *arg) {
    (void)arg;
    for (int k = 0; k < K; k++) {
        write_lock();
        a--;
        b++;
        write_unlock();
    }
    return 0;
}

static void *reader(void *arg) {
    (void)arg;
    for (int k = 0; k < K; k++) {
        read_lock();
        assert(!writing && a + b == 10);
        read_unlock();
    }
    return 0;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], 0, i < WRITERS ? writer : reader, 0);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    assert(a == 10 - WRITERS * K && b == WRITERS * K && readers == 0);
    return 0;
}
