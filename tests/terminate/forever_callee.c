// termination: not
// main's loop ends, the callee's does not for an odd argument (v stays odd as it wraps)
extern int __VERIFIER_nondet_int(void);
static int spin(int v)
{
    while (v != 0)
        v = v - 2;
    return v;
}
int main(void)
{
    int x = __VERIFIER_nondet_int();
    for (int k = 0; k < 3; k++)
        x = spin(x - k);
    return x;
}
