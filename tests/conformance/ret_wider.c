// expect: error control
/* a long returned where the caller takes an int */
typedef int ( *int_fn )( void );

long wide( void ) { return 1L << 40; } // ERROR

int main( void )
{
    return ( ( int_fn ) wide )();
}
