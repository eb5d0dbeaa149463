// expect: error assert
// options: --symbolic
// proof: refuted
// As global_counter_ok.c, but going down does not stop at 0.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int level = 5;
void event(int up)
{
    if (up && level < 10)
        level++;
    else if (!up)
        level--;
}
int main(void)
{
    for (;;)
    {
        event(__VERIFIER_nondet_int() > 0);
        __VERIFIER_assert(level >= 0 && level <= 10); // ERROR
    }
}
