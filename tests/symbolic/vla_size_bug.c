// expect: error memory
// options: --symbolic
// a[3] needs n > 3
extern unsigned __VERIFIER_nondet_uint(void);
int main(void)
{
    unsigned n = __VERIFIER_nondet_uint();
    int a[n];
    a[3] = 1; // ERROR
    return a[3] - 1;
}
