// svcomp: unreach-call false(unreach-call) task=ilp32_int.yml target=9
// int-only arithmetic means the same under ILP32 and LP64
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a > 0 && b > 0 && a * 3 == b + 7 && b < 10)
    reach_error();
  return 0;
}
