/* N threads run K phases separated by a pthread_barrier: in each phase a
 * thread writes its slot, waits, reads its right neighbour's slot (which
 * must be from the same phase), and waits again before the next write. */
#include <assert.h>
#include <pthread.h>
#ifndef N
#define N 3
#endif
#ifndef K
#define K 1
#endif
static pthread_barrier_t bar;
static int slot[N], sum[N];

static void *worker(void *arg) {
    int id = (int)(long)arg;
    for (int k = 0; k < K; k++) {
        slot[id] = k * N + id;
        pthread_barrier_wait(&bar);
        int r = slot[(id + 1) % N];
        assert(r == k * N + (id + 1) % N);
        sum[id] += r;
        pthread_barrier_wait(&bar);
    }
    return 0;
}

int main(void) {
    pthread_t t[N];
    pthread_barrier_init(&bar, 0, N);
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], 0, worker, (void *)(long)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    pthread_barrier_destroy(&bar);
    for (int i = 0; i < N; i++)
        assert(sum[i] == N * K * (K - 1) / 2 + K * ((i + 1) % N));
    return 0;
}
