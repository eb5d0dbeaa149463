// expect: valid
/* a one-slot buffer guarded by two semaphores: the consumer always gets
 * what the producer put */
#include <pthread.h>
#include <semaphore.h>
#include <assert.h>
#include <errno.h>

sem_t empty, full;
int slot;

void *producer( void *p )
{
    for ( int i = 1; i <= 2; ++i )
    {
        sem_wait( &empty );
        slot = i;
        sem_post( &full );
    }
    return p;
}

int main( void )
{
    pthread_t t;
    int v;
    sem_init( &empty, 0, 1 );
    sem_init( &full, 0, 0 );
    assert( sem_trywait( &full ) == -1 && errno == EAGAIN );
    pthread_create( &t, 0, producer, 0 );
    for ( int i = 1; i <= 2; ++i )
    {
        sem_wait( &full );
        assert( slot == i );
        sem_post( &empty );
    }
    pthread_join( t, 0 );
    sem_getvalue( &empty, &v );
    assert( v == 1 );
    sem_destroy( &empty );
    sem_destroy( &full );
    return 0;
}
