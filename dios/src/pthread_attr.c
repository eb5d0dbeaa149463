/* The parts of POSIX threads that only record settings: thread, mutex and
 * condition attributes beyond the basic ones, scheduling (DiOS explores
 * every interleaving, so a policy or priority is kept and reported but
 * changes nothing), concurrency, CPU-time clocks, and fork handlers
 * (pthread_atfork; fork itself is libc-shim's and calls __dios_run_atfork). */

#include "dios_internal.h"
#include <dios.h>
#include <pthread.h>
#include <sched.h>
#include <time.h>
#include <errno.h>
#include <limits.h>
#include <unistd.h>

static void *kalloc( int size )
{
    return __vm_obj_make( size, _VM_PT_Marked );
}

/* -- thread attributes --------------------------------------------------------------------- */

int pthread_attr_setstack( pthread_attr_t *a, void *addr, size_t size )
{
    if ( size < PTHREAD_STACK_MIN )
        return EINVAL;
    a->stackaddr = addr;   /* recorded only: frames live in graph memory */
    a->stacksize = size;
    return 0;
}

int pthread_attr_getstack( const pthread_attr_t *a, void **addr, size_t *size )
{
    *addr = a->stackaddr;
    *size = a->stacksize;
    return 0;
}

int pthread_attr_setstackaddr( pthread_attr_t *a, void *addr ) { a->stackaddr = addr; return 0; }
int pthread_attr_getstackaddr( const pthread_attr_t *a, void **addr ) { *addr = a->stackaddr; return 0; }
int pthread_attr_setguardsize( pthread_attr_t *a, size_t g ) { a->guardsize = g; return 0; }
int pthread_attr_getguardsize( const pthread_attr_t *a, size_t *g ) { *g = a->guardsize; return 0; }

int pthread_attr_setinheritsched( pthread_attr_t *a, int i )
{
    if ( i != PTHREAD_INHERIT_SCHED && i != PTHREAD_EXPLICIT_SCHED )
        return EINVAL;
    a->inherit = i;
    return 0;
}

int pthread_attr_getinheritsched( const pthread_attr_t *a, int *i ) { *i = a->inherit; return 0; }

static int policy_valid( int p )
{
    return p == SCHED_OTHER || p == SCHED_FIFO || p == SCHED_RR;
}

int sched_get_priority_min( int policy )
{
    if ( !policy_valid( policy ) )
    {
        errno = EINVAL;
        return -1;
    }
    return policy == SCHED_OTHER ? 0 : 1;
}

int sched_get_priority_max( int policy )
{
    if ( !policy_valid( policy ) )
    {
        errno = EINVAL;
        return -1;
    }
    return policy == SCHED_OTHER ? 0 : 99;
}

static int prio_valid( int policy, int prio )
{
    return prio >= sched_get_priority_min( policy ) && prio <= sched_get_priority_max( policy );
}

int pthread_attr_setschedpolicy( pthread_attr_t *a, int p )
{
    if ( !policy_valid( p ) )
        return EINVAL;
    a->policy = p;
    return 0;
}

int pthread_attr_getschedpolicy( const pthread_attr_t *a, int *p ) { *p = a->policy; return 0; }

int pthread_attr_setschedparam( pthread_attr_t *a, const struct sched_param *sp )
{
    if ( !prio_valid( a->policy, sp->sched_priority ) )
        return EINVAL;
    a->priority = sp->sched_priority;
    return 0;
}

int pthread_attr_getschedparam( const pthread_attr_t *a, struct sched_param *sp )
{
    sp->sched_priority = a->priority;
    return 0;
}

int pthread_attr_setscope( pthread_attr_t *a, int s )
{
    if ( s == PTHREAD_SCOPE_PROCESS )
        return ENOTSUP;   /* like Linux: every thread competes system-wide */
    if ( s != PTHREAD_SCOPE_SYSTEM )
        return EINVAL;
    a->scope = s;
    return 0;
}

int pthread_attr_getscope( const pthread_attr_t *a, int *s ) { *s = a->scope; return 0; }

/* -- scheduling of running threads ----------------------------------------------------------- */

static struct __dios_task *live_task( pthread_t tid )
{
    struct __dios_task *t = __dios_task_by_id( ( int ) tid );
    return t && t->state != TASK_DEAD ? t : 0;
}

int pthread_getschedparam( pthread_t tid, int *policy, struct sched_param *sp )
{
    struct __dios_task *t = live_task( tid );
    if ( !t )
        return ESRCH;
    *policy = t->sched_policy;
    sp->sched_priority = t->sched_prio;
    return 0;
}

int pthread_setschedparam( pthread_t tid, int policy, const struct sched_param *sp )
{
    struct __dios_task *t = live_task( tid );
    if ( !t )
        return ESRCH;
    if ( !policy_valid( policy ) || !prio_valid( policy, sp->sched_priority ) )
        return EINVAL;
    t->sched_policy = policy;
    t->sched_prio = sp->sched_priority;
    return 0;
}

int pthread_setschedprio( pthread_t tid, int prio )
{
    struct __dios_task *t = live_task( tid );
    if ( !t )
        return ESRCH;
    if ( !prio_valid( t->sched_policy, prio ) )
        return EINVAL;
    t->sched_prio = prio;
    return 0;
}

static int concurrency;

int pthread_getconcurrency( void ) { return concurrency; }

int pthread_setconcurrency( int level )
{
    if ( level < 0 )
        return EINVAL;
    concurrency = level;
    return 0;
}

