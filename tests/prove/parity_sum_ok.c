// expect: valid
// options: --symbolic
// proof: proved
// x and y stay odd, so x + y is even and never 1 (SV-COMP's jain_2).  Spacer
// over bit-vectors misses it; the guessed invariants (x + y mod 2 == 0) do not.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void)
{
    int x = 1, y = 1;
    while (1)
    {
        x = x + 2 * __VERIFIER_nondet_int();
        y = y + 2 * __VERIFIER_nondet_int();
        __VERIFIER_assert(x + y != 1);
    }
}
