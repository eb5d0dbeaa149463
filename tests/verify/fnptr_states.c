// expect: error assert 26
/* States that differ only in which function a pointer points to must stay
 * apart: a function pointer is a fixed value, not a pointer to an object
 * (regression: code and local-variable ids shared a range, and states with
 * fp = f and fp = g were merged, hiding the failing call). */
#include <assert.h>
#include <pthread.h>

int f(void) { return 1; }
int g(void) { return 2; }
int (*fp)(void);
int flag;

void *other(void *arg)
{
    flag = 1;
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, other, 0);
    fp = __VERIFIER_nondet_int() ? g : f;
    flag = 2;
    assert(fp() == 1);
    pthread_join(t, 0);
    return 0;
}
