// svcomp: termination true time=30
// Ackermann's function: every call passes a smaller (m, n)
// lexicographically, both at least 0.  The inner call's result is the
// outer call's n; in the VM's arithmetic n + 1 could wrap and decide the
// run, so the proof that counts with exact signed arithmetic
// (intencode.py, exact; terminate.rank_calls) answers, as SV-COMP counts.
extern int __VERIFIER_nondet_int(void);
int ack(int m, int n)
{
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}
int main(void)
{
    int m = __VERIFIER_nondet_int();
    int n = __VERIFIER_nondet_int();
    if (m < 0 || m > 3 || n < 0 || n > 23)
        return 0;
    return ack(m, n) < 0;
}
