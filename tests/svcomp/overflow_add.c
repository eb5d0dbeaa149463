// svcomp: no-overflow false(no-overflow) target=6
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 0)
    x = x + 1000;
  return 0;
}
