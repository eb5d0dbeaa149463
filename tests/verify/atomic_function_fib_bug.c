// expect: error assert
// The same with __VERIFIER_atomic_* functions: a call is one visible step.
#include <pthread.h>
extern void reach_error(void);
int i = 1, j = 1;
void __VERIFIER_atomic_inc_i(void) { i += j; }
void __VERIFIER_atomic_inc_j(void) { j += i; }
void *t1(void *a)
{
    for (int k = 0; k < 5; k++)
        __VERIFIER_atomic_inc_i();
    return a;
}
void *t2(void *a)
{
    for (int k = 0; k < 5; k++)
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
    if (i >= 144 || j >= 144)
        reach_error(); // ERROR
    return 0;
}
