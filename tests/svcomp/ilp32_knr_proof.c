// svcomp: unreach-call true task=ilp32_knr_proof.yml
// an unbounded loop only an inductive invariant decides; for LLP64 clang
// calls the unprototyped nondet function with a fixed type, which the
// prover takes as the VM does
extern void reach_error(void);
extern int __VERIFIER_nondet_int();
int main(void) {
  unsigned int x = 0;
  while (__VERIFIER_nondet_int())
    x += 2;
  if (x % 2)
    reach_error();
  return 0;
}
