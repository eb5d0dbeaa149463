// expect: error integer
// options: --symbolic -o check:overflow
// proof: refuted
// Doubling a positive int overflows after 30 steps (an error with -o check:overflow).
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int x = 1;
    while (__VERIFIER_nondet_int())
        x = x * 2; // ERROR
    return 0;
}
