// svcomp: termination true time=60
// The assertion fails at i == 100, and a failed __VERIFIER_assert aborts:
// every run ends, although nothing else leaves the loop.
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void __VERIFIER_assert(int cond) { if (!cond) __assert_fail("cond", "f.c", 3, "__VERIFIER_assert"); }
int main(void)
{
    int i = 0;
    while (1) {
        __VERIFIER_assert(i < 100);
        i++;
    }
    return 0;
}
