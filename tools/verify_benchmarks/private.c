/* N threads each do private work (a local array, a loop) and then add the
 * result to a shared total atomically: the private part needs no interleaving. */
#include <assert.h>
#include <pthread.h>
#ifndef N
#define N 3
#endif
#ifndef K
#define K 1
#endif
static int total;

static void *worker(void *arg) {
    int id = (int)(long)arg, a[8], s = 0;
    for (int k = 0; k < K; k++) {
        for (int i = 0; i < 8; i++)
            a[i] = i * id + k;
        for (int i = 0; i < 8; i++)
            s += a[i];
    }
    __atomic_fetch_add(&total, s, __ATOMIC_SEQ_CST);
    return 0;
}

int main(void) {
    pthread_t t[N];
    int want = 0;
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], 0, worker, (void *)(long)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    for (int id = 0; id < N; id++)
        for (int k = 0; k < K; k++)
            want += 28 * id + 8 * k;
    assert(total == want);
    return 0;
}
