// expect: error undefined
// double -> float of a finite value beyond float's range: C leaves it
// undefined, and so is the result here.
int main(void)
{
    volatile double x = 1e300;
    float y = x;
    if (y) // ERROR
        return 0;
    return 1;
}
