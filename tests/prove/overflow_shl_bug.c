// expect: error integer
// options: --symbolic -o check:overflow
// proof: refuted
// Shifting a positive int left overflows once a bit reaches the sign (the
// IR's shl is unsigned: the C source says this one is signed).
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int x = __VERIFIER_nondet_int() & 0xff;
    while (__VERIFIER_nondet_int())
        x = x << 1; // ERROR
    return 0;
}
