// svcomp: unreach-call false(unreach-call) target=13
// SV-COMP's tasks read uninitialised locals as arbitrary values (loops/trex01):
// k is any int, so z < k can hold and z reach 2; and `void main()` is allowed
extern void reach_error(void);
extern _Bool __VERIFIER_nondet_bool(void);
void f(int d) {
  int k, z = 1;
  while (z < k && z < 4)
    z = 2 * z;
  if (d == 2)
    return;
  if (z == 4)
    reach_error();
}
void main() {
  f(__VERIFIER_nondet_bool() ? 1 : 2);
}
