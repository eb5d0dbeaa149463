// expect: error race
// options: -o check:race
// An atomic section is atomic against other sections, not against a
// plain access of another thread: the two are unordered (a data race).
#include <pthread.h>

int x;

void __VERIFIER_atomic_inc(void) { x = x + 1; } // ERROR

void *t(void *p) {
    __VERIFIER_atomic_inc();
    return 0;
}

int main(void) {
    pthread_t th;
    pthread_create(&th, 0, t, 0);
    x = 5; // ERROR
    pthread_join(th, 0);
    return 0;
}
