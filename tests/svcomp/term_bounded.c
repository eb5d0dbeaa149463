// svcomp: termination true
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 10) return 0;
  while (x > 0) x = x - 1;
  return 0;
}
