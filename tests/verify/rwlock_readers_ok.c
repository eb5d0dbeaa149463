// expect: valid
/* two readers hold the lock together, which a writer-only lock would not allow */
#include <pthread.h>
#include <assert.h>

pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;
pthread_barrier_t both;

void *reader( void *p )
{
    pthread_rwlock_rdlock( &l );
    pthread_barrier_wait( &both );   /* both readers inside at once */
    pthread_rwlock_unlock( &l );
    return p;
}

int main( void )
{
    pthread_t t;
    pthread_barrier_init( &both, 0, 2 );
    pthread_create( &t, 0, reader, 0 );
    reader( 0 );
    pthread_join( t, 0 );
    return 0;
}
