/* N dining philosophers, K meals each, thinking (privately) before each
 * meal; forks taken in a global order, so no deadlock. */
#include <assert.h>
#include <pthread.h>
#ifndef N
#define N 3
#endif
#ifndef K
#define K 1
#endif
static pthread_mutex_t fork_[N];
static int meals[N];

static void *philosopher(void *arg) {
    int i = (int)(long)arg;
    int a = i, b = (i + 1) % N;
    if (a > b) { int t = a; a = b; b = t; }
    for (int k = 0; k < K; k++) {
        int thought[4];
        for (int j = 0; j < 4; j++)
            thought[j] = i * j + k;
        if (thought[3] < 0)
            return 0;
        pthread_mutex_lock(&fork_[a]);
        pthread_mutex_lock(&fork_[b]);
        meals[i]++;
        pthread_mutex_unlock(&fork_[b]);
        pthread_mutex_unlock(&fork_[a]);
    }
    return 0;
}

int main(void) {
    pthread_t t[N];
    for (int i = 0; i < N; i++)
        pthread_mutex_init(&fork_[i], 0);
    for (int i = 0; i < N; i++)
        pthread_create(&t[i], 0, philosopher, (void *)(long)i);
    for (int i = 0; i < N; i++)
        pthread_join(t[i], 0);
    for (int i = 0; i < N; i++)
        assert(meals[i] == K);
    return 0;
}
