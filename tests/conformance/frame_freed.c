// expect: error memory
#include <sys/divm.h>

int main( void )
{
    struct _VM_Frame *f = __vm_obj_make( sizeof( struct _VM_Frame ), _VM_PT_Heap );
    __vm_obj_free( f );
    __vm_ctl_set( _VM_CR_Frame, f ); // ERROR
    return 0;
}
