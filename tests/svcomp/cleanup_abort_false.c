// svcomp: valid-memcleanup false(valid-memcleanup)
// svcomp: valid-memsafety true
// abort() ends the program (SV-COMP: "still allocated memory at exit and
// abort"): the block is still allocated then, though still pointed to, so
// memcleanup fails and memtrack holds.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = malloc(sizeof(int));
  if (__VERIFIER_nondet_int())
    abort();
  free(p);
  return 0;
}
