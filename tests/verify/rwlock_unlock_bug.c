// expect: error locking
/* a thread unlocks a read lock only the other thread holds */
#include <pthread.h>

pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;

void *f( void *p )
{
    pthread_rwlock_unlock( &l ); // ERROR
    return p;
}

int main( void )
{
    pthread_t t;
    pthread_rwlock_rdlock( &l );
    pthread_create( &t, 0, f, 0 );
    pthread_join( t, 0 );
    pthread_rwlock_unlock( &l );
    return 0;
}
