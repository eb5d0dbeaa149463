// expect: valid
/* user metadata: intervals of values; a later poke replaces what it
 * overlaps; peek gives the first interval meeting the range; the layer
 * survives the end of a transition */
#include <assert.h>
#include <dios.h>

char buf[ 16 ];

int main( void )
{
    __vm_pointer_t p = __vm_pointer_split( buf );
    __vm_poke( _VM_ML_User, p.obj, 0, 4, 9 );
    __vm_poke( _VM_ML_User, p.obj, 8, 4, 3 );
    __vm_poke( _VM_ML_User, p.obj, 2, 1, 5 );   /* splits [0, 4) */
    __dios_suspend();
    __vm_meta_t m = __vm_peek( _VM_ML_User, p.obj, 0, 16 );
    assert( m.offset == 0 && m.length == 2 && m.value == 9 );
    m = __vm_peek( _VM_ML_User, p.obj, 2, 14 );
    assert( m.offset == 2 && m.length == 1 && m.value == 5 );
    m = __vm_peek( _VM_ML_User, p.obj, 3, 13 );
    assert( m.offset == 3 && m.length == 1 && m.value == 9 );
    m = __vm_peek( _VM_ML_User, p.obj, 4, 5 );
    assert( m.offset == 8 && m.length == 4 && m.value == 3 );
    m = __vm_peek( _VM_ML_User, p.obj, 12, 4 );
    assert( m.offset == 0 && m.length == 0 && m.value == 0 );
    m = __vm_peek( _VM_ML_User + 1, p.obj, 0, 16 );   /* another layer */
    assert( m.length == 0 );
    assert( __vm_pointer_make( p.obj, p.off + 3 ) == buf + 3 );
    return 0;
}
