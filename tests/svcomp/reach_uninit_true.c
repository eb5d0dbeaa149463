// svcomp: unreach-call true
// an uninitialised array searched for a value (array/sanfoundry_10): whatever
// its elements are, a value found is at a position before pos no longer
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main() {
  int v[4], pos = 0, found = 0;
  int e = __VERIFIER_nondet_int();
  for (int i = 0; i < 4 && !found; i++)
    if (v[i] == e) { found = 1; pos = i; }
  if (found)
    for (int x = 0; x < pos; x++)
      __VERIFIER_assert(v[x] != e);
  return 0;
}
