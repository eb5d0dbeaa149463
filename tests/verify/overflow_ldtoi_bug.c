// expect: error integer
// options: -o check:overflow
// long double -> long long of a value out of range
int main(void)
{
    volatile long double d = 1e30L;
    long long y = d; // ERROR
    return y == 0;
}
