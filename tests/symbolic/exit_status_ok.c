// expect: valid
// options: --symbolic -o ignore:exit
// Under ignore:exit the status is not an error: the search must not fork
// over its values (999 of them here: more than a concretisation enumerates,
// which would leave the answer inconclusive)
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x > 0 && x < 1000)
        return x * x;
    return 0;
}
