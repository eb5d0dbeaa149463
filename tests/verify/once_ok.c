// expect: valid
/* the init routine runs once, even though it is interleaved with another
 * caller, who waits until it finished */
#include <pthread.h>
#include <assert.h>

pthread_once_t once = PTHREAD_ONCE_INIT;
int runs, ready;

void init( void )
{
    ++runs;
    ready = 1;
}

void *f( void *p )
{
    pthread_once( &once, init );
    assert( ready );
    return p;
}

int main( void )
{
    pthread_t t;
    pthread_create( &t, 0, f, 0 );
    f( 0 );
    pthread_join( t, 0 );
    pthread_once( &once, init );
    assert( runs == 1 );
    return 0;
}
