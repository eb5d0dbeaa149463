// expect: error assert
// As intptr_share_bug.c, with the pointer's bytes copied into an integer
// (memcpy) rather than cast: reading a pointer's bytes as data lets it
// escape too.
#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t slot;

static void *writer(void *arg)
{
    (void)arg;
    int *p;
    uint64_t v = slot;
    memcpy(&p, &v, sizeof p);
    *p = 1;
    return 0;
}

int main(void)
{
    int *x = malloc(sizeof *x);
    if (!x)
        return 0;
    *x = 0;
    uint64_t v;
    memcpy(&v, &x, sizeof v);
    slot = v;
    pthread_t t;
    pthread_create(&t, 0, writer, 0);
    int a = *x;
    int b = *x;
    assert(a == b); // ERROR
    pthread_join(t, 0);
    free(x);
    return 0;
}
