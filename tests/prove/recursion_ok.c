// expect: valid
// options: --symbolic
// proof: proved
// id(x) counts down x levels but caps its result at 2, so it is never 3,
// for every one of the 2^32 inputs (SV-COMP's recursion/id_b2_o3).
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
unsigned id(unsigned x)
{
    if (x == 0)
        return 0;
    unsigned ret = id(x - 1) + 1;
    if (ret > 2)
        return 2;
    return ret;
}
int main(void)
{
    if (id(__VERIFIER_nondet_uint()) == 3)
        reach_error();
    return 0;
}
