// expect: error integer
// options: -o check:overflow
// a shift by a negative amount (a huge unsigned one)
int main(void)
{
    volatile int x = -8;
    volatile int n = -1;
    int y = x >> n; // ERROR
    return y == 0;
}
