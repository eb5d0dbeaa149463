// expect: error integer
// options: -o check:overflow
// Pointer arithmetic that leaves the address range wraps: an integer error
// under check:overflow (without it, only a dereference would fault).
int main(void) {
    char buf[16];
    char *p = buf;
    long k = -(1L << 40);
    char *q = p + k;  // ERROR
    return q == p;
}
