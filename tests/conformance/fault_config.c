// expect: error memory
/* a fault kind configured to be ignored carries on; back to abort, it is an error */
#include <assert.h>
#include <dios.h>

int main( void )
{
    int before = __dios_get_fault_config( _VM_F_Memory );
    assert( __dios_configure_fault( _VM_F_Memory, _DiOS_FC_SimFail ) == _DiOS_FC_EInvalidCfg );
    assert( __dios_configure_fault( _DiOS_SF_Last, _DiOS_FC_Ignore ) == _DiOS_FC_EInvalidFault );
    assert( __dios_configure_fault( _VM_F_Memory, _DiOS_FC_Ignore ) == before );
    volatile int *p = 0;
    *p = 1;
    assert( __dios_configure_fault( _VM_F_Memory, _DiOS_FC_Abort ) == _DiOS_FC_Ignore );
    *p = 2; // ERROR
    return 0;
}
