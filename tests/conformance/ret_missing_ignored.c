// expect: valid
// options: -o ignore:control
/* ignored, the missing value is a defined 0 */
#include <assert.h>

typedef int ( *int_fn )( void );

void nothing( void ) { }

int main( void )
{
    int x = ( ( int_fn ) nothing )();
    assert( x == 0 );
    return 0;
}
