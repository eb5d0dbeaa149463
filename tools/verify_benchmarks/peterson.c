/* Peterson's algorithm generalised to N threads (the filter lock), busy
 * waiting on seq_cst atomics; K critical sections each.  Mutual exclusion:
 * "inside" is never above 1, and no increment is lost. */
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#ifndef N
#define N 2
#endif
#ifndef K
#define K 1
#endif
static atomic_int level[N], victim[N];
static int inside, counter;

static int others_at_or_above(int me, int l) {
    for (int j = 0; j < N; j++)
        if (j != me && atomic_load(&level[j]) >= l)
            return 1;
    return 0;
}

static void *worker(void *arg) {
    int me = (int)(long)arg;
    for (int k = 0; k < K; k++) {
        for (int l = 1; l < N; l++) {
            atomic_store(&level[me], l);
            atomic_store(&victim[l], me);
            while (others_at_or_above(me, l) && atomic_load(&victim[l]) == me)
                ;
        }
        inside++;
        assert(inside == 1);
        counter++;
        inside--;
        atomic_store(&level[me], 0);
    }
    return 0;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], 0, worker, (void *)(long)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    assert(counter == N * K);
    return 0;
}
