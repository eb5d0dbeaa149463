// expect: error memory
#include <stdlib.h>
#include <sys/divm.h>

int main( void )
{
    char *a = malloc( 4 );
    if ( !a )
        return 0;
    __vm_pointer_t p = __vm_pointer_split( a );
    free( a );
    __vm_peek( _VM_ML_User, p.obj, p.off, 1 ); // ERROR
    return 0;
}
