// expect: error integer
// options: --symbolic -o check:overflow
// a signed shift overflows when the input has a bit at or above bit 28
// besides the sign (a negative x with bit 28 clear shifts out of range too)
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int x = __VERIFIER_nondet_int();
    if (x > 1000)
        return (x << 3) < 0 ? 0 : 0; // ERROR
    return 0;
}
