// svcomp: unreach-call true task=ilp32_long.yml
// under ILP32 x + 1 == 0 only for x == 4294967295 (divm compiles the task for
// LLP64, whose long is 32 bits too; under LP64 2^64 - 1 would be another)
extern void reach_error(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
int main(void) {
  unsigned long x = __VERIFIER_nondet_ulong();
  if (x + 1 == 0 && x != 4294967295UL) reach_error();
  return 0;
}
