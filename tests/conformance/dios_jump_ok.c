// expect: valid
/* __dios_jump continues the caller's frame at a label */
#include <assert.h>
#include <dios.h>

void away( void ( *pc )( void ) )
{
    struct _VM_Frame *self = __vm_ctl_get( _VM_CR_Frame );
    __dios_jump( self->parent, pc, -1 );
}

int main( void )
{
    int kept = 41;
    away( ( void ( * )( void ) ) &&landed );
    assert( 0 );
landed:
    assert( kept + 1 == 42 );
    return 0;
}
