// expect: error assert
// options: -o clock-type:ndet
// A nondeterministic clock may or may not advance after a reading:
// two readings may be equal, and may differ.
#include <assert.h>
#include <time.h>

int main(void)
{
    time_t a = time(0), b = time(0);
    assert(b == a || b == a + 1);
    assert(b == a);  // ERROR
    return 0;
}
