// expect: error assert
/* the program assumes a timed wait gets the post, but it may time out first */
#include <pthread.h>
#include <semaphore.h>
#include <assert.h>
#include <time.h>

sem_t s;

void *poster( void *p )
{
    sem_post( &s );
    return p;
}

int main( void )
{
    struct timespec ts = { 1, 0 };
    pthread_t t;
    sem_init( &s, 0, 0 );
    pthread_create( &t, 0, poster, 0 );
    int r = sem_timedwait( &s, &ts );
    assert( r == 0 ); // ERROR
    pthread_join( t, 0 );
    return 0;
}
