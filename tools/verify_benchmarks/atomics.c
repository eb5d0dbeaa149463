/* C11 atomics: N threads each do K atomic_fetch_add on one counter and K
 * increments of another through a compare-exchange loop, and keep a running
 * maximum with CAS.  No lock; all updates are atomic, so nothing is lost. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#ifndef N
#define N 3
#endif
#ifndef K
#define K 1
#endif
static atomic_int added, cased, maxid = -1;

static void *worker(void *arg) {
    int id = (int)(long)arg;
    for (int k = 0; k < K; k++) {
        atomic_fetch_add(&added, 1);
        int old = atomic_load(&cased);
        while (!atomic_compare_exchange_weak(&cased, &old, old + 1))
            ;
    }
    int cur = atomic_load_explicit(&maxid, memory_order_relaxed);
    while (cur < id && !atomic_compare_exchange_strong(&maxid, &cur, id))
        ;
    return 0;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], 0, worker, (void *)(long)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    assert(atomic_load(&added) == N * K);
    assert(atomic_load(&cased) == N * K);
    assert(atomic_load(&maxid) == N - 1);
    return 0;
}
