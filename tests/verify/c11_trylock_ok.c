// expect: valid
/* mtx_trylock answers thrd_busy while another thread holds the mutex;
 * mtx_timedlock may time out, but never on a free mutex */
#include <threads.h>
#include <assert.h>
#include <time.h>

mtx_t m;
int busy;

int holder( void *arg )
{
    mtx_lock( &m );
    busy = 1;
    busy = 0;
    mtx_unlock( &m );
    return arg != 0;
}

int main( void )
{
    thrd_t t;
    struct timespec ts = { 1, 0 };
    mtx_init( &m, mtx_timed );
    thrd_create( &t, holder, 0 );
    int r = mtx_trylock( &m );
    assert( r == thrd_success || r == thrd_busy );
    if ( r == thrd_success )
    {
        assert( !busy );
        mtx_unlock( &m );
    }
    r = mtx_timedlock( &m, &ts );
    assert( r == thrd_success || r == thrd_timedout );
    if ( r == thrd_success )
        mtx_unlock( &m );
    thrd_join( t, 0 );
    assert( mtx_timedlock( &m, &ts ) == thrd_success );
    mtx_unlock( &m );
    return 0;
}
