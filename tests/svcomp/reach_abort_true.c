// svcomp: unreach-call true
// abort() ends a path silently: the reach_error after it is never reached
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 10) abort();
  if (x > 20) reach_error();
  return 0;
}
