/* C11 <threads.h> on top of DiOS's POSIX threads. */

#include "dios_internal.h"
#include <dios.h>
#include <pthread.h>
#include <threads.h>
#include <errno.h>
#include <stdint.h>

_Static_assert( sizeof( mtx_t ) == sizeof( pthread_mutex_t ), "mtx_t is a pthread_mutex_t" );
_Static_assert( sizeof( cnd_t ) == sizeof( pthread_cond_t ), "cnd_t is a pthread_cond_t" );
_Static_assert( sizeof( once_flag ) == sizeof( pthread_once_t ), "once_flag is a pthread_once_t" );
_Static_assert( sizeof( tss_t ) == sizeof( pthread_key_t ), "tss_t is a pthread_key_t" );

#define M( m ) ( ( pthread_mutex_t * ) ( m ) )
#define C( c ) ( ( pthread_cond_t * ) ( c ) )

static int result( int e )
{
    switch ( e )
    {
        case 0: return thrd_success;
        case EBUSY: return thrd_busy;
        case ETIMEDOUT: return thrd_timedout;
        case ENOMEM: return thrd_nomem;
        default: return thrd_error;
    }
}

/* -- threads --------------------------------------------------------------------------------- */

struct start { thrd_start_t fn; void *arg; };

static void *thrd_start( void *p )
{
    struct start s = *( struct start * ) p;
    __vm_obj_free( p );
    return ( void * ) ( intptr_t ) s.fn( s.arg );
}

int thrd_create( thrd_t *thr, thrd_start_t fn, void *arg )
{
    struct start *s = __vm_obj_make( sizeof( struct start ), _VM_PT_Marked );
    s->fn = fn;
    s->arg = arg;
    pthread_t t;
    int r = pthread_create( &t, 0, thrd_start, s );
    if ( r )
    {
        __vm_obj_free( s );
        return result( r == EAGAIN ? ENOMEM : r );
    }
    *thr = t;
    return thrd_success;
}

int thrd_equal( thrd_t a, thrd_t b ) { return a == b; }
thrd_t thrd_current( void ) { return pthread_self(); }
void thrd_exit( int r ) { pthread_exit( ( void * ) ( intptr_t ) r ); }
int thrd_detach( thrd_t t ) { return result( pthread_detach( t ) ); }
void thrd_yield( void ) { sched_yield(); }

int thrd_join( thrd_t t, int *res )
{
    void *v;
    int r = pthread_join( t, &v );
    if ( r )
        return thrd_error;
    if ( res )
        *res = ( int ) ( intptr_t ) v;
    return thrd_success;
}

/* time stands still in divm: a sleep is a scheduling point that always completes */
int thrd_sleep( const struct timespec *d, struct timespec *rem )
{
    if ( d->tv_sec < 0 || d->tv_nsec < 0 || d->tv_nsec >= 1000000000 )
        return -2;
    __dios_reschedule();
    if ( rem )
        rem->tv_sec = 0, rem->tv_nsec = 0;
    return 0;
}

/* -- mutexes ----------------------------------------------------------------------------------- */

int mtx_init( mtx_t *m, int type )
{
    if ( type != mtx_plain && type != mtx_timed && type != ( mtx_plain | mtx_recursive ) &&
         type != ( mtx_timed | mtx_recursive ) )
        return thrd_error;
    pthread_mutexattr_t a;
    pthread_mutexattr_init( &a );
    pthread_mutexattr_settype( &a, type & mtx_recursive ? PTHREAD_MUTEX_RECURSIVE : PTHREAD_MUTEX_NORMAL );
    return result( pthread_mutex_init( M( m ), &a ) );
}

int mtx_lock( mtx_t *m ) { return result( pthread_mutex_lock( M( m ) ) ); }
int mtx_trylock( mtx_t *m ) { return result( pthread_mutex_trylock( M( m ) ) ); }
int mtx_unlock( mtx_t *m ) { return result( pthread_mutex_unlock( M( m ) ) ); }
void mtx_destroy( mtx_t *m ) { pthread_mutex_destroy( M( m ) ); }

int mtx_timedlock( mtx_t *__restrict m, const struct timespec *__restrict ts )
{
    return result( pthread_mutex_timedlock( M( m ), ts ) );
}

void call_once( once_flag *f, void ( *fn )( void ) )
{
    pthread_once( ( pthread_once_t * ) f, fn );
}

/* -- condition variables --------------------------------------------------------------------- */

int cnd_init( cnd_t *c ) { return result( pthread_cond_init( C( c ), 0 ) ); }
int cnd_signal( cnd_t *c ) { return result( pthread_cond_signal( C( c ) ) ); }
int cnd_broadcast( cnd_t *c ) { return result( pthread_cond_broadcast( C( c ) ) ); }
int cnd_wait( cnd_t *c, mtx_t *m ) { return result( pthread_cond_wait( C( c ), M( m ) ) ); }
void cnd_destroy( cnd_t *c ) { pthread_cond_destroy( C( c ) ); }

int cnd_timedwait( cnd_t *__restrict c, mtx_t *__restrict m, const struct timespec *__restrict ts )
{
    return result( pthread_cond_timedwait( C( c ), M( m ), ts ) );
}

/* -- thread-specific storage ----------------------------------------------------------------- */

int tss_create( tss_t *k, tss_dtor_t dtor ) { return result( pthread_key_create( k, dtor ) ); }
void *tss_get( tss_t k ) { return pthread_getspecific( k ); }
int tss_set( tss_t k, void *v ) { return result( pthread_setspecific( k, v ) ); }
void tss_delete( tss_t k ) { pthread_key_delete( k ); }
