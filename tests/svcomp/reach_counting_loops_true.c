// svcomp: unreach-call true time=30
// SV-COMP's loop-invgen/half_2: k counts with i, then j halves the way
// back.  The invariants are linear (2 * j <= i, k...), which Spacer with
// global guidance finds over unbounded integers (intencode.py) and not
// over bit-vectors; the same clauses show that nothing overflows.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void)
{
    int i, n = __VERIFIER_nondet_int(), k = 0, j;
    if (n > 1000000)
        return 0;
    for (i = 0; i < n; i++)
        k++;
    for (j = 0; j < n / 2; j++) {
        if (k <= 0)
            reach_error();
        k--;
    }
    return 0;
}
