// expect: error deadlock
/* each thread waits for the other's post before posting */
#include <pthread.h>
#include <semaphore.h>

sem_t a, b;

void *f( void *p )
{
    sem_wait( &a ); // ERROR
    sem_post( &b );
    return p;
}

int main( void )
{
    pthread_t t;
    sem_init( &a, 0, 0 );
    sem_init( &b, 0, 0 );
    pthread_create( &t, 0, f, 0 );
    sem_wait( &b ); // ERROR
    sem_post( &a );
    pthread_join( t, 0 );
    return 0;
}
