// expect: error assert
// options: --symbolic
// Threads stay explicit, data is symbolic: the bug needs both a schedule and an input.
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);

int shared;

void *worker(void *arg) {
    shared += *(int *)arg;
    return 0;
}

int main(void) {
    int x = __VERIFIER_nondet_int();
    pthread_t t;
    pthread_create(&t, 0, worker, &x);
    int seen = shared;
    pthread_join(t, 0);
    if (seen == 42)
        assert(0);  // ERROR
    return 0;
}
