// expect: valid
// setjmp and longjmp with interrupts in between: the function that called
// setjmp is parked (its thread is interrupted) and resumed before the
// longjmp, from itself and from a callee parked too.  The jmp_buf names
// the activation's frame, so the loop's states repeat and the search ends.
#include <assert.h>
#include <pthread.h>
#include <setjmp.h>

static int shared;
static jmp_buf top;

static void deep(int k)
{
    shared++;  // visible: the thread is interrupted here, with deep's frame parked too
    if (k == 2)
        longjmp(top, k);
}

static void *worker(void *arg)
{
    (void)arg;
    volatile int rounds = 0;
    jmp_buf local;
    int r = setjmp(local);
    if (r)
        assert(r == 7 && rounds == 1);
    else {
        shared++;
        rounds = 1;
        longjmp(local, 7);
    }
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    volatile int i = 0;
    int r = setjmp(top);
    if (r) {
        assert(r == 2 && i == 3);
        pthread_join(t, 0);
        return 0;
    }
    for (;;) {
        shared++;
        deep(i++);
    }
}
