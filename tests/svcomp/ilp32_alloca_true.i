// svcomp: valid-memsafety true task=ilp32_alloca_true.yml
// array-memsafety's cstrlen-alloca as it is (ILP32): the size and the
// pointer difference compute the same under both models where the size is
// below 2^32, and length1 >= 1 keeps it there.
typedef unsigned int size_t;
extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);
int (cstrlen)(const char *s)
{
    const char *p = s;
    while (*p != '\0')
        p++;
    return (int)(p - s);
}
int main() {
    int length1 = __VERIFIER_nondet_int();
    if (length1 < 1) length1 = 1;
    if (length1 > 4) length1 = 4;
    char *nondetString1 = (char *) __builtin_alloca (length1 * sizeof(char));
    for (int i = 0; i < length1 - 1; i++)
        nondetString1[i] = __VERIFIER_nondet_char();
    nondetString1[length1 - 1] = '\0';
    return cstrlen(nondetString1);
}
