// expect: valid
// options: -o ignore:control
// The undefined upper bytes make u != 0 undefined; with the fault ignored
// the branch takes the as-if value (5 != 0), not a constant false.
#include <assert.h>
int main(void)
{
    unsigned u;
    unsigned char *b = (unsigned char *)&u;
    b[0] = 5;
    if (u != 0)
        return 0;
    assert(0);
    return 1;
}
