// termination: proved
// neither x nor y decreases on every pass, x + y does (SV-COMP's trex01)
// unbounded: proved
extern int __VERIFIER_nondet_int(void);
extern _Bool __VERIFIER_nondet_bool(void);
int main(void)
{
    int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
    while (x > 0 && y > 0) {
        if (__VERIFIER_nondet_bool()) {
            x = x - 1;
            y = __VERIFIER_nondet_bool();
        } else {
            y = y - 1;
        }
    }
    return 0;
}
