// expect: valid
/* a thread cancelled while it waits on a condition variable leaves through
 * its cleanup handler, which releases the mutex it got back; join sees
 * PTHREAD_CANCELED */
#include <pthread.h>
#include <assert.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
int cleaned;

void unlock( void *p )
{
    ++cleaned;
    pthread_mutex_unlock( p );
}

void *waiter( void *p )
{
    pthread_mutex_lock( &m );
    pthread_cleanup_push( unlock, &m );
    for ( ;; )
        pthread_cond_wait( &c, &m );   /* nobody signals */
    pthread_cleanup_pop( 1 );
    return p;
}

int main( void )
{
    pthread_t t;
    void *r;
    pthread_create( &t, 0, waiter, 0 );
    pthread_cancel( t );
    pthread_join( t, &r );
    assert( r == PTHREAD_CANCELED );
    assert( cleaned == 1 );
    pthread_mutex_lock( &m );   /* released by the cleanup handler */
    pthread_mutex_unlock( &m );
    return 0;
}
