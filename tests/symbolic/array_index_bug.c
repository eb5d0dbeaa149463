// expect: error memory
// options: --symbolic
// A symbolic index: in bounds for most inputs, not for all.
extern int __VERIFIER_nondet_int(void);

int table[10] = {0, 1, 4, 9, 16, 25, 36, 49, 64, 81};

int main(void) {
    int i = __VERIFIER_nondet_int();
    if (i > 10)
        return 0;
    return table[i] > 100;  // ERROR
}
