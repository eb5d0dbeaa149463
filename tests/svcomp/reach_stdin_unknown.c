// svcomp: unreach-call unknown
// standard input is an input too, but not a symbolic one: divm saw only an empty stdin
#include <stdio.h>
extern void reach_error(void);
int main(void) {
  int c = getchar();
  if (c == 'x') reach_error();
  return 0;
}
