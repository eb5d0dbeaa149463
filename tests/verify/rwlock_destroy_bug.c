// expect: error locking
/* destroying a rwlock another thread may still hold for writing */
#include <pthread.h>

pthread_rwlock_t l;
int x;

void *f( void *p )
{
    pthread_rwlock_wrlock( &l );
    x = 1;
    pthread_rwlock_unlock( &l );
    return p;
}

int main( void )
{
    pthread_t t;
    pthread_rwlock_init( &l, 0 );
    pthread_create( &t, 0, f, 0 );
    pthread_rwlock_destroy( &l ); // ERROR
    pthread_join( t, 0 );
    return 0;
}
