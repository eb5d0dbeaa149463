// expect: valid
/* a reader and a writer: the reader never sees the writer's update half
 * done; read locks nest, and a held lock refuses a writer */
#include <pthread.h>
#include <assert.h>
#include <errno.h>

pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
int a, b;

void *writer( void *p )
{
    pthread_rwlock_wrlock( &l );
    a = 1;
    b = 1;
    pthread_rwlock_unlock( &l );
    return p;
}

int main( void )
{
    pthread_t w;
    pthread_create( &w, 0, writer, 0 );
    pthread_rwlock_rdlock( &l );
    pthread_rwlock_rdlock( &l );
    assert( pthread_rwlock_trywrlock( &l ) == EBUSY );
    assert( a == b );
    pthread_rwlock_unlock( &l );
    assert( a == b );
    pthread_rwlock_unlock( &l );
    pthread_join( w, 0 );
    assert( pthread_rwlock_tryrdlock( &l ) == 0 );
    assert( pthread_rwlock_trywrlock( &l ) == EBUSY );
    pthread_rwlock_unlock( &l );
    assert( pthread_rwlock_trywrlock( &l ) == 0 );
    assert( pthread_rwlock_tryrdlock( &l ) == EBUSY );
    pthread_rwlock_unlock( &l );
    pthread_rwlock_destroy( &l );
    return a + b - 2;
}
