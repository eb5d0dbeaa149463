// expect: error assert
/* the semaphore starts at 2: both threads enter the "critical section" */
#include <pthread.h>
#include <semaphore.h>
#include <assert.h>

sem_t s;
int inside;

void *f( void *p )
{
    sem_wait( &s );
    ++inside;
    assert( inside == 1 ); // ERROR
    --inside;
    sem_post( &s );
    return p;
}

int main( void )
{
    pthread_t t;
    sem_init( &s, 0, 2 );
    pthread_create( &t, 0, f, 0 );
    f( 0 );
    pthread_join( t, 0 );
    return 0;
}
