// expect: valid
// options: -o force-nofail:malloc
/* a forced setting is locked against the program */
#include <assert.h>
#include <dios.h>
#include <stdlib.h>

int main( void )
{
    assert( __dios_configure_fault( _DiOS_SF_Malloc, _DiOS_FC_SimFail ) == _DiOS_FC_ELocked );
    void *p = malloc( 8 );
    assert( p );
    free( p );
    return 0;
}
