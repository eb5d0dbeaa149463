/* The core of POSIX threads: create, exit, join, detach, self, mutexes and
 * condition variables.  Waiting is __dios_block: the task is parked until
 * __dios_wait_done says its condition holds. */

#include "dios_internal.h"
#include <dios.h>
#include <sys/dios_syscall.h>
#include <pthread.h>
#include <errno.h>

void exit( int ) __attribute__((noreturn));

static struct dios_state *state( void )
{
    return ( struct dios_state * ) __vm_ctl_get( _VM_CR_State );
}

static void thread_start( void *arg )
{
    struct __dios_task *t = arg;
    pthread_exit( t->start( t->arg ) );
}

int pthread_create( pthread_t *tid, const pthread_attr_t *attr, void *( *fn )( void * ), void *arg )
{
    struct __dios_task *t = __dios_new_task( 0, 0 );
    t->frame = __dios_make_frame( thread_start, t );
    t->start = fn;
    t->arg = arg;
    __vm_obj_shared( arg );   /* what a new thread is handed, it can reach */
    t->detached = attr && attr->detach == PTHREAD_CREATE_DETACHED;
    struct __dios_task *self = __dios_current();
    int explicit = attr && attr->inherit == PTHREAD_EXPLICIT_SCHED;
    t->sched_policy = explicit ? attr->policy : self->sched_policy;
    t->sched_prio = explicit ? attr->priority : self->sched_prio;
    *tid = t->id;
    __dios_reschedule();
    return 0;
}

static void run_key_destructors( struct __dios_task *t )
{
    struct dios_state *s = state();
    for ( int round = 0; round < 4; ++round )
    {
        int again = 0;
        for ( int k = 0; k < t->nkeys && k < s->nkeys; ++k )
            if ( t->keys[ k ] && s->key_dtors[ k ] )
            {
                void *v = t->keys[ k ];
                t->keys[ k ] = 0;
                s->key_dtors[ k ]( v );
                again = 1;
            }
        if ( !again )
            break;
    }
}

#define __cleanup __pthread_cleanup

void pthread_exit( void *value )
{
    struct __dios_task *t = __dios_current();
    if ( t->cancel_pending && t->cancel_state == PTHREAD_CANCEL_ENABLE && !t->exiting )
        value = PTHREAD_CANCELED;   /* a request still pending: it ends as cancelled (as in DIVINE) */
    t->exiting = 1;
    while ( t->cleanup )
    {
        struct __cleanup *c = t->cleanup;
        t->cleanup = c->next;
        c->fn( c->arg );
    }
    run_key_destructors( t );
    t->retval = value;
    if ( t->is_main )
    {   /* the process lives on until the other threads end */
        struct dios_state *s = state();
        t->state = TASK_ZOMBIE;
        for ( ;; )
        {
            int others = 0;
            for ( int i = 0; i < s->ntasks; ++i )
                if ( s->tasks[ i ]->state == TASK_RUNNING && s->tasks[ i ] != t && s->tasks[ i ]->proc == t->proc )
                    others = 1;
            if ( !others )
                exit( 0 );
            t->state = TASK_RUNNING;
            __dios_block( WAIT_JOIN, 0, -1 );
        }
    }
    __dios_task_exit();
}

/* A thread nobody can join any more is gone: it leaves the task table (its
 * id is never used again, so pthread_join and friends then find no such
 * thread).  Kept, ended threads would pile up: every later state would
 * carry them and every walk over the table would grow with them (a loop
 * creating and joining n threads had n^2 states).  The table stays in
 * creation order; the running task's index (a register) moves with it. */
