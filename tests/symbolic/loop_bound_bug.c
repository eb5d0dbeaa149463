// expect: error memory
// options: --symbolic
// The bound check is off by one: n == 8 writes past the array.
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int main(void) {
    int a[8];
    unsigned n = __VERIFIER_nondet_uint();
    __VERIFIER_assume(n <= 8);
    for (unsigned i = 0; i <= n && i < 9; i++)
        a[i] = i;  // ERROR
    return a[0];
}
