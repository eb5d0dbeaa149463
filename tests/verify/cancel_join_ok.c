// expect: valid
/* a thread blocked in pthread_join is a cancellation point too */
#include <pthread.h>
#include <semaphore.h>
#include <assert.h>

sem_t never;
pthread_t sleeper;

void *sleepy( void *p )
{
    sem_wait( &never );
    return p;
}

void *joiner( void *p )
{
    pthread_join( sleeper, 0 );
    return p;
}

int main( void )
{
    pthread_t j;
    void *r;
    sem_init( &never, 0, 0 );
    pthread_create( &sleeper, 0, sleepy, 0 );
    pthread_create( &j, 0, joiner, 0 );
    pthread_cancel( j );
    pthread_join( j, &r );
    assert( r == PTHREAD_CANCELED );
    pthread_cancel( sleeper );
    pthread_join( sleeper, &r );
    assert( r == PTHREAD_CANCELED );
    return 0;
}
