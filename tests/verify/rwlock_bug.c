// expect: error assert
/* updating under a read lock: two readers lose an increment */
#include <pthread.h>
#include <assert.h>

pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
int x;

void *inc( void *p )
{
    pthread_rwlock_rdlock( &l );
    int v = x;
    x = v + 1;
    pthread_rwlock_unlock( &l );
    return p;
}

int main( void )
{
    pthread_t t;
    pthread_create( &t, 0, inc, 0 );
    inc( 0 );
    pthread_join( t, 0 );
    assert( x == 2 ); // ERROR
    return 0;
}
