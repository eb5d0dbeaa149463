// expect: valid
/* __vm_ctl_set( _VM_CR_Frame, parent ) leaves the callee: the caller goes
 * on after the call with its locals intact */
#include <assert.h>
#include <sys/divm.h>

int reached;

void leave( int *p )
{
    struct _VM_Frame *self = __vm_ctl_get( _VM_CR_Frame );
    *p = 7;
    __vm_ctl_set( _VM_CR_Frame, self->parent );
    assert( 0 );
}

int main( void )
{
    int local = 1, other = 5;
    leave( &local );
    reached = 1;
    assert( local == 7 && other == 5 );
    return 0;
}
