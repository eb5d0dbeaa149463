// expect: error assert
// options: -o nofail:malloc
// As heap_order_bug.c, but the addresses are compared as integers: the
// conversion (ptrtoint) is what divm/vm/order.py sees.
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
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
    uintptr_t x = (uintptr_t)p1, y = (uintptr_t)p2;
    assert(x < y); // ERROR
    free(p1);
    free(p2);
    return 0;
}
