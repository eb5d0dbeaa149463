// svcomp: valid-memcleanup false(valid-memcleanup)
// The old tasks' __VERIFIER_error() (declared, never defined) ends the
// program as abort() does; the list is freed only after it (list-ext-properties'
// simple-ext).
#include <stdlib.h>
extern void __VERIFIER_error(void) __attribute__((__noreturn__));
struct node { int h; struct node *n; };
int main(void) {
  struct node *a = malloc(sizeof *a);
  a->h = 0;
  a->n = 0;
  if (a->h != 1)
    __VERIFIER_error();
  free(a);
  return 0;
}
