// expect: valid
/* no other thread sees the state between two masked increments */
#include <assert.h>
#include <pthread.h>
#include <sys/interrupt.h>

int x;

void *bump( void *arg )
{
    ( void ) arg;
    assert( __dios_mask( 1 ) == 0 );
    assert( __dios_mask( 1 ) == 1 );
    ++x;
    ++x;
    assert( __dios_mask( 0 ) == 1 );
    return 0;
}

int main( void )
{
    pthread_t t;
    pthread_create( &t, 0, bump, 0 );
    assert( x == 0 || x == 2 );
    pthread_join( t, 0 );
    return 0;
}
