// svcomp: termination unknown time=20
// f calls itself with n + 1 from n = 1 on: over exact integers the chain
// of calls never ends (in the VM it would wrap to 0 after 2^32 calls).
// -n shrinks on every call but is never bounded below, so it ranks
// nothing: no proof may say true.
extern int __VERIFIER_nondet_int(void);
int f(int n)
{
    if (n == 0)
        return 0;
    return f(n + 1);
}
int main(void)
{
    int n = __VERIFIER_nondet_int();
    if (n < 1)
        return 0;
    return f(n);
}
