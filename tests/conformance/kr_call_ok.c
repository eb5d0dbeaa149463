// expect: valid
/* an unprototyped (K&R) declaration makes the call variadic at the call
 * site; the callee takes exactly the arguments passed: a plain call */
#include <assert.h>

int add3();
void __dios_reschedule();

int add3( int a, int b, int c ) { return a + b + c; }

int main( void )
{
    __dios_reschedule();
    assert( add3( 1, 2, 39 ) == 42 );
    return 0;
}
