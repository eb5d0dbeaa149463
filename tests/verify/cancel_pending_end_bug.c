// expect: error assert
/* a thread that ends with a cancellation request pending (it reached no
 * cancellation point) is joined as cancelled */
#include <pthread.h>
#include <assert.h>

void *quick( void *p )
{
    return p;
}

int main( void )
{
    pthread_t t;
    void *r;
    pthread_create( &t, 0, quick, 0 );
    pthread_cancel( t );
    pthread_join( t, &r );
    assert( r != PTHREAD_CANCELED ); // ERROR
    return 0;
}
