// expect: valid
/* a timed wait nobody signals times out: not a deadlock */
#include <pthread.h>
#include <assert.h>
#include <errno.h>
#include <time.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;

void *waiter( void *p )
{
    struct timespec ts = { 1, 0 };
    pthread_mutex_lock( &m );
    int r = pthread_cond_timedwait( &c, &m, &ts );
    assert( r == ETIMEDOUT );
    pthread_mutex_unlock( &m );
    return p;
}

int main( void )
{
    pthread_t t;
    pthread_create( &t, 0, waiter, 0 );
    pthread_join( t, 0 );
    return 0;
}
