// svcomp: unreach-call unknown
// a null dereference on some path is undefined behaviour, which unreach-call says nothing about
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = 0;
  if (__VERIFIER_nondet_int() == 3) return *p;
  return 0;
}
