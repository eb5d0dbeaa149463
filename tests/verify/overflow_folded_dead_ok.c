// expect: valid
// options: -o check:overflow
// folds in code clang does not emit (an if (0) at the end of a function,
// with no instruction on their lines or after them) are never run, nor is
// a fold in a ?: arm not taken on a line of its own
#include <limits.h>
static int fine = INT_MAX - 1;
int main(void)
{
    static int also_fine = INT_MIN + 1;
    int y = (fine & 1) + (also_fine & 1);
    y += fine ? 0 :
        INT_MAX + 1;
    if (0) {
        y = INT_MAX + 1;
    }
}
