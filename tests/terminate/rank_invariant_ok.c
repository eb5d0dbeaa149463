// termination: proved
// ranking x, given the invariant a == b that holds where the loop starts
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int x = __VERIFIER_nondet_int(), a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
    if (x > 1000000 || x < -1000000 || a > 1000 || a < -1000)
        return 0;
    if (a == b)
        while (x >= 0)
            x = x + a - b - 1;
    return 0;
}
