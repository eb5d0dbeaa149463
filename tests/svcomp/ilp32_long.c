// svcomp: unreach-call unknown task=ilp32_long.yml
// under ILP32 x + 1 == 0 only for x == 4294967295; under divm's LP64 it would also hold for
// 2^64 - 1, a wrong false: divm must not answer for a task whose longs differ
extern void reach_error(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
int main(void) {
  unsigned long x = __VERIFIER_nondet_ulong();
  if (x + 1 == 0 && x != 4294967295UL) reach_error();
  return 0;
}
