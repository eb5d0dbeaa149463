// expect: valid
/* asynchronous cancellation ends a thread wherever it is, here in a loop
 * without cancellation points, after the cleanup handler it pushed; a
 * deferred request is kept for the next cancellation point (sleep) */
#include <pthread.h>
#include <assert.h>
#include <unistd.h>

volatile int started, spins, cleaned;

void cleanup( void *p )
{
    ( void ) p;
    cleaned = 1;
}

void *spinner( void *p )
{
    pthread_setcanceltype( PTHREAD_CANCEL_ASYNCHRONOUS, 0 );
    pthread_cleanup_push( cleanup, 0 );
    started = 1;
    for ( ;; )
        spins = !spins;
    pthread_cleanup_pop( 0 );
    return p;
}

void *sleeper( void *p )
{
    int old;
    pthread_setcancelstate( PTHREAD_CANCEL_DISABLE, &old );
    started = 2;
    sleep( 1 );               /* disabled: the request waits */
    pthread_setcancelstate( old, 0 );
    for ( ;; )
        sleep( 1 );           /* a cancellation point */
    return p;
}

int main( void )
{
    pthread_t t;
    void *r;
    pthread_create( &t, 0, spinner, 0 );
    while ( !started )
        sched_yield();
    pthread_cancel( t );
    pthread_join( t, &r );
    assert( r == PTHREAD_CANCELED && cleaned );

    pthread_create( &t, 0, sleeper, 0 );
    while ( started != 2 )
        sched_yield();
    pthread_cancel( t );
    pthread_join( t, &r );
    assert( r == PTHREAD_CANCELED );
    return 0;
}
