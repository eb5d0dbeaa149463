/* A bounded buffer of 2 slots with two condition variables: N/2 producers
 * each put K items (id * 16 + k), N - N/2 consumers take items until all
 * (N/2) * K are taken (a shared count, checked under the mutex).  The sum
 * of the taken items is exact. */
#include <assert.h>
#include <pthread.h>
#ifndef N
#define N 4
#endif
#ifndef K
#define K 1
#endif
#define SIZE 2
#define P (N / 2)
#define ITEMS (P * K)
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER, not_empty = PTHREAD_COND_INITIALIZER;
static int buf[SIZE], in, out, count, taken, sum;

static void *producer(void *arg) {
    int id = (int)(long)arg;
    for (int k = 0; k < K; k++) {
        pthread_mutex_lock(&m);
        while (count == SIZE)
            pthread_cond_wait(&not_full, &m);
        buf[in] = id * 16 + k;
        in = (in + 1) % SIZE;
        count++;
        pthread_cond_signal(&not_empty);
        pthread_mutex_unlock(&m);
    }
    return 0;
}

static void *consumer(void *arg) {
    (void)arg;
    for (;;) {
        pthread_mutex_lock(&m);
        while (count == 0 && taken < ITEMS)
            pthread_cond_wait(&not_empty, &m);
        if (taken == ITEMS) {
            pthread_mutex_unlock(&m);
            return 0;
        }
        sum += buf[out];
        out = (out + 1) % SIZE;
        count--;
        if (++taken == ITEMS)
            pthread_cond_broadcast(&not_empty);  /* the other consumers stop */
        pthread_cond_signal(&not_full);
        pthread_mutex_unlock(&m);
    }
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], 0, i < P ? producer : consumer, (void *)(long)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    int want = 0;
    for (int i = 0; i < P; i++)
        for (int k = 0; k < K; k++)
            want += i * 16 + k;
    assert(sum == want && count == 0);
    return 0;
}
