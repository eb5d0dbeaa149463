// expect: valid
// each pass makes its variable anew: pointers taken within the pass, the
// variable parked across a thread switch and a recursive call all stay valid
#include <pthread.h>
#include <assert.h>
static int shared;
static void *other(void *a) { (void)a; shared++; return 0; }
static int depth(int *p, int n) { return n ? depth(p, n - 1) + *p : 0; }
int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, other, 0);
    int total = 0;
    for (int i = 0; i < 3; i++) {
        int x[2] = {i, i};
        int *q = &x[1];
        shared += 0;
        total += depth(q, 2) + x[0];
    }
    pthread_join(t, 0);
    assert(total == 9);
    return 0;
}
