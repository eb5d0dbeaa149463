// expect: valid
/* the rest of <pthread.h>: condition clocks, scheduling attributes (kept,
 * inherited or explicit), fork handlers around fork */
#include <pthread.h>
#include <sched.h>
#include <assert.h>
#include <errno.h>
#include <time.h>
#include <unistd.h>

#if !defined( PTHREAD_CANCEL_ASYNCHRONOUS ) || !defined( PTHREAD_MUTEX_DEFAULT ) || \
    !defined( PTHREAD_PRIO_PROTECT ) || !defined( PTHREAD_SCOPE_PROCESS ) || !defined( PTHREAD_EXPLICIT_SCHED )
#error constants are not macros
#endif

int order[ 4 ], n;
void prep_a( void ) { order[ n++ ] = 1; }
void prep_b( void ) { order[ n++ ] = 2; }
void parent_a( void ) { order[ n++ ] = 3; }
void parent_b( void ) { order[ n++ ] = 4; }
void child( void ) { order[ n++ ] = 5; }

void *worker( void *p )
{
    int policy;
    struct sched_param sp;
    assert( pthread_getschedparam( pthread_self(), &policy, &sp ) == 0 );
    assert( policy == SCHED_FIFO && sp.sched_priority == 5 );
    return p;
}

int main( void )
{
    pthread_condattr_t ca;
    clockid_t c;
    pthread_condattr_init( &ca );
    assert( pthread_condattr_getclock( &ca, &c ) == 0 && c == CLOCK_REALTIME );
    assert( pthread_condattr_setclock( &ca, CLOCK_MONOTONIC ) == 0 );
    assert( pthread_condattr_getclock( &ca, &c ) == 0 && c == CLOCK_MONOTONIC );
    assert( pthread_condattr_setclock( &ca, -100 ) == EINVAL );
    assert( pthread_condattr_setclock( &ca, CLOCK_PROCESS_CPUTIME_ID ) == EINVAL );
    pthread_cond_t cv;
    assert( pthread_cond_init( &cv, &ca ) == 0 );
    pthread_cond_destroy( &cv );
    pthread_condattr_destroy( &ca );

    pthread_attr_t a;
    struct sched_param sp = { 5 };
    pthread_attr_init( &a );
    assert( pthread_attr_setinheritsched( &a, PTHREAD_EXPLICIT_SCHED ) == 0 );
    assert( pthread_attr_setschedpolicy( &a, SCHED_FIFO ) == 0 );
    assert( pthread_attr_setschedparam( &a, &sp ) == 0 );
    assert( pthread_attr_setschedpolicy( &a, 42 ) == EINVAL );
    assert( pthread_attr_setdetachstate( &a, 42 ) == EINVAL );
    assert( sched_get_priority_min( SCHED_RR ) <= sched_get_priority_max( SCHED_RR ) );
    pthread_t t;
    assert( pthread_create( &t, &a, worker, 0 ) == 0 );
    assert( pthread_join( t, 0 ) == 0 );
    pthread_attr_destroy( &a );

    assert( pthread_atfork( prep_a, parent_a, child ) == 0 );
    assert( pthread_atfork( prep_b, parent_b, 0 ) == 0 );
    pid_t pid = fork();
    /* prepare handlers last registered first, parent (child) ones in order */
    assert( n >= 3 && order[ 0 ] == 2 && order[ 1 ] == 1 );
    if ( pid == 0 )
        assert( n == 3 && order[ 2 ] == 5 );
    else
        assert( pid == 2 && n == 4 && order[ 2 ] == 3 && order[ 3 ] == 4 );
    return 0;
}
