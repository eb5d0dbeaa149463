// expect: error assert
// options: --symbolic
// proof: refuted
// The error is reached only by a wrap: x + 1 is negative for x = INT_MAX
// (as the VM computes, without -o check:overflow).  Over unbounded
// integers x + 1 > 0, but that reading must not prove the program: the
// signed overflow is an error there (intencode.py).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void)
{
    int x = __VERIFIER_nondet_int();
    if (x > 0)
    {
        int y = x + 1;
        if (y < 0)
            reach_error(); // ERROR
    }
    return 0;
}
