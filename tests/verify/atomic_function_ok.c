// expect: valid
// SV-COMP's __VERIFIER_atomic_* functions run as one step: the two
// increments inside can never be seen apart.
#include <assert.h>
#include <pthread.h>

int a, b;

void __VERIFIER_atomic_both(void) {
    a++;
    b++;
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
    __VERIFIER_atomic_both();
    __VERIFIER_atomic_check();
    pthread_join(t, 0);
    assert(a == 2 && b == 2);
    return 0;
}