static void reap( struct __dios_task *t )
{
    struct dios_state *s = state();
    int cur = ( int )( intptr_t ) __vm_ctl_get( _VM_CR_Task ), i = 0;
    while ( i < s->ntasks && s->tasks[ i ] != t )
        ++i;
    if ( i == s->ntasks || i == cur )
        return;
    for ( int k = 0; k < s->ntasks; ++k )   /* another joiner still looks at it (undefined, but no crash) */
        if ( s->tasks[ k ]->wait_kind == WAIT_JOIN && s->tasks[ k ]->wait_obj == t )
            return;
    for ( int k = i; k + 1 < s->ntasks; ++k )
        s->tasks[ k ] = s->tasks[ k + 1 ];
    s->tasks[ --s->ntasks ] = 0;
    if ( cur > i )
        __vm_ctl_set( _VM_CR_Task, ( void * )( intptr_t )( cur - 1 ) );
    if ( s->last > i )
        --s->last;
    if ( t->keys )
        __vm_obj_free( t->keys );
    if ( t->tls )
        __vm_obj_free( t->tls );   /* (the copies themselves go when nothing points to them) */
    __vm_obj_free( t );
}

int pthread_join( pthread_t tid, void **ret )
{
    struct __dios_task *self = __dios_current();
    struct __dios_task *t = __dios_task_by_id( ( int ) tid );
    if ( !t || t->state == TASK_DEAD )
        return ESRCH;
    if ( t == self )
        return EDEADLK;
    if ( t->detached )
        return EINVAL;
    __dios_cancel_point();
    while ( t->state == TASK_RUNNING )
    {   /* pthread_cancel wakes a blocked thread it cancels */
        __dios_block( WAIT_JOIN, t, t->id );
        self->wait_arg = 0;   /* (kept, a joiner's state would remember whom it waited for last) */
        __dios_cancel_point();
    }
    if ( ret )
        *ret = t->retval;
    t->state = TASK_DEAD;
    reap( t );
    return 0;
}

int pthread_detach( pthread_t tid )
{
    struct __dios_task *t = __dios_task_by_id( ( int ) tid );
    if ( !t || t->state == TASK_DEAD )
        return ESRCH;
    if ( t->detached )
        return EINVAL;
    t->detached = 1;
    if ( t->state == TASK_ZOMBIE )
    {
        t->state = TASK_DEAD;
        reap( t );
    }
    return 0;
}

pthread_t pthread_self( void )
{
    return __dios_current()->id;
}

int pthread_equal( pthread_t a, pthread_t b )
{
    return a == b;
}

int sched_yield( void )
{
    __dios_reschedule();
    return 0;
}

/* -- mutexes ------------------------------------------------------------------ */

static int owner_of( pthread_mutex_t *m )
{
    return m->__owner;
}

/* Does waiting for m from t close a cycle of threads waiting on each other's locks? */
static int lock_cycle( struct __dios_task *t, pthread_mutex_t *m )
{
    struct dios_state *s = state();
    for ( int steps = 0; m && steps <= s->ntasks; ++steps )
    {
        struct __dios_task *o = __dios_task_by_id( owner_of( m ) );
        if ( !o )
            return 0;
        if ( o == t )
            return 1;
        if ( o->wait_kind != WAIT_MUTEX )
            return 0;
        m = o->wait_obj;
    }
    return 0;
}

int __dios_wait_done( struct dios_state *s, struct __dios_task *t )
{
    ( void ) s;
    switch ( t->wait_kind )
    {
        case WAIT_MUTEX:
            return owner_of( t->wait_obj ) == 0;
        case WAIT_COND:  /* woken by signal/broadcast: wait_arg cleared */
            return t->wait_arg == 0;
        default:
            return __dios_wait_done_ext( s, t );
    }
}

int pthread_mutex_init( pthread_mutex_t *m, const pthread_mutexattr_t *a )
{
    m->__owner = 0;
    m->__count = 0;
    m->__type = a ? a->type : PTHREAD_MUTEX_DEFAULT;
    m->__inited = 1;
    return 0;
}

