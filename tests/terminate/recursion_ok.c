// termination: proved
// each call of f passes a smaller n than it got (ranking n), and the loop
// in f ends by k
extern int __VERIFIER_nondet_int(void);
static int f(int n)
{
    if (n <= 0)
        return 0;
    int s = 0;
    for (int k = 0; k < n; k++)
        s = s ^ k;
    return f(n - 1) + (s & 1);
}
int main(void)
{
    return f(__VERIFIER_nondet_int()) & 0;
}
