// termination: proved
// the outer loop by n - i (the inner one leaves i alone), the inner by i - j
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int n = __VERIFIER_nondet_int(), s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            s = s ^ j;
    return s & 0;
}
