// termination: proved
// the callee's summary (its result is below its argument) is the ranking's reason
extern int __VERIFIER_nondet_int(void);
static int down(int v)
{
    return v / 2 - 1;
}
int main(void)
{
    int x = __VERIFIER_nondet_int();
    while (x > 0)
        x = down(x);
    return 0;
}
