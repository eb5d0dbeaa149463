// svcomp: no-overflow unknown
// division by zero is undefined behaviour, but not an overflow
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x >= 0 && x < 3)
    return 10 / x;
  return 0;
}
