// svcomp: termination true time=120
// SV-COMP's Stockholm: x + a may leave the range of int, but x + a - b - 1
// is x - 1 again (a == b), the value the loop tests: no wrap decides the
// run, so the ranking function x proves it as it would with unbounded
// integers
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int x = __VERIFIER_nondet_int(), a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
    if (a == b)
        while (x >= 0)
            x = x + a - b - 1;
    return 0;
}
