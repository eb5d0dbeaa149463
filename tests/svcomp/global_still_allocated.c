// svcomp: valid-memsafety true
// svcomp: valid-memcleanup false(valid-memcleanup)
// reachable from a global at exit: tracked (memsafety holds) but not cleaned up
#include <stdlib.h>
int *keep;
int main(void) {
  keep = malloc(sizeof(int));
  *keep = 1;
  return 0;
}
