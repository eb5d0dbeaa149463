// expect: valid
// A __VERIFIER_atomic_* function is one step with everything it calls:
// the helper's accesses (each an interrupt point outside a section) and
// its loop must not let the other thread in between the two updates.
#include <assert.h>
#include <pthread.h>

int a, b;

static void bump(int *p, int n) {
    for (int i = 0; i < n; i++)
        (*p)++;
}

void __VERIFIER_atomic_both(void) {
    bump(&a, 2);
    bump(&b, 2);
}

void *worker(void *arg) {
    __VERIFIER_atomic_both();
    return 0;
}

void __VERIFIER_atomic_check(void) {
    assert(a == b);
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    __VERIFIER_atomic_check();
    __VERIFIER_atomic_both();
    __VERIFIER_atomic_check();
    pthread_join(t, 0);
    assert(a == 4 && b == 4);
    return 0;
}
