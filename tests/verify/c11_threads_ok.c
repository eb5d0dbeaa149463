// expect: valid
/* C11 threads: create/join with a result, a recursive mutex, a condition
 * variable, call_once and thread-specific storage with a destructor */
#include <threads.h>
#include <assert.h>

mtx_t m;
cnd_t c;
once_flag once = ONCE_FLAG_INIT;
tss_t key;
int ready, inits, dtors;

void init( void ) { ++inits; }
void dtor( void *p ) { ++*( int * ) p; }

int worker( void *arg )
{
    call_once( &once, init );
    tss_set( key, &dtors );
    assert( tss_get( key ) == &dtors );
    mtx_lock( &m );
    mtx_lock( &m );   /* recursive */
    ready = 1;
    cnd_signal( &c );
    mtx_unlock( &m );
    mtx_unlock( &m );
    return *( int * ) arg + 1;
}

int main( void )
{
    thrd_t t;
    int arg = 41, res;
    assert( mtx_init( &m, mtx_plain | mtx_recursive ) == thrd_success );
    assert( cnd_init( &c ) == thrd_success );
    assert( tss_create( &key, dtor ) == thrd_success );
    assert( thrd_create( &t, worker, &arg ) == thrd_success );
    call_once( &once, init );
    assert( tss_get( key ) == 0 );
    mtx_lock( &m );
    while ( !ready )
        cnd_wait( &c, &m );
    mtx_unlock( &m );
    assert( thrd_join( t, &res ) == thrd_success );
    assert( res == 42 && inits == 1 && dtors == 1 );
    assert( thrd_equal( thrd_current(), thrd_current() ) && !thrd_equal( t, thrd_current() ) );
    mtx_destroy( &m );
    cnd_destroy( &c );
    tss_delete( key );
    return 0;
}
