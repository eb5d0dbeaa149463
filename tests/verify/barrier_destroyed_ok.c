// expect: valid
/* a destroyed barrier is detected: waiting on it or destroying it again
 * gives EINVAL (POSIX's optional check); it can be initialised again */
#include <pthread.h>
#include <assert.h>
#include <errno.h>

pthread_barrier_t b;

void *late( void *p )
{
    assert( pthread_barrier_wait( &b ) == EINVAL );
    return p;
}

int main( void )
{
    pthread_t t;
    assert( pthread_barrier_init( &b, 0, 1 ) == 0 );
    assert( pthread_barrier_wait( &b ) == PTHREAD_BARRIER_SERIAL_THREAD );
    assert( pthread_barrier_destroy( &b ) == 0 );
    pthread_create( &t, 0, late, 0 );
    pthread_join( t, 0 );
    assert( pthread_barrier_destroy( &b ) == EINVAL );
    assert( pthread_barrier_init( &b, 0, 2 ) == 0 );
    assert( pthread_barrier_destroy( &b ) == 0 );
    return 0;
}
