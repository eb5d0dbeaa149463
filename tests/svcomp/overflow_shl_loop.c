// svcomp: no-overflow false(no-overflow) target=8
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = 1;
  while (__VERIFIER_nondet_int()) {
    if (x > 1 << 30)
      x = 3;
    x = x << 1;
  }
  return 0;
}
