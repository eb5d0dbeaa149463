// expect: error assert
// options: -o nofail:malloc
/* the program asks for failing allocations itself */
#include <assert.h>
#include <dios.h>
#include <stdlib.h>

int main( void )
{
    assert( __dios_configure_fault( _DiOS_SF_Malloc, _DiOS_FC_Abort ) == _DiOS_FC_EInvalidCfg );
    assert( __dios_configure_fault( _DiOS_SF_Malloc, _DiOS_FC_SimFail ) == _DiOS_FC_NoFail );
    void *p = malloc( 8 );
    assert( p ); // ERROR
    free( p );
    return 0;
}