int pthread_mutex_lock( pthread_mutex_t *m )
{
    struct __dios_task *t = __dios_current();
    if ( owner_of( m ) == t->id )
    {
        if ( m->__type == PTHREAD_MUTEX_RECURSIVE )
        {
            ++m->__count;
            return 0;
        }
        if ( m->__type == PTHREAD_MUTEX_ERRORCHECK )
            return EDEADLK;
        if ( !__dios_deadlock_waits() )
        {
            __dios_fault( _VM_F_Deadlock, "a thread locks a mutex it already holds" );
            return EDEADLK;
        }  /* (-o cancel:deadlock) as a normal mutex does: it waits for itself for ever */
    }
    __dios_visible( m );
    while ( owner_of( m ) )
    {
        if ( !__dios_deadlock_waits() && lock_cycle( t, m ) )
            __dios_fault( _VM_F_Deadlock, "threads wait for each other's mutexes in a cycle" );
        __dios_block( WAIT_MUTEX, m, 0 );
    }
    m->__owner = t->id;
    m->__count = 1;
    return 0;
}

int pthread_mutex_trylock( pthread_mutex_t *m )
{
    struct __dios_task *t = __dios_current();
    __dios_visible( m );
    if ( owner_of( m ) == t->id && m->__type == PTHREAD_MUTEX_RECURSIVE )
    {
        ++m->__count;
        return 0;
    }
    if ( owner_of( m ) )
        return EBUSY;
    m->__owner = t->id;
    m->__count = 1;
    return 0;
}

int pthread_mutex_unlock( pthread_mutex_t *m )
{
    struct __dios_task *t = __dios_current();
    if ( owner_of( m ) != t->id )
    {
        if ( m->__type == PTHREAD_MUTEX_ERRORCHECK || m->__type == PTHREAD_MUTEX_RECURSIVE )
            return EPERM;
        __dios_fault( _VM_F_Locking, owner_of( m ) ? "unlocking a mutex another thread holds"
                                                   : "unlocking a mutex that is not locked" );
        return EPERM;
    }
    if ( m->__type == PTHREAD_MUTEX_RECURSIVE && --m->__count > 0 )
        return 0;
    __dios_visible( m );
    m->__owner = 0;
    m->__count = 0;
    return 0;
}

int pthread_mutex_destroy( pthread_mutex_t *m )
{
    if ( owner_of( m ) )
    {
        if ( m->__type == PTHREAD_MUTEX_ERRORCHECK )
            return EBUSY;
        __dios_fault( _VM_F_Locking, "destroying a locked mutex" );
        return EBUSY;
    }
    m->__inited = 0;
    return 0;
}

/* -- condition variables ----------------------------------------------------------- */

int pthread_cond_init( pthread_cond_t *c, const pthread_condattr_t *a )
{
    ( void ) a;
    c->__waiters = 0;
    return 0;
}

static int cond_wait( pthread_cond_t *c, pthread_mutex_t *m, int timed )
{
    struct __dios_task *t = __dios_current();
    if ( owner_of( m ) != t->id )
    {
        if ( m->__type == PTHREAD_MUTEX_ERRORCHECK )
            return EPERM;
        __dios_fault( _VM_F_Locking, "pthread_cond_wait with a mutex the thread does not hold" );
        return EPERM;
    }
    __dios_cancel_point();
    int count = m->__count;
    m->__owner = 0;
    m->__count = 0;
    ++c->__waiters;
    int r = 0;
    if ( timed )
    {   /* runnable at once: it times out if scheduled before a wake (so a
         * timed wait never takes part in a deadlock) */
        __dios_block( WAIT_COND_TIMED, c, 1 );
        if ( t->wait_arg )
            r = ETIMEDOUT;
    }
    else
        __dios_block( WAIT_COND, c, 1 );
    int woken = !t->wait_arg;   /* by a signal or broadcast (waiting for m below reuses wait_arg) */
    t->wait_arg = 0;   /* what a wait was about is not kept past it: states alike but for it are one */
    --c->__waiters;
    while ( owner_of( m ) )
        __dios_block( WAIT_MUTEX, m, 0 );
    m->__owner = t->id;
    m->__count = count;
    if ( !woken )   /* woken by pthread_cancel, or timed out: act on a cancellation */
        __dios_cancel_point();   /* with the mutex held, as POSIX says; a signal is never lost */
    return r;
}

