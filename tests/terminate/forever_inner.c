// termination: not
// the outer loop ends, but for an odd i the inner one never does (j stays even)
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int n = __VERIFIER_nondet_int();
    for (int i = 0; i < n; i++) {
        int j = 0;
        while (j != i)
            j = j + 2;
    }
    return 0;
}
