// expect: error locking
/* a thread releases a spin lock it never took */
#include <pthread.h>

pthread_spinlock_t s;

void *f( void *p )
{
    pthread_spin_unlock( &s ); // ERROR
    return p;
}

int main( void )
{
    pthread_t t;
    pthread_spin_init( &s, 0 );
    pthread_create( &t, 0, f, 0 );
    pthread_join( t, 0 );
    return 0;
}
