// expect: error assert
/* a function annotated "divine.debugfn" is for counterexample printing:
 * verification skips its calls (this one would fault) */
#include <assert.h>

__attribute__(( __annotate__( "divine.debugfn" ) ))
void show( int *x )
{
    *x = 0;
}

int main( void )
{
    show( 0 );
    assert( 0 ); // ERROR
    return 0;
}
