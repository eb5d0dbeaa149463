// expect: error race
// options: -o check:race
// A struct copy (llvm.memcpy) reads what another thread writes.
#include <pthread.h>

struct big { long a, b, c, d; };
struct big g;

void *worker(void *arg)
{
    g.c = 3; // ERROR
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    struct big copy = g; // ERROR
    pthread_join(t, NULL);
    return (int) copy.a;
}
