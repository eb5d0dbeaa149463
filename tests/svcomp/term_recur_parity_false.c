// svcomp: termination false(termination) time=30
// An even x stays even when it steps down by 2 (unsigned: modulo 2^32,
// still even), so it never becomes 1: some run never ends, and its
// states only repeat after 2^31 passes.
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void)
{
    unsigned int x = __VERIFIER_nondet_uint();
    while (x != 1)
        x = x - 2;
    return 0;
}
