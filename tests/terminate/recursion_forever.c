// termination: not
// for an odd argument f calls itself for ever: v - 2 stays odd as it wraps,
// so it never meets 0
extern int __VERIFIER_nondet_int(void);
static int f(int v)
{
    if (v == 0)
        return 0;
    return f(v - 2);
}
int main(void)
{
    return f(__VERIFIER_nondet_int());
}
