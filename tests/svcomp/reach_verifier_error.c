// svcomp: unreach-call false(unreach-call) target=7
extern void __VERIFIER_error(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char c = __VERIFIER_nondet_char();
  if (c == 'a')
    __VERIFIER_error();
  return 0;
}
