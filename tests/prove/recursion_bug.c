// expect: error assert
// options: --symbolic
// proof: refuted
// As recursion_ok.c with the cap at 3: an input of 3 returns 3.
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
unsigned id(unsigned x)
{
    if (x == 0)
        return 0;
    unsigned ret = id(x - 1) + 1;
    if (ret > 3)
        return 3;
    return ret;
}
int main(void)
{
    unsigned x = __VERIFIER_nondet_uint();
    if (x < 10 && id(x) == 3)
        reach_error(); // ERROR
    return 0;
}
