// termination: proved
// unbounded: not
// With the VM's wrapping int, f(n) for n < 0 ends after 2^32 calls, as
// (unsigned)n ranks it; with SV-COMP's unbounded integers f(-1) never
// ends (n - 1 never wraps past INT_MIN)
extern int __VERIFIER_nondet_int(void);
int f(int n)
{
    if (n == 0)
        return 0;
    return f(n - 1);
}
int main(void)
{
    return f(__VERIFIER_nondet_int()) & 0;
}
