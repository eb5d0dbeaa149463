// expect: error assert
/* pthread_mutex_timedlock may time out while another thread holds the lock */
#include <pthread.h>
#include <assert.h>
#include <time.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *holder( void *p )
{
    pthread_mutex_lock( &m );
    pthread_mutex_unlock( &m );
    return p;
}

int main( void )
{
    pthread_t t;
    struct timespec ts = { 1, 0 };
    pthread_create( &t, 0, holder, 0 );
    int r = pthread_mutex_timedlock( &m, &ts );
    assert( r == 0 ); // ERROR
    pthread_mutex_unlock( &m );
    pthread_join( t, 0 );
    return 0;
}
