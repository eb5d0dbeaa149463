// expect: valid
/* the cancelled waiter must first wait for the mutex, which the canceller
 * holds; it still acts on the cancellation and never returns from the wait */
#include <pthread.h>
#include <assert.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int started, returned;

void unlock( void *p ) { pthread_mutex_unlock( p ); }

void *waiter( void *p )
{
    pthread_mutex_lock( &m );
    started = 1;
    pthread_cleanup_push( unlock, &m );
    pthread_cond_wait( &c, &m );   /* nobody signals */
    returned = 1;
    pthread_cleanup_pop( 1 );
    return p;
}

int main( void )
{
    pthread_t t;
    void *r;
    pthread_create( &t, 0, waiter, 0 );
    pthread_mutex_lock( &m );
    pthread_cancel( t );
    pthread_mutex_unlock( &m );
    pthread_join( t, &r );
    assert( r == PTHREAD_CANCELED && !returned );
    return 0;
}
