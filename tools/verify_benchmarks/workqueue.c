/* A work queue: main allocates (N-1)*K items (a linked list under a mutex
 * and a condition variable), N-1 workers take items, process and free them,
 * and stop on a "done" flag broadcast after the last item.  The sum of the
 * processed values is exact and nothing leaks. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#ifndef N
#define N 3
#endif
#ifndef K
#define K 1
#endif
struct item { int v; struct item *next; };
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static struct item *head;
static int done, total;

static void *worker(void *arg) {
    (void)arg;
    int mine = 0;
    for (;;) {
        pthread_mutex_lock(&m);
        while (!head && !done)
            pthread_cond_wait(&c, &m);
        struct item *it = head;
        if (!it) {
            pthread_mutex_unlock(&m);
            break;
        }
        head = it->next;
        pthread_mutex_unlock(&m);
        mine += it->v * 2;
        free(it);
    }
    pthread_mutex_lock(&m);
    total += mine;
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void) {
    pthread_t t[N - 1];
    int want = 0;
    for (int i = 0; i < N - 1; i++)
        pthread_create(&t[i], 0, worker, 0);
    for (int i = 0; i < (N - 1) * K; i++) {
        struct item *it = malloc(sizeof *it);
        if (!it)
            break;
        it->v = i + 1;
        want += 2 * (i + 1);
        pthread_mutex_lock(&m);
        it->next = head;
        head = it;
        pthread_cond_signal(&c);
        pthread_mutex_unlock(&m);
    }
    pthread_mutex_lock(&m);
    done = 1;
    pthread_cond_broadcast(&c);
    pthread_mutex_unlock(&m);
    for (int i = 0; i < N - 1; i++)
        pthread_join(t[i], 0);
    assert(total == want);
    return 0;
}
