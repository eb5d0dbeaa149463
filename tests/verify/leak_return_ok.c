// expect: valid
// options: -o nofail:malloc --leakcheck return
#include <stdlib.h>

struct node { int v; struct node *next; };
struct node *head;

static struct node *make(int v)
{
    struct node *n = malloc(sizeof *n); /* returned: still reachable */
    n->v = v;
    n->next = 0;
    return n;
}

int main(void)
{
    head = make(1);
    head->next = make(2);
    free(head->next);
    free(head);
    return 0;
}
