/* A ticket lock built from C11-style atomics: N threads each enter the
 * critical section K times (take a ticket, spin until it is served, yield
 * while waiting); inside, a thread checks it is alone and bumps a counter. */
#include <assert.h>
#include <pthread.h>
#include <sched.h>
#ifndef N
#define N 3
#endif
#ifndef K
#define K 1
#endif
static unsigned next_ticket, serving;
static int inside, counter;

static void lock(void) {
    unsigned t = __atomic_fetch_add(&next_ticket, 1, __ATOMIC_RELAXED);
    while (__atomic_load_n(&serving, __ATOMIC_ACQUIRE) != t)
        sched_yield();
}

static void unlock(void) {
    __atomic_store_n(&serving, serving + 1, __ATOMIC_RELEASE);
}

static void *worker(void *arg) {
    (void)arg;
    for (int k = 0; k < K; k++) {
        lock();
        assert(++inside == 1);
        counter++;
        inside--;
        unlock();
    }
    return 0;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    assert(counter == N * K && next_ticket == serving);
    return 0;
}
