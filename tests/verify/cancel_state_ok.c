// expect: valid
/* cancellation is deferred: a disabled thread finishes its work, then
 * acts on the pending request at the next cancellation point
 * (pthread_testcancel, sem_wait, join); a cleanup handler popped with 0
 * does not run */
#include <pthread.h>
#include <semaphore.h>
#include <assert.h>

sem_t go;
int done, popped;

void never( void *p ) { popped = 1; ( void ) p; }

void *worker( void *p )
{
    int old;
    pthread_setcancelstate( PTHREAD_CANCEL_DISABLE, &old );
    assert( old == PTHREAD_CANCEL_ENABLE );
    pthread_cleanup_push( never, 0 );
    sem_wait( &go );   /* not cancelled here: disabled */
    done = 1;
    pthread_cleanup_pop( 0 );
    pthread_setcancelstate( PTHREAD_CANCEL_ENABLE, 0 );
    pthread_testcancel();
    sem_wait( &go );   /* or here, if the request came late */
    done = 2;
    return p;
}

int main( void )
{
    pthread_t t;
    void *r;
    sem_init( &go, 0, 0 );
    pthread_create( &t, 0, worker, 0 );
    pthread_cancel( t );
    sem_post( &go );
    pthread_join( t, &r );
    assert( r == PTHREAD_CANCELED && done == 1 && !popped );
    return 0;
}
