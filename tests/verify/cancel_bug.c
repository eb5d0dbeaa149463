// expect: error deadlock
/* the cancelled thread has no cleanup handler: it ends holding the mutex */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;

void *waiter( void *p )
{
    pthread_mutex_lock( &m );
    for ( ;; )
        pthread_cond_wait( &c, &m );
    return p;
}

int main( void )
{
    pthread_t t;
    pthread_create( &t, 0, waiter, 0 );
    pthread_cancel( t );
    pthread_join( t, 0 );
    pthread_mutex_lock( &m ); // ERROR
    return 0;
}
