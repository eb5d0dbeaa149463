// expect: error integer
// options: -o check:overflow
// a shift by at least the bit width
int main(void)
{
    volatile unsigned x = 1;
    volatile int n = 32;
    unsigned y = x << n; // ERROR
    return y == 0;
}
