// expect: error undefined
// options: --symbolic
// proof: unfit
// k is never written: the VM reports the branch on it; the prover does not
// model definedness and leaves the program to the search.
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int k, z = 1;
    while (z < k) // ERROR
        z = 2 * z;
    return 0;
}
