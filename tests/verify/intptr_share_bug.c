// expect: error assert
// A pointer reaches another thread as an integer (uintptr_t): the block
// it points to is shared from the cast on, so main's two reads of it are
// visible actions, and the writer can run between them.
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

static uintptr_t slot;

static void *writer(void *arg)
{
    (void)arg;
    int *p = (int *)slot;
    *p = 1;
    return 0;
}

int main(void)
{
    int *x = malloc(sizeof *x);
    if (!x)
        return 0;
    *x = 0;
    slot = (uintptr_t)x;
    pthread_t t;
    pthread_create(&t, 0, writer, 0);
    int a = *x;
    int b = *x;
    assert(a == b); // ERROR
    pthread_join(t, 0);
    free(x);
    return 0;
}
