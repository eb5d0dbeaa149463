// expect: error assert
// Outside an atomic function the same two increments can be seen apart.
#include <assert.h>
#include <pthread.h>

int a, b;

void both(void) {
    a++;
    b++;
}

void *worker(void *arg) {
    both();
    return 0;
}

void __VERIFIER_atomic_check(void) {
    assert(a == b);  // ERROR
}

int main(void) {
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    __VERIFIER_atomic_check();
    pthread_join(t, 0);
    return 0;
}
