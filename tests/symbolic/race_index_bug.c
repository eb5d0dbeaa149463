// expect: error race
// options: --symbolic -o check:race
// The worker writes an element at a symbolic index: it races with the main
// thread's write exactly when the index is 2.
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);

int a[4];
int idx;

void *worker(void *arg)
{
    a[idx] = 1; // ERROR
    return arg;
}

int main(void)
{
    idx = __VERIFIER_nondet_int();
    if (idx < 0 || idx > 3)
        return 0;
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    a[2] = 5; // ERROR
    pthread_join(t, NULL);
    return 0;
}
