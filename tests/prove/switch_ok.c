// expect: valid
// options: --symbolic
// proof: proved
// A state machine in an endless loop: state 3 is never reached.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void)
{
    int state = 0;
    for (;;)
    {
        int in = __VERIFIER_nondet_int();
        switch (state)
        {
        case 0: state = in ? 1 : 0; break;
        case 1: state = in ? 2 : 0; break;
        case 2: state = 0; break;
        case 3: reach_error(); break;
        }
    }
}
