// svcomp: valid-memcleanup false(valid-memcleanup)
// A failed assertion aborts: reach_error's body is __assert_fail, and the
// block is not freed when the program ends there.
#include <stdlib.h>
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "cleanup_assert_false.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = malloc(2 * sizeof(int));
  int x = __VERIFIER_nondet_int();
  p[0] = x;
  if (p[0] == 7)
    reach_error();
  free(p);
  return 0;
}
