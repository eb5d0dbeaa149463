// svcomp: unreach-call false(unreach-call) target=9
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "reach_nondet.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned y = __VERIFIER_nondet_uint();
  if (x == -7 && y == 4000000000U) reach_error();
  return 0;
}
