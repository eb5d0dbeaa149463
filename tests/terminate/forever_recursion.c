// termination: unfit
// recursion: the prover does not take it (a run may descend for ever without a loop)
extern int __VERIFIER_nondet_int(void);
static int f(int v)
{
    return v > 0 ? f(v - 1) : 0;
}
int main(void)
{
    return f(__VERIFIER_nondet_int());
}
