// expect: valid
/* stack sizes are recorded; process-shared mutexes are ordinary ones; a
 * detached thread cannot be joined */
#include <pthread.h>
#include <assert.h>
#include <errno.h>

pthread_mutex_t m;
int x;

void *f( void *p )
{
    pthread_mutex_lock( &m );
    ++x;
    pthread_mutex_unlock( &m );
    return p;
}

int main( void )
{
    pthread_attr_t a;
    pthread_mutexattr_t ma;
    unsigned long size;
    pthread_t t;
    pthread_attr_init( &a );
    pthread_attr_getstacksize( &a, &size );
    assert( size > 0 );
    assert( pthread_attr_setstacksize( &a, 1 << 20 ) == 0 );
    pthread_attr_getstacksize( &a, &size );
    assert( size == 1 << 20 );
    assert( pthread_attr_setstacksize( &a, 1 ) == EINVAL );
    pthread_mutexattr_init( &ma );
    assert( pthread_mutexattr_setpshared( &ma, PTHREAD_PROCESS_SHARED ) == 0 );
    pthread_mutex_init( &m, &ma );
    pthread_create( &t, &a, f, 0 );
    f( 0 );
    pthread_join( t, 0 );
    assert( x == 2 );
    return 0;
}
