// expect: error assert
/* the destructor of thread-specific data runs when the thread exits,
 * which may be before the main thread looks */
#include <pthread.h>
#include <assert.h>

pthread_key_t k;
int value = 7;

void dtor( void *p ) { *( int * ) p = 0; }

void *f( void *p )
{
    pthread_setspecific( k, &value );
    return p;
}

int main( void )
{
    pthread_t t;
    pthread_key_create( &k, dtor );
    pthread_create( &t, 0, f, 0 );
    assert( value == 7 ); // ERROR
    pthread_join( t, 0 );
    return 0;
}
