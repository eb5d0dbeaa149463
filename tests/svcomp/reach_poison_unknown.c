// svcomp: unreach-call unknown
// a shift by the width is undefined (poison in LLVM), not an uninitialised
// variable: -o nondet:uninit must not take z's value for an arbitrary one
// (x86 would give 0 here and reach_error could not be called; a verifier
// that reads it as arbitrary answers false)
extern void reach_error(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
int main(void) {
  unsigned y = __VERIFIER_nondet_ushort(), z = 0;
  for (unsigned i = 30; i < 32; i++)
    z |= (y & (1U << i)) << (i + 1);
  if (z != 0)
    reach_error();
  return 0;
}
