/* N threads take turns round-robin, K rounds each: thread i waits on one
 * condition variable (broadcast) until turn == i, logs itself, passes the
 * turn on.  The log must read 0,1,..,N-1 repeated K times. */
#include <assert.h>
#include <pthread.h>
#ifndef N
#define N 3
#endif
#ifndef K
#define K 1
#endif
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int turn, pos, log_[N * K];

static void *worker(void *arg) {
    int id = (int)(long)arg;
    for (int k = 0; k < K; k++) {
        pthread_mutex_lock(&m);
        while (turn != id)
            pthread_cond_wait(&c, &m);
        log_[pos++] = id;
        turn = (turn + 1) % N;
        pthread_cond_broadcast(&c);
        pthread_mutex_unlock(&m);
    }
    return 0;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], 0, worker, (void *)(long)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    assert(pos == N * K);
    for (int i = 0; i < N * K; i++)
        assert(log_[i] == i % N);
    return 0;
}
