/* accepting transitions, but only finitely many: no counterexample */
#include <sys/divm.h>

int main(void)
{
    for (int i = 0; i < 3; i++)
        __vm_ctl_flag(0, _VM_CF_Accepting);
    return 0;
}
