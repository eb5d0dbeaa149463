// svcomp: termination true time=30
// k - 6 * n shrinks on every pass and the loop runs only while it is at
// least 6.  In the VM's arithmetic 6 * n + 12 may wrap past INT_MAX when
// k is near it, which C forbids, so the proof that reads the program with
// unbounded integers (prove/ranking.py) answers, as SV-COMP counts.
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int n = 0, x = 0, y = 1, z = 6;
    int k = __VERIFIER_nondet_int();
    while (6 * n + 6 <= k) {
        n = n + 1;
        x = x + y;
        y = y + z;
        z = z + 6;
    }
    return 0;
}
