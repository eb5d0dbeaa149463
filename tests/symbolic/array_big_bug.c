// expect: error assert
// options: --symbolic
// A z3-array object: the model must pick indices that meet.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int a[1000];
int main(void) {
    int i = __VERIFIER_nondet_int();
    if (i < 0 || i >= 1000)
        return 0;
    a[i] = 5;
    int k = __VERIFIER_nondet_int();
    if (k < 0 || k >= 1000)
        return 0;
    a[k] = 7;
    int j = __VERIFIER_nondet_int();
    if (j < 0 || j >= 1000)
        return 0;
    if (a[j] == 5 && j > 900 && k < 3)
        reach_error(); // ERROR
    return 0;
}
