// expect: error control
/* a function called as returning int that returns nothing */
typedef int ( *int_fn )( void );

void nothing( void ) { } // ERROR

int main( void )
{
    int x = ( ( int_fn ) nothing )();
    return x;
}
