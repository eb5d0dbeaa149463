// svcomp: valid-memsafety true
// the paths where an assumption fails (or abort is called) do not exist:
// the block they still hold is no leak (the leak check ran on the
// cancelled transition, where main's registers were no roots)
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
static void expect(int c) { __VERIFIER_assume(c); }
int main(void) {
  int *p = malloc(sizeof(int));
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0);
  expect(x < 100);
  if (__VERIFIER_nondet_int())
    abort();
  free(p);
  return 0;
}
