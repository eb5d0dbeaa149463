// expect: error integer
// options: --symbolic
// proof: refuted
// No assertion, but the divisor reaches 0 after 7 steps down.
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int d = 7, s = 0;
    while (__VERIFIER_nondet_int())
    {
        s += 100 / d; // ERROR
        d--;
    }
    return s & 0;
}
