// expect: error integer
// options: -o check:overflow
// a logical right shift by at least the bit width
int main(void)
{
    volatile unsigned long x = 1;
    volatile int n = 64;
    unsigned long y = x >> n; // ERROR
    return y == 0;
}
