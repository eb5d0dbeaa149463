// expect: valid
/* the init routine of pthread_once is cancelled in its first caller: the
 * once-control is not done, so the next caller runs the routine again */
#include <pthread.h>
#include <semaphore.h>
#include <assert.h>

pthread_once_t once = PTHREAD_ONCE_INIT;
sem_t started, never;
int runs, finished;

void init( void )
{
    if ( ++runs == 1 )
    {
        sem_post( &started );
        sem_wait( &never );   /* cancelled here */
    }
    finished = 1;
}

void *f( void *p )
{
    pthread_once( &once, init );
    return p;
}

int main( void )
{
    pthread_t t;
    void *r;
    sem_init( &started, 0, 0 );
    sem_init( &never, 0, 0 );
    pthread_create( &t, 0, f, 0 );
    sem_wait( &started );
    pthread_cancel( t );
    pthread_join( t, &r );
    assert( r == PTHREAD_CANCELED && !finished );
    pthread_once( &once, init );
    assert( runs == 2 && finished );
    return 0;
}
