// expect: error deadlock
/* upgrading a read lock to a write lock: the thread waits for itself */
#include <pthread.h>

pthread_rwlock_t l = PTHREAD_RWLOCK_INITIALIZER;

int main( void )
{
    pthread_rwlock_rdlock( &l );
    pthread_rwlock_wrlock( &l ); // ERROR
    pthread_rwlock_unlock( &l );
    return 0;
}
