// expect: valid
// options: --symbolic
// proof: proved
// SV-COMP's loop-invgen/up: k counts up with i to n, then down with j, and
// stays positive while j < n.  The invariants (k == i, k + j >= n) are
// linear over the integers; over bit-vectors Spacer does not find them, so
// the proof comes from the clauses over unbounded integers (intencode.py),
// which also show that no counter overflows.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i = 0, k = 0, j = 0;
    while (i < n)
    {
        i++;
        k++;
    }
    while (j < n)
    {
        __VERIFIER_assert(k > 0);
        j++;
        k--;
    }
    return 0;
}
