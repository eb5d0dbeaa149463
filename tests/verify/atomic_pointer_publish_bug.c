// expect: error assert
// A node published with a compare-and-swap on a pointer (clang moves it
// as i64) becomes shared: the worker's write through the published pointer
// can fall between main's two reads.  Before pointers moved by atomics
// counted as pointers, the node stayed private and the reductions hid this.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

struct node { int val; };
struct node *head, *spare;

void *worker(void *arg)
{
    struct node *n = __atomic_load_n(&head, __ATOMIC_ACQUIRE);
    if (n)
        n->val = 2;
    return arg;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    struct node *n = malloc(sizeof *n);
    if (!n)
        return 0;
    n->val = 1;
    struct node *expected = NULL;
    __atomic_compare_exchange_n(&head, &expected, n, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    __atomic_exchange_n(&spare, n, __ATOMIC_SEQ_CST);
    int a = n->val;
    int b = n->val;
    assert(a == b); // ERROR
    pthread_join(t, NULL);
    free(n);
    return 0;
}
