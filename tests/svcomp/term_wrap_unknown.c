// svcomp: termination unknown time=30
// f(n) ends for n < 0 only by wrapping past INT_MIN, which SV-COMP's C
// (unbounded signed integers) never does: there f(-1) calls itself for
// ever.  (unsigned)n ranks the wrapping program, so a proof over it is no
// proof here: unknown, not true
extern int __VERIFIER_nondet_int(void);
int f(int n)
{
    if (n == 0)
        return 0;
    return f(n - 1);
}
int main(void)
{
    return f(__VERIFIER_nondet_int());
}
