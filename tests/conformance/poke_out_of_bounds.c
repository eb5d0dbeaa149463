// expect: error memory
#include <sys/divm.h>

char small[ 4 ];

int main( void )
{
    __vm_pointer_t p = __vm_pointer_split( small );
    __vm_poke( _VM_ML_User, p.obj, 2, 4, 1 ); // ERROR
    return 0;
}
