// expect: error assert
/* a hand-made "once" with a plain flag runs the initialisation twice */
#include <pthread.h>
#include <assert.h>

int done, runs;

void *f( void *p )
{
    if ( !done )
    {
        ++runs;
        done = 1;
    }
    return p;
}

int main( void )
{
    pthread_t t;
    pthread_create( &t, 0, f, 0 );
    f( 0 );
    pthread_join( t, 0 );
    assert( runs == 1 ); // ERROR
    return 0;
}
