// expect: error assert
// options: --symbolic
// proof: refuted
// phases_parity_ok.c with the bound one further: x is odd when it starts
// counting by two, and stays odd.
extern void __VERIFIER_assert(int);
int main(void)
{
    unsigned int x = 0;
    while (x < 20) {
        if (x < 11)
            x++;
        else
            x += 2;
    }
    __VERIFIER_assert(!(x % 2)); // ERROR
    return 0;
}
