// expect: valid
// options: -o ncpus:3
#include <assert.h>
#include <dios.h>

int main( void )
{
    assert( __dios_hardware_concurrency() == 3 );
    return 0;
}
