// expect: valid
// options: --symbolic
// proof: proved
// The same doubling without -o check:overflow wraps: x stays a power of two
// or 0, so x & (x - 1) is 0.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void)
{
    unsigned x = 1;
    while (__VERIFIER_nondet_int())
    {
        x = x * 2;
        __VERIFIER_assert((x & (x - 1)) == 0);
    }
    return 0;
}
