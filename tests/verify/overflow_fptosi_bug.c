// expect: error integer
// options: -o check:overflow
// double -> int of a value out of int's range
int main(void)
{
    volatile double d = 3e9;
    int y = d; // ERROR
    return y == 0;
}
