// expect: valid
// options: -o check:race
// SV-COMP's __VERIFIER_atomic_* functions and atomic_begin/end sections run
// as one step: their accesses are atomic.
#include <pthread.h>

void __VERIFIER_atomic_begin(void);
void __VERIFIER_atomic_end(void);

int counter, other;

void __VERIFIER_atomic_inc(void)
{
    counter++;
}

void *worker(void *arg)
{
    __VERIFIER_atomic_inc();
    __VERIFIER_atomic_begin();
    other++;
    __VERIFIER_atomic_end();
    return arg;
}

int main(void)
{
    pthread_t a;
    pthread_create(&a, NULL, worker, NULL);
    __VERIFIER_atomic_inc();
    __VERIFIER_atomic_begin();
    other++;
    __VERIFIER_atomic_end();
    pthread_join(a, NULL);
    return counter == 2 && other == 2 ? 0 : 1;
}
