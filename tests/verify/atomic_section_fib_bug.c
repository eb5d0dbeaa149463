// expect: error assert
// SV-COMP's fib_bench with __VERIFIER_atomic_begin/end: each section is one
// visible step, so the threads' sections interleave and j reaches 144.
// Before, nothing outside the sections was visible: each thread ran all its
// passes in one transition (a wrong valid).
#include <pthread.h>
extern void reach_error(void);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
int i = 1, j = 1;
void *t1(void *a)
{
    for (int k = 0; k < 5; k++) {
        __VERIFIER_atomic_begin();
        i += j;
        __VERIFIER_atomic_end();
    }
    return a;
}
void *t2(void *a)
{
    for (int k = 0; k < 5; k++) {
        __VERIFIER_atomic_begin();
        j += i;
        __VERIFIER_atomic_end();
    }
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
