// svcomp: termination true time=120
// unbounded inputs: no search ends, the ranking function x (with a == b
// where the loop starts) proves every run finite (SV-COMP's Stockholm)
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int x = __VERIFIER_nondet_int(), a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
    if (x > 268435455 || x < -268435455)
        return 0;
    if (a == b)
        while (x >= 0)
            x = x + a - b - 1;
    return 0;
}
