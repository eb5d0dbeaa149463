// expect: valid
// options: --symbolic
// proof: proved
// SV-COMP's loops/phases_1-1: x counts by one up to 0xfff0, then by two,
// so it is even past that bound.  2^27 iterations are beyond the search;
// the invariant (x <= 0xfff0 || x % 2 == 0) is a disjunction Spacer does
// not find, one of Houdini's templates (a parity past a bound).
extern void __VERIFIER_assert(int);
int main(void)
{
    unsigned int x = 0;
    while (x < 0x0fffffff) {
        if (x < 0xfff0)
            x++;
        else
            x += 2;
    }
    __VERIFIER_assert(!(x % 2));
    return 0;
}
