// svcomp: no-overflow true
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned u = (unsigned)x + 5u;  /* unsigned arithmetic wraps: no overflow */
  if (x < 2147483647 - 1000)
    x = x + 1000;
  return (int)(u & 1);
}
