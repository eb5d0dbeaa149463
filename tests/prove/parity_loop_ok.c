// expect: valid
// options: --symbolic
// proof: proved
// An unbounded loop over an input: y stays odd, so it is never 0.  No
// search over states ends (y takes every odd value); the invariant does.
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void)
{
    unsigned y = 1;
    while (__VERIFIER_nondet_uint())
    {
        y = y + 2 * __VERIFIER_nondet_uint();
        if (y == 0)
            reach_error();
    }
    return 0;
}
