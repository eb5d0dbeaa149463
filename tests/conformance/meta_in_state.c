// expect: error assert
/* states that differ only in user metadata are different states: the
 * second choice's state is not taken for the first's */
#include <assert.h>
#include <dios.h>

char cell;

void mark( void )
{
    __vm_pointer_t p = __vm_pointer_split( &cell );
    __vm_poke( _VM_ML_User, p.obj, p.off, 1, __vm_choose( 2 ) + 1 );
}

int main( void )
{
    mark();
    __dios_suspend();
    __vm_pointer_t p = __vm_pointer_split( &cell );
    assert( __vm_peek( _VM_ML_User, p.obj, p.off, 1 ).value != 2 ); // ERROR
    return 0;
}
