// expect: valid
/* a timed wait nobody posts to times out instead of deadlocking; one that
 * races with a post may get it or time out */
#include <pthread.h>
#include <semaphore.h>
#include <assert.h>
#include <errno.h>
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
    assert( sem_timedwait( &s, &ts ) == -1 && errno == ETIMEDOUT );
    pthread_create( &t, 0, poster, 0 );
    int r = sem_timedwait( &s, &ts );
    assert( r == 0 || errno == ETIMEDOUT );
    pthread_join( t, 0 );
    int v;
    sem_getvalue( &s, &v );
    assert( v == ( r == 0 ? 0 : 1 ) );
    return 0;
}
