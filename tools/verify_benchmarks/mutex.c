/* N threads each add 1 to a shared counter K times under a mutex; the
 * increment is computed privately first (a small loop over a local array). */
#include <assert.h>
#include <pthread.h>
#ifndef N
#define N 3
#endif
#ifndef K
#define K 1
#endif
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int counter;

static void *worker(void *arg) {
    (void)arg;
    for (int i = 0; i < K; i++) {
        int a[4], one = 0;
        for (int j = 0; j < 4; j++)
            a[j] = j == i % 4;
        for (int j = 0; j < 4; j++)
            one += a[j];
        pthread_mutex_lock(&m);
        counter += one;
        pthread_mutex_unlock(&m);
    }
    return 0;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    assert(counter == N * K);
    return 0;
}
