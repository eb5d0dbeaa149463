// svcomp: termination false(termination) time=30
// z stays 6 * n + 6 on every pass, so `z <= 6 * n + 6` holds for ever:
// with SV-COMP's unbounded integers no run ends.  The values grow, so
// the search never meets a state twice; the proof of a closed recurrent
// set (divm/prove/recur.py) answers.
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int n = 0, z = 6, y = 1;
    int a = __VERIFIER_nondet_int();
    while (z <= 6 * n + 6) {
        n = n + 1;
        y = y + z;
        z = z + 6;
        if (a > 1000000)
            y = y - 1;
    }
    return 0;
}
