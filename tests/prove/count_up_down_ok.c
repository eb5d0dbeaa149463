// expect: valid
// options: --symbolic
// proof: proved
// x counts down from n while y counts up: x + y == n throughout, so y == n
// at the end, for all 2^32 values of n (SV-COMP's count_up_down).
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);
int main(void)
{
    unsigned n = __VERIFIER_nondet_uint();
    unsigned x = n, y = 0;
    while (x > 0)
    {
        x--;
        y++;
    }
    __VERIFIER_assert(y == n);
    return 0;
}
