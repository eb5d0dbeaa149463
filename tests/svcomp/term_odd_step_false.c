// svcomp: termination false(termination) time=20
// an odd x runs for ever (x - 2 wraps and stays odd), but no state repeats
// soon enough for a lasso and no ranking function exists: the proof of a
// closed recurrent set (x odd) answers, never true
extern unsigned __VERIFIER_nondet_uint(void);
int main(void)
{
    unsigned x = __VERIFIER_nondet_uint();
    if (x > 0)
        while (x != 0)
            x = x - 2;
    return 0;
}
