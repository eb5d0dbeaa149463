// expect: valid
// options: -o clock-type:det -o clock-start:1000
// A deterministic clock advances a second after each reading, at most
// three times (clock-maxticks): readings never go back, the fourth and
// later ones stand still, and a loop waiting for the clock ends.
#include <assert.h>
#include <time.h>

int main(void)
{
    time_t t0 = time(0);
    assert(t0 == 1000);
    while (time(0) < t0 + 3)
        ;
    struct timespec a, b;
    assert(clock_gettime(CLOCK_MONOTONIC, &a) == 0);
    assert(clock_gettime(CLOCK_MONOTONIC, &b) == 0);
    assert(a.tv_sec == 1003 && b.tv_sec == 1003);
    assert(clock_gettime(12345, &a) == -1);
    return 0;
}
