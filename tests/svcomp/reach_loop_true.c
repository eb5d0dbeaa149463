// svcomp: unreach-call true
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int c) { if (!c) { ERROR: reach_error(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 6);
  int i = 0, s = 0;
  while (i < n) { s += 2; i++; }
  __VERIFIER_assert(s == 2 * n);
  return 0;
}
