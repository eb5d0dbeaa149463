// expect: error control
/* an object holding no program counter is no frame */
#include <sys/divm.h>

long data[ 4 ];

int main( void )
{
    __vm_ctl_set( _VM_CR_Frame, data ); // ERROR
    return 0;
}
