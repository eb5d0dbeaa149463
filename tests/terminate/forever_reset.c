// termination: not
// as rank_lexicographic_ok.c, but x never goes down: y is reset for ever
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
    while (x > 0) {
        if (y > 0)
            y = y - 1;
        else
            y = __VERIFIER_nondet_int();
    }
    return 0;
}
