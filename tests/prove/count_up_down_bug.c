// expect: error assert
// options: --symbolic
// proof: refuted
// As count_up_down_ok.c, but y starts at 1: y == n + 1 at the end.
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);
int main(void)
{
    unsigned n = __VERIFIER_nondet_uint();
    unsigned x = n, y = 1;
    while (x > 0)
    {
        x--;
        y++;
    }
    __VERIFIER_assert(y == n); // ERROR
    return 0;
}
