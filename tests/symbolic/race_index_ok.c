// expect: valid
// options: --symbolic -o check:race
// The same with the index kept away from 2: the ranges can never meet.
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);

int a[4];
int idx;

void *worker(void *arg)
{
    a[idx] = 1;
    return arg;
}

int main(void)
{
    idx = __VERIFIER_nondet_int();
    if (idx < 0 || idx > 3 || idx == 2)
        return 0;
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    a[2] = 5;
    pthread_join(t, NULL);
    return 0;
}
