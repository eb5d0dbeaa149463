// termination: proved
// even and odd call each other with v - 1: the first parameter ranks
// every call within the group
extern int __VERIFIER_nondet_int(void);
static int odd(int v);
static int even(int v)
{
    return v == 0 ? 1 : odd(v - 1);
}
static int odd(int v)
{
    return v == 0 ? 0 : even(v - 1);
}
int main(void)
{
    int v = __VERIFIER_nondet_int();
    if (v < 0)
        return 0;
    return even(v) & 0;
}
