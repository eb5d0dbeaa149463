// termination: not
// an odd x never reaches 0 by steps of 2 (it wraps around for ever: SV-COMP's Cairo_step2)
extern unsigned __VERIFIER_nondet_uint(void);
int main(void)
{
    unsigned x = __VERIFIER_nondet_uint();
    if (x > 0)
        while (x != 0)
            x = x - 2;
    return 0;
}
