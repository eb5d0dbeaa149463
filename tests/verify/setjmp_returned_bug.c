// expect: error control
// longjmp to a jmp_buf whose function has returned (undefined behaviour):
// a control error at the longjmp, even with an interrupt in between.
#include <setjmp.h>
#include <dios.h>

static jmp_buf b;

static int mark(void)
{
    return setjmp(b);
}

int main(void)
{
    if (mark())
        return 1;
    __dios_reschedule();
    longjmp(b, 1); // ERROR
}
