// svcomp: valid-memsafety false(valid-deref) target=7
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *a = malloc(4 * sizeof(int));
  int i = __VERIFIER_nondet_int();
  if (i >= 0 && i <= 4) a[i] = 1;
  free(a);
  return 0;
}
