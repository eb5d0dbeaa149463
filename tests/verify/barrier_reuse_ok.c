// expect: valid
/* the serial thread destroys and re-initialises the barrier while the
 * other one has not yet returned from the released round */
#include <pthread.h>
#include <assert.h>

pthread_barrier_t b;

void *f( void *p )
{
    if ( pthread_barrier_wait( &b ) == PTHREAD_BARRIER_SERIAL_THREAD )
    {
        pthread_barrier_destroy( &b );
        pthread_barrier_init( &b, 0, 1 );
    }
    return p;
}

int main( void )
{
    pthread_t t;
    pthread_barrier_init( &b, 0, 2 );
    pthread_create( &t, 0, f, 0 );
    f( 0 );
    pthread_join( t, 0 );
    assert( pthread_barrier_wait( &b ) == PTHREAD_BARRIER_SERIAL_THREAD );
    return 0;
}
