// svcomp: no-overflow false(no-overflow) target=10
# 1 "overflow_markers.c"
# 1 "<built-in>" 1
# 1 "overflow_markers.c" 2
extern int __VERIFIER_nondet_int(void);
enum { BIG = 2147483647 };
int main(void) {
  int y = __VERIFIER_nondet_int() & 1;
  /* SV-COMP's .i files keep line markers: clang's warnings must use the real lines */
  y += BIG + 1;
  return y & 0;
}
