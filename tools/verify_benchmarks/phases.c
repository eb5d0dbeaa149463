/* N threads run K phases over a hand-made barrier (a mutex, a condition
 * variable and a generation count): in each phase every thread adds its id
 * + 1 to a shared counter under the mutex, waits for the others, and then
 * checks that the counter holds every thread's contribution to that phase. */
#include <assert.h>
#include <pthread.h>
#ifndef N
#define N 4
#endif
#ifndef K
#define K 1
#endif
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static int arrived, generation, counter;

static void barrier(void) {
    pthread_mutex_lock(&m);
    int gen = generation;
    if (++arrived == N) {
        arrived = 0;
        generation++;
        pthread_cond_broadcast(&c);
    } else {
        while (gen == generation)
            pthread_cond_wait(&c, &m);
    }
    pthread_mutex_unlock(&m);
}

static void *worker(void *arg) {
    int id = (int)(long)arg;
    for (int k = 0; k < K; k++) {
        pthread_mutex_lock(&m);
        counter += id + 1;
        pthread_mutex_unlock(&m);
        barrier();
        pthread_mutex_lock(&m);
        int seen = counter;
        pthread_mutex_unlock(&m);
        assert(seen == (k + 1) * N * (N + 1) / 2);
        barrier();
    }
    return 0;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], 0, worker, (void *)(long)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    assert(counter == K * N * (N + 1) / 2);
    return 0;
}
