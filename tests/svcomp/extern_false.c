// svcomp: unreach-call false(unreach-call) target=13
// A function without a definition called only after the error is reached
// does not hide it: the run to reach_error is a run of the program
// whatever bar does.
extern int bar(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x > 10) {
        if (x < 20)
            reach_error();
    }
    return bar();
}
