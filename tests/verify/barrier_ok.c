// expect: valid
/* two threads, two rounds: one serial thread per round, and what is
 * written before the barrier is seen after it */
#include <pthread.h>
#include <assert.h>

pthread_barrier_t b;
int data[ 2 ], serial[ 2 ];

void *worker( void *p )
{
    int id = p != 0;
    data[ id ] = id + 1;
    for ( int round = 0; round < 2; ++round )
    {
        int r = pthread_barrier_wait( &b );
        assert( r == 0 || r == PTHREAD_BARRIER_SERIAL_THREAD );
        if ( r == PTHREAD_BARRIER_SERIAL_THREAD )
            ++serial[ round ];
    }
    assert( data[ 0 ] + data[ 1 ] == 3 );
    return 0;
}

int main( void )
{
    pthread_t t;
    pthread_barrier_init( &b, 0, 2 );
    pthread_create( &t, 0, worker, &t );
    worker( 0 );
    pthread_join( t, 0 );
    assert( serial[ 0 ] == 1 && serial[ 1 ] == 1 );
    pthread_barrier_destroy( &b );
    return 0;
}
