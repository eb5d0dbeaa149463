// expect: valid
// options: -o nofail:malloc
// Three threads each allocate a node and push it on a shared list under a
// mutex; main sums and frees the list.  The interleavings allocate the
// nodes in different orders: states that differ only in which node got
// which number are one state under heap symmetry.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

struct node { int v; struct node *next; };
static struct node *head;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *push(void *arg)
{
    struct node *n = malloc(sizeof *n);
    n->v = (int)(long)arg;
    pthread_mutex_lock(&m);
    n->next = head;
    head = n;
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void)
{
    pthread_t t[3];
    for (int i = 0; i < 3; i++)
        pthread_create(&t[i], 0, push, (void *)(long)(i + 1));
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], 0);
    int sum = 0;
    while (head) {
        struct node *n = head;
        head = n->next;
        sum += n->v;
        free(n);
    }
    assert(sum == 6);
    return 0;
}
