// expect: valid
// Four passes each: the largest value any interleaving gives is 55 (i and j
// alternate 2, 3, 5, 8, 13, 21, 34, 55), never more.
#include <pthread.h>
#include <assert.h>
int i = 1, j = 1;
void __VERIFIER_atomic_inc_i(void) { i += j; }
void __VERIFIER_atomic_inc_j(void) { j += i; }
void *t1(void *a)
{
    for (int k = 0; k < 4; k++)
        __VERIFIER_atomic_inc_i();
    return a;
}
void *t2(void *a)
{
    for (int k = 0; k < 4; k++)
        __VERIFIER_atomic_inc_j();
    return a;
}
int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(i <= 55 && j <= 55);
    return 0;
}
