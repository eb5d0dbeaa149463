// expect: error assert
// options: --symbolic
// proof: refuted
// As parity_loop_ok.c, but y steps by an odd amount: y == 0 after one step
// from y = 1 with an input of 2^32 - 1.
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void)
{
    unsigned y = 1;
    while (__VERIFIER_nondet_uint())
    {
        y = y + __VERIFIER_nondet_uint();
        if (y == 0)
            reach_error(); // ERROR
    }
    return 0;
}
