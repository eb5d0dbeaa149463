// svcomp: valid-memsafety false(valid-memtrack)
#include <stdlib.h>
int main(void) {
  int *p = malloc(sizeof(int));
  *p = 3;
  p = 0;
  return 0;
}
