// svcomp: termination unknown time=30
// Unsigned arithmetic wraps (C defines it): x + 1 reaches 0 from every
// start, so every run ends; a reading that let x grow without bound
// would call this endless.  The search does not get round 2^32 states in
// time and no ranking function is found: unknown, never false.
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void)
{
    unsigned int x = __VERIFIER_nondet_uint();
    while (x != 0)
        x = x + 1;
    return 0;
}
