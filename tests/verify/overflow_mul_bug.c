// expect: error integer
// options: -o check:overflow
// signed multiplication that overflows (nsw)
int main(void)
{
    volatile int x = 65536;
    int y = x * x; // ERROR
    return y == 0;
}
