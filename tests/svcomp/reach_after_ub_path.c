// svcomp: unreach-call false(unreach-call) target=11
// the null dereference on one path ends that path; reach_error on another is still found
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = 0;
  int x = __VERIFIER_nondet_int();
  if (x == 3)
    return *p;
  if (x == 5)
    reach_error();
  return 0;
}
