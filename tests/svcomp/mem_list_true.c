// svcomp: valid-memsafety true
// malloc never fails under SV-COMP's rules: no null check is needed
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int v; struct node *next; };
int main(void) {
  struct node *head = 0;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4) return 0;
  for (int i = 0; i < n; i++) {
    struct node *x = malloc(sizeof *x);
    x->v = i;
    x->next = head;
    head = x;
  }
  while (head) { struct node *t = head->next; free(head); head = t; }
  return 0;
}
