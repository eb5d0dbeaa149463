// expect: valid
// options: --symbolic
// proof: proved
// A global updated by a function in an endless event loop: it stays in
// [0, 10] whatever the events are.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int level = 5;
void event(int up)
{
    if (up && level < 10)
        level++;
    else if (!up && level > 0)
        level--;
}
int main(void)
{
    for (;;)
    {
        event(__VERIFIER_nondet_int() > 0);
        __VERIFIER_assert(level >= 0 && level <= 10);
    }
}
