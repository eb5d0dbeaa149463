// termination: proved
// no single ranking function: (x, y) lexicographically.  y counts down;
// when it is 0, x goes down and y takes any value again
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
    while (x > 0) {
        if (y > 0)
            y = y - 1;
        else {
            x = x - 1;
            y = __VERIFIER_nondet_int();
        }
    }
    return 0;
}
