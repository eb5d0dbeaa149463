// expect: error assert
/* C11 threads: the waiter checks the flag with `if` but the mutex is
 * released between the check and the use */
#include <threads.h>
#include <assert.h>

mtx_t m;
int x;

int adder( void *arg )
{
    mtx_lock( &m );
    int v = x;
    mtx_unlock( &m );
    mtx_lock( &m );
    x = v + 1;
    mtx_unlock( &m );
    return arg != 0;
}

int main( void )
{
    thrd_t t;
    mtx_init( &m, mtx_plain );
    thrd_create( &t, adder, 0 );
    adder( 0 );
    thrd_join( t, 0 );
    assert( x == 2 ); // ERROR
    return 0;
}
