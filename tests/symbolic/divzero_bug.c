// expect: error integer
// options: --symbolic
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
    if (a > b)
        return 0;
    int r = 7 % (a - b + 3);  // ERROR
    return r > 100;
}
