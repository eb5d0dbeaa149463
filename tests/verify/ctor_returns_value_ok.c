// expect: valid
// A constructor or destructor may return a value (GCC's attribute does not
// care): DiOS calls them as void and the value is dropped, as DIVINE does
// (its lart calls them by their own type).  A cast of the program's own is
// still checked (cast_void_pointer_call_bug.c).
#include <assert.h>

int x;

__attribute__((constructor)) int up(void)
{
    return ++x;
}

__attribute__((destructor)) int down(void)
{
    return --x;
}

int main(void)
{
    assert(x == 1);
    return 0;
}
