// svcomp: valid-memsafety unknown task=ilp32_alloc_wide_unknown.yml
// __builtin_alloca(n * sizeof(int)) for a negative n: 2^64 - 4|n| bytes under
// LP64, 2^32 - 4|n| under ILP32 -- another program; -o check:size32 ends
// such runs, and nothing else is wrong, so there is no verdict.
typedef unsigned int size_t;
extern int __VERIFIER_nondet_int(void);
int main() {
    int n = __VERIFIER_nondet_int();
    int *a = (int *) __builtin_alloca (n * sizeof(int));
    if (n > 0 && n < 3)
        a[n - 1] = 1;
    return 0;
}
