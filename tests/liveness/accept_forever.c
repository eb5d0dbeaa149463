/* the program marks its own accepting transitions: this loop passes one
 * infinitely often */
#include <sys/divm.h>

int main(void)
{
    for (;;)
        __vm_ctl_flag(0, _VM_CF_Accepting); // LOOP
}
