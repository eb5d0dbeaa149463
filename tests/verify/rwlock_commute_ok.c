// expect: valid
/* two readers share a read lock: their lock and unlock steps commute (the
 * holders' table depends on who holds the lock, not on the order they came
 * in; tests/test_store.py checks the diamonds close) */
#include <pthread.h>
#include <assert.h>

pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
int x = 7;

void *reader( void *p )
{
    for ( int i = 0; i < 2; ++i )
    {
        pthread_rwlock_rdlock( &l );
        assert( x == 7 );
        pthread_rwlock_unlock( &l );
    }
    return p;
}

int main( void )
{
    pthread_t a, b;
    pthread_create( &a, 0, reader, 0 );
    pthread_create( &b, 0, reader, 0 );
    pthread_rwlock_wrlock( &l );
    x = 7;
    pthread_rwlock_unlock( &l );
    pthread_join( a, 0 );
    pthread_join( b, 0 );
    return 0;
}
