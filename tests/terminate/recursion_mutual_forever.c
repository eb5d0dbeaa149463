// termination: not
// f and g call each other: f passes v - 2, g passes v back unchanged, so
// for an odd v (odd as it wraps) the chain of calls never meets 0
extern int __VERIFIER_nondet_int(void);
static int g(int v);
static int f(int v)
{
    return v == 0 ? 0 : g(v - 2);
}
static int g(int v)
{
    return f(v);
}
int main(void)
{
    return f(__VERIFIER_nondet_int());
}
