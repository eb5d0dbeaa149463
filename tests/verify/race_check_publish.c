// expect: error race
// options: -o check:race
// A heap block is private while main fills it (no race, and no interrupt
// point under reductions), shared once its address is in a global: then
// the worker's write races with main's read.
#include <pthread.h>
#include <stdlib.h>

struct node { int val; int pad[3]; };
struct node *head;  /* published and read atomically */

void *worker(void *arg)
{
    struct node *n = __atomic_load_n(&head, __ATOMIC_ACQUIRE);
    if (n)
        n->val = 2; // ERROR
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    struct node *n = malloc(sizeof *n);
    if (!n)
        return 0;
    for (int i = 0; i < 3; i++)
        n->pad[i] = i;
    n->val = 1;
    __atomic_store_n(&head, n, __ATOMIC_RELEASE);
    int v = n->val; // ERROR
    pthread_join(t, NULL);
    free(n);
    return v - v;
}
