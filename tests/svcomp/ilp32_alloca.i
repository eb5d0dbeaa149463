// svcomp: valid-memsafety false(valid-deref) task=ilp32_alloca.yml target=21
// array-memsafety's cstrlen-alloca, made unsafe: __builtin_alloca's size is
// computed with 64 bits under divm's LP64 (sizeof is an unsigned long
// there), which is the ILP32 size wherever it is below 2^32 (-o
// check:size32 ends the other runs), and the pointer difference is one
// number under both.  The terminating byte is written one past the block.
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
    char *nondetString1 = (char *) __builtin_alloca (length1 * sizeof(char));
    nondetString1[length1] = '\0';
    return cstrlen(nondetString1);
}
