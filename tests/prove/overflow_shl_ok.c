// expect: valid
// options: --symbolic -o check:overflow
// proof: proved
// A signed shift kept below 2^30 never overflows, for every input.
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int x = 1;
    while (__VERIFIER_nondet_int()) {
        if (x >= 1 << 29)
            x = 1;
        x = x << 1;
    }
    return 0;
}
