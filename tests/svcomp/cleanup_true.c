// svcomp: valid-memcleanup true
// Every way out frees first: an assumption that fails is no run at all,
// and abort() comes after the free.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int *p = malloc(sizeof(int));
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0);
  *p = x;
  free(p);
  if (x == 5)
    abort();
  return 0;
}
