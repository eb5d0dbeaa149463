// expect: error assert
// options: -o nofail:malloc
// Which of two threads allocates first is up to the scheduler, and the
// program compares the two blocks' addresses: heap symmetry may not merge
// the two orders (divm/vm/order.py sees the comparison; the search starts
// over keeping the order, and finds the run where the assertion fails).
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

static char *p1, *p2;

static void *first(void *arg) { (void)arg; p1 = malloc(1); return 0; }
static void *second(void *arg) { (void)arg; p2 = malloc(1); return 0; }

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, first, 0);
    pthread_create(&b, 0, second, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    assert(p1 < p2); // ERROR
    free(p1);
    free(p2);
    return 0;
}
