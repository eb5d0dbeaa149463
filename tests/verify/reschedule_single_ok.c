// expect: valid
// __dios_reschedule() ends the transition with one thread too; a loop of
// reschedules over a finite state terminates.
#include <dios.h>
#include <assert.h>
int x;

int main(void)
{
    for (;;) {
        x = !x;
        __dios_reschedule();
        assert(x == 0 || x == 1);
    }
}
