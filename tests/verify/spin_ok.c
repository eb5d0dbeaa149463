// expect: valid
/* a spin lock protects a counter; the waiter blocks instead of spinning */
#include <pthread.h>
#include <assert.h>

pthread_spinlock_t s;
int x;

void *inc( void *p )
{
    pthread_spin_lock( &s );
    int v = x;
    x = v + 1;
    pthread_spin_unlock( &s );
    return p;
}

int main( void )
{
    pthread_t t;
    pthread_spin_init( &s, PTHREAD_PROCESS_PRIVATE );
    pthread_create( &t, 0, inc, 0 );
    inc( 0 );
    pthread_join( t, 0 );
    assert( x == 2 );
    assert( pthread_spin_trylock( &s ) == 0 );
    assert( pthread_spin_trylock( &s ) != 0 );
    pthread_spin_unlock( &s );
    pthread_spin_destroy( &s );
    return 0;
}
