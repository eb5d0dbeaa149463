// termination: proved
// Ackermann's function: (m, n) lexicographically shrinks from each call to
// the calls it makes; its results are never below 1 (the prover's
// invariants say so), so ack(m - 1, ack(m, n - 1)) passes a smaller m
extern int __VERIFIER_nondet_int(void);
static int ack(int m, int n)
{
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}
int main(void)
{
    int m = __VERIFIER_nondet_int(), n = __VERIFIER_nondet_int();
    if (m < 0 || m > 3 || n < 0 || n > 20)
        return 0;
    return ack(m, n) & 0;
}
