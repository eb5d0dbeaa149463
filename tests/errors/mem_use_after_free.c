// expect: memory
/* Reads a list node after it has been freed. */
#include <stdio.h>
#include <stdlib.h>

struct node { int v; struct node *next; };

int main(void)
{
    struct node *head = NULL;
    for (int i = 0; i < 3; i++) {
        struct node *n = malloc(sizeof *n);
        if (!n) return 1;
        n->v = i;
        n->next = head;
        head = n;
    }
    /* buggy free loop: reads n->next after free(n) */
    for (struct node *n = head; n != NULL; ) {
        free(n);
        n = n->next; // ERROR
    }
    printf("freed\n");
    return 0;
}