int pthread_cond_wait( pthread_cond_t *c, pthread_mutex_t *m )
{
    return cond_wait( c, m, 0 );
}

int pthread_cond_timedwait( pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *ts )
{
    ( void ) ts;
    return cond_wait( c, m, 1 );
}

static void wake( pthread_cond_t *c, int all )
{
    struct dios_state *s = state();
    int n = 0, cand[ s->ntasks ? s->ntasks : 1 ];
    for ( int i = 0; i < s->ntasks; ++i )
    {
        struct __dios_task *t = s->tasks[ i ];
        if ( ( t->wait_kind == WAIT_COND || t->wait_kind == WAIT_COND_TIMED ) && t->wait_obj == c &&
             t->wait_arg )
            cand[ n++ ] = i;
    }
    if ( !n )
        return;
    if ( all )
        for ( int i = 0; i < n; ++i )
            s->tasks[ cand[ i ] ]->wait_arg = 0;
    else  /* POSIX lets signal wake any one waiter */
        s->tasks[ cand[ n > 1 ? __vm_choose( n ) : 0 ] ]->wait_arg = 0;
}

int pthread_cond_signal( pthread_cond_t *c )
{
    __dios_visible( c );
    wake( c, 0 );
    return 0;
}

int pthread_cond_broadcast( pthread_cond_t *c )
{
    __dios_visible( c );
    wake( c, 1 );
    return 0;
}

int pthread_cond_destroy( pthread_cond_t *c )
{
    struct dios_state *s = state();
    for ( int i = 0; i < s->ntasks; ++i )
        if ( ( s->tasks[ i ]->wait_kind == WAIT_COND || s->tasks[ i ]->wait_kind == WAIT_COND_TIMED ) &&
             s->tasks[ i ]->wait_obj == c )
        {
            __dios_fault( _VM_F_Locking, "destroying a condition variable other threads wait on" );
            return EBUSY;
        }
    return 0;
}

int pthread_attr_init( pthread_attr_t *a )
{
    __builtin_memset( a, 0, sizeof( *a ) );
    a->detach = PTHREAD_CREATE_JOINABLE;
    a->stacksize = 8ul << 20;
    a->guardsize = 4096;
    a->inherit = PTHREAD_INHERIT_SCHED;
    a->policy = SCHED_OTHER;
    a->scope = PTHREAD_SCOPE_SYSTEM;
    return 0;
}
int pthread_attr_destroy( pthread_attr_t *a ) { ( void ) a; return 0; }
int pthread_attr_setdetachstate( pthread_attr_t *a, int d )
{
    if ( d != PTHREAD_CREATE_JOINABLE && d != PTHREAD_CREATE_DETACHED )
        return EINVAL;
    a->detach = d;
    return 0;
}
int pthread_attr_getdetachstate( const pthread_attr_t *a, int *d ) { *d = a->detach; return 0; }
int pthread_mutexattr_init( pthread_mutexattr_t *a )
{
    __builtin_memset( a, 0, sizeof( *a ) );
    a->type = PTHREAD_MUTEX_DEFAULT;
    return 0;
}
int pthread_mutexattr_destroy( pthread_mutexattr_t *a ) { ( void ) a; return 0; }
int pthread_mutexattr_settype( pthread_mutexattr_t *a, int t )
{
    if ( t != PTHREAD_MUTEX_NORMAL && t != PTHREAD_MUTEX_RECURSIVE && t != PTHREAD_MUTEX_ERRORCHECK )
        return EINVAL;
    a->type = t;
    return 0;
}
int pthread_mutexattr_gettype( const pthread_mutexattr_t *a, int *t ) { *t = a->type; return 0; }
int pthread_condattr_init( pthread_condattr_t *a )
{
    a->clock = CLOCK_REALTIME;
    a->pshared = PTHREAD_PROCESS_PRIVATE;
    return 0;
}
int pthread_condattr_destroy( pthread_condattr_t *a ) { ( void ) a; return 0; }
