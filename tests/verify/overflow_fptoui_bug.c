// expect: error integer
// options: -o check:overflow
// a negative double -> unsigned
int main(void)
{
    volatile double d = -1.5e3;
    unsigned y = d; // ERROR
    return y == 0;
}
