// svcomp: termination false(termination) time=30
// the loop goes round for as long as the call says: the run where it
// returns the same nonzero value each time never ends (divm/prove/recur.py
// fixes the body's inputs; the witness assumes that value on the loop)
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void)
{
    unsigned x = 5, y = __VERIFIER_nondet_uint();
    while (__VERIFIER_nondet_int()) {
        if (__VERIFIER_nondet_int())
            x += 8;
        else
            y--;
    }
    return (int)(x + y);
}
