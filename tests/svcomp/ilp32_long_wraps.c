// svcomp: unreach-call false(unreach-call) task=ilp32_long_wraps.yml target=10
// a 32-bit unsigned long wraps at 2^32 (under LP64 it would not: no error)
extern void reach_error(void);
extern long __VERIFIER_nondet_long(void);
int main(void) {
  unsigned long x = 4294967295UL;
  long y = __VERIFIER_nondet_long();
  x = x + 1;
  if (x == 0 && y == 2147483647L && (unsigned long)y + 1UL == 2147483648UL)
    reach_error();
  return 0;
}
