// expect: error assert
// options: --symbolic
// main returns a value computed from the input: a non-zero status is an
// error (DiOS's exit fault), found without formatting the symbolic status
// digit by digit (each digit a fork) or choosing among its values
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x > 0 && x < 100000)
        return x * x % 7;   /* (the error is in DiOS's exit, after main) */
    return 0;
}
