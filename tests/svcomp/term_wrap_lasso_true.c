// svcomp: termination true time=30
// q grows by 4 each pass until it passes n; only a signed overflow of 4 * q
// (n of 2^30 or more) brings it back to 0, where `q <= n` holds for ever.
// SV-COMP counts without wraps (SV-COMP's dijkstra1 expects true): that
// endless run is none of the program's, so not false(termination); read
// with unbounded integers, n - q shrinks by 3q >= 3 on every pass
// (prove/ranking.py, with the invariant q >= 1): true
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int n = __VERIFIER_nondet_int();
    int q = 1;
    while (q <= n)
        q = 4 * q;
    return 0;
}
