// expect: error integer
// options: -o check:overflow
// the IR's shl has no signedness: a signed C shift whose value x * 2^k
// leaves int overflows (load/srcfacts.py marks it from clang's AST)
volatile int one = 1;
int main(void)
{
    unsigned u = 0xffffffffu << one;  /* unsigned: wraps */
    int m = -1 << one;                /* -2: in range */
    long l = (long)one << 40;         /* in range of long */
    int x = one << 30;
    x <<= one; // ERROR
    return (int)(u & 1) + (m & 1) + (int)(l & 1) + x;
}
