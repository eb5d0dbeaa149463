// expect: valid
/* thread-specific data: each thread sees its own value, the main thread
 * too; destructors run at thread exit, not for null values nor deleted keys */
#include <pthread.h>
#include <assert.h>

pthread_key_t k1, k2;
int freed[ 4 ];

void dtor( void *v )
{
    ++*( int * ) v;
}

void *f( void *p )
{
    assert( pthread_getspecific( k1 ) == 0 );
    pthread_setspecific( k1, &freed[ 1 ] );
    pthread_setspecific( k2, &freed[ 2 ] );
    assert( pthread_getspecific( k1 ) == &freed[ 1 ] );
    return p;
}

int main( void )
{
    pthread_t t;
    pthread_key_create( &k1, dtor );
    pthread_key_create( &k2, dtor );
    assert( k1 != k2 );
    pthread_setspecific( k1, &freed[ 0 ] );
    pthread_create( &t, 0, f, 0 );
    assert( pthread_getspecific( k1 ) == &freed[ 0 ] );
    assert( pthread_getspecific( k2 ) == 0 );
    pthread_join( t, 0 );
    assert( freed[ 1 ] == 1 && freed[ 2 ] == 1 && freed[ 0 ] == 0 );
    assert( pthread_getspecific( k1 ) == &freed[ 0 ] );
    pthread_key_delete( k2 );
    assert( pthread_setspecific( k2, &freed[ 3 ] ) != 0 );
    pthread_key_t k3;
    pthread_key_create( &k3, 0 );
    assert( pthread_getspecific( k3 ) == 0 );
    return 0;
}
