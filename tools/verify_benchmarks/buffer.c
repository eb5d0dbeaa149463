/* A bounded buffer of size 2: N-1 producers put K items each, one consumer takes them all. */
#include <assert.h>
#include <pthread.h>
#ifndef N
#define N 3
#endif
#ifndef K
#define K 1
#endif
#define SIZE 2
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t nonempty = PTHREAD_COND_INITIALIZER, nonfull = PTHREAD_COND_INITIALIZER;
static int buf[SIZE], head, count;

static void *producer(void *arg) {
    int id = (int)(long)arg;
    for (int k = 0; k < K; k++) {
        pthread_mutex_lock(&m);
        while (count == SIZE)
            pthread_cond_wait(&nonfull, &m);
        buf[(head + count) % SIZE] = id;
        count++;
        pthread_cond_signal(&nonempty);
        pthread_mutex_unlock(&m);
    }
    return 0;
}

int main(void) {
    pthread_t t[N - 1];
    int sum = 0;
    for (int i = 0; i < N - 1; i++)
        pthread_create(&t[i], 0, producer, (void *)(long)(i + 1));
    for (int k = 0; k < (N - 1) * K; k++) {
        pthread_mutex_lock(&m);
        while (count == 0)
            pthread_cond_wait(&nonempty, &m);
        sum += buf[head];
        head = (head + 1) % SIZE;
        count--;
        pthread_cond_signal(&nonfull);
        pthread_mutex_unlock(&m);
    }
    for (int i = 0; i < N - 1; i++)
        pthread_join(t[i], 0);
    assert(sum == K * (N - 1) * N / 2);
    return 0;
}
