// expect: error deadlock
/* a barrier for three, but only two threads ever arrive */
#include <pthread.h>

pthread_barrier_t b;

void *f( void *p )
{
    pthread_barrier_wait( &b ); // ERROR
    return p;
}

int main( void )
{
    pthread_t t;
    pthread_barrier_init( &b, 0, 3 );
    pthread_create( &t, 0, f, 0 );
    pthread_barrier_wait( &b ); // ERROR
    pthread_join( t, 0 );
    return 0;
}
