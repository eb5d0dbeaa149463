// expect: valid
// options: --symbolic -o check:overflow
// a guarded signed shift stays in range for every input; negative values
// shift too (-2^28 << 3 is INT_MIN exactly)
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int x = __VERIFIER_nondet_int();
    int k = __VERIFIER_nondet_int();
    if (x >= -(1 << 28) && x < (1 << 28) && k >= 0 && k <= 3)
        return (x << k) == 7 ? 0 : 0;
    return 0;
}
