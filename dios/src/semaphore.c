/* POSIX unnamed semaphores.  sem_wait blocks (WAIT_SEM) until the count is
 * positive; the functions report errors through errno, as POSIX says. */

#include "dios_internal.h"
#include <dios.h>
#include <semaphore.h>
#include <errno.h>

_Static_assert( sizeof( sem_t ) == 32, "sem_t must keep glibc's size" );

static struct dios_state *state( void )
{
    return ( struct dios_state * ) __vm_ctl_get( _VM_CR_State );
}

static int fail( int e )
{
    errno = e;
    return -1;
}

int sem_init( sem_t *s, int pshared, unsigned value )
{
    if ( value > SEM_VALUE_MAX )
        return fail( EINVAL );
    s->__value = ( int ) value;
    s->__pshared = pshared;
    return 0;
}

int sem_destroy( sem_t *s )
{
    struct dios_state *st = state();
    for ( int i = 0; i < st->ntasks; ++i )
        if ( st->tasks[ i ]->wait_obj == s &&
             ( st->tasks[ i ]->wait_kind == WAIT_SEM || st->tasks[ i ]->wait_kind == WAIT_TIMED ) )
        {
            __dios_fault( _VM_F_Locking, "destroying a semaphore other threads wait on" );
            return fail( EBUSY );
        }
    return 0;
}

int sem_wait( sem_t *s )
{
    __dios_visible( s );
    __dios_cancel_point();   /* after the interrupt point, so no request is missed before blocking */
    while ( s->__value <= 0 )
    {
        __dios_block( WAIT_SEM, s, 0 );
        __dios_cancel_point();   /* pthread_cancel wakes a thread it cancels */
    }
    --s->__value;
    return 0;
}

int sem_trywait( sem_t *s )
{
    __dios_visible( s );
    if ( s->__value <= 0 )
        return fail( EAGAIN );
    --s->__value;
    return 0;
}

/* A thread that finds the count 0 stays runnable; if it is scheduled while
 * the count is still 0, it times out.  So a timed wait never takes part in a
 * deadlock, and every outcome of a real timeout is reachable. */
int sem_timedwait( sem_t *s, const struct timespec *ts )
{
    __dios_visible( s );
    __dios_cancel_point();
    if ( s->__value <= 0 )
    {
        if ( !ts || ts->tv_nsec < 0 || ts->tv_nsec >= 1000000000 )
            return fail( EINVAL );
        __dios_block( WAIT_TIMED, s, 0 );
        __dios_cancel_point();
        if ( s->__value <= 0 )
            return fail( ETIMEDOUT );
    }
    --s->__value;
    return 0;
}

int sem_post( sem_t *s )
{
    __dios_visible( s );
    if ( s->__value == SEM_VALUE_MAX )
        return fail( EOVERFLOW );
    ++s->__value;
    return 0;
}

int sem_getvalue( sem_t *s, int *v )
{
    __dios_visible( s );
    *v = s->__value;
    return 0;
}