int pthread_getcpuclockid( pthread_t tid, clockid_t *clock )
{
    if ( !live_task( tid ) )
        return ESRCH;
    *clock = CLOCK_THREAD_CPUTIME_ID;
    return 0;
}

/* the process: pid 0 or its own pid; one scheduler for all */
static int own_pid( pid_t pid )
{
    return pid == 0 || pid == getpid();
}

int sched_getparam( pid_t pid, struct sched_param *sp )
{
    if ( !own_pid( pid ) )
    {
        errno = ESRCH;
        return -1;
    }
    sp->sched_priority = 0;
    return 0;
}

int sched_getscheduler( pid_t pid )
{
    if ( !own_pid( pid ) )
    {
        errno = ESRCH;
        return -1;
    }
    return SCHED_OTHER;
}

int sched_setparam( pid_t pid, const struct sched_param *sp )
{
    return sched_setscheduler( pid, SCHED_OTHER, sp );
}

int sched_setscheduler( pid_t pid, int policy, const struct sched_param *sp )
{
    if ( !own_pid( pid ) )
    {
        errno = ESRCH;
        return -1;
    }
    if ( !policy_valid( policy ) || !prio_valid( policy, sp->sched_priority ) )
    {
        errno = EINVAL;
        return -1;
    }
    if ( policy != SCHED_OTHER )
    {   /* real-time policies need privileges a sandboxed program lacks */
        errno = EPERM;
        return -1;
    }
    return SCHED_OTHER;   /* the previous policy */
}

int sched_rr_get_interval( pid_t pid, struct timespec *ts )
{
    if ( !own_pid( pid ) )
    {
        errno = ESRCH;
        return -1;
    }
    ts->tv_sec = 0;
    ts->tv_nsec = 100000000;
    return 0;
}

/* -- mutex and condition attributes ---------------------------------------------------------- */

int pthread_mutexattr_setprotocol( pthread_mutexattr_t *a, int p )
{
    if ( p != PTHREAD_PRIO_NONE && p != PTHREAD_PRIO_INHERIT && p != PTHREAD_PRIO_PROTECT )
        return EINVAL;
    a->protocol = p;
    return 0;
}

int pthread_mutexattr_getprotocol( const pthread_mutexattr_t *a, int *p ) { *p = a->protocol; return 0; }

int pthread_mutexattr_setprioceiling( pthread_mutexattr_t *a, int c )
{
    if ( !prio_valid( SCHED_FIFO, c ) )
        return EINVAL;
    a->prioceiling = c;
    return 0;
}

int pthread_mutexattr_getprioceiling( const pthread_mutexattr_t *a, int *c ) { *c = a->prioceiling; return 0; }

int pthread_mutexattr_setrobust( pthread_mutexattr_t *a, int r )
{
    if ( r != PTHREAD_MUTEX_STALLED && r != PTHREAD_MUTEX_ROBUST )
        return EINVAL;
    a->robust = r;   /* recorded; a dead owner's robust mutex stays locked as a stalled one */
    return 0;
}

int pthread_mutexattr_getrobust( const pthread_mutexattr_t *a, int *r ) { *r = a->robust; return 0; }

int pthread_mutex_getprioceiling( const pthread_mutex_t *m, int *c )
{
    ( void ) m;
    *c = 0;
    return 0;
}

int pthread_mutex_setprioceiling( pthread_mutex_t *m, int c, int *old )
{
    ( void ) m;
    if ( !prio_valid( SCHED_FIFO, c ) )
        return EINVAL;
    if ( old )
        *old = 0;
    return 0;
}

int pthread_mutex_consistent( pthread_mutex_t *m )
{
    ( void ) m;
    return EINVAL;   /* no mutex is ever left inconsistent by a dead owner */
}

int pthread_condattr_setclock( pthread_condattr_t *a, clockid_t c )
{
    if ( c != CLOCK_REALTIME && c != CLOCK_MONOTONIC )
        return EINVAL;
    a->clock = c;
    return 0;
}

int pthread_condattr_getclock( const pthread_condattr_t *a, clockid_t *c ) { *c = a->clock; return 0; }

int pthread_condattr_setpshared( pthread_condattr_t *a, int p )
{
    if ( p != PTHREAD_PROCESS_PRIVATE && p != PTHREAD_PROCESS_SHARED )
        return EINVAL;
    a->pshared = p;   /* one process: nothing changes */
    return 0;
}

int pthread_condattr_getpshared( const pthread_condattr_t *a, int *p ) { *p = a->pshared; return 0; }

/* -- fork handlers ------------------------------------------------------------------------------ */

/* triples prepare, parent, child, in the order of registration */
typedef void ( *fork_fn )( void );
static fork_fn *atfork;
static int natfork;

int pthread_atfork( fork_fn prepare, fork_fn parent, fork_fn child )
{
    fork_fn *n = kalloc( 3 * ( natfork + 1 ) * sizeof( fork_fn ) );
    for ( int i = 0; i < 3 * natfork; ++i )
        n[ i ] = atfork[ i ];
    n[ 3 * natfork ] = prepare;
    n[ 3 * natfork + 1 ] = parent;
    n[ 3 * natfork + 2 ] = child;
    if ( atfork )
        __vm_obj_free( atfork );
    atfork = n;
    ++natfork;
    return 0;
}

/* fork calls this: phase 0 before (prepare handlers, the last registered
 * first), 1 in the parent after, 2 in the child (both in registration order) */
void __dios_run_atfork( int phase )
{
    for ( int k = 0; k < natfork; ++k )
    {
        int i = phase == 0 ? natfork - 1 - k : k;
        fork_fn f = atfork[ 3 * i + phase ];
        if ( f )
            f();
    }
}
