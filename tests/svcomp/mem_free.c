// svcomp: valid-memsafety false(valid-free) target=7
#include <stdlib.h>
int main(void) {
  char *p = malloc(8);
  p[0] = 1;
  free(p);
  free(p);
  return 0;
}
