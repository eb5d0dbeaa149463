// svcomp: termination false(termination)
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 10) return 0;
  while (x > 0) { x = x - 1; if (x == 5) x = 7; }
  return 0;
}
