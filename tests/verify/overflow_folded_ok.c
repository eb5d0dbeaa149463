// expect: valid
// options: -o check:overflow
// folds that never run: behind a false && / ||, a ?: arm not taken, and
// an if never entered, each on one line
#include <limits.h>
volatile int g;
int main(void)
{
    int y = 0;
    if (g && (INT_MAX + 1 > 0)) y = 1;
    if (!g || (INT_MAX + 1 > 0)) y += 2;
    y += g ? INT_MAX + 1 : 3;
    if (g) y = 1 << 32;
    if (g) y = 1 << 31;
    if (g) y = INT_MIN / -1;
    if (g) y = (int)1e10;
    return y == 0;
}
