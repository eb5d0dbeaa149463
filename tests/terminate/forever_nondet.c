// termination: not
// the input may never let x go down
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int x = __VERIFIER_nondet_int();
    while (x > 0)
        if (__VERIFIER_nondet_int())
            x = x - 1;
    return 0;
}
