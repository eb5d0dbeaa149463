/* The rest of POSIX threads: read-write locks, barriers, pthread_once,
 * thread-specific data, spin locks, cancellation and cleanup handlers,
 * attributes; and the waiting conditions of everything beyond mutexes and
 * condition variables (semaphores included).  As in pthread_core.c, an
 * action other threads can see is preceded by __dios_visible and waiting is
 * __dios_block, never a busy loop. */

#include "dios_internal.h"
#include <dios.h>
#include <pthread.h>
#include <semaphore.h>
#include <errno.h>
#include <limits.h>

static struct dios_state *state( void )
{
    return ( struct dios_state * ) __vm_ctl_get( _VM_CR_State );
}

static void *kalloc( int size )
{
    return __vm_obj_make( size, _VM_PT_Marked );
}

/* does some thread wait for obj in a wait of kind k1 or k2? */
static int has_waiters( void *obj, int k1, int k2 )
{
    struct dios_state *s = state();
    for ( int i = 0; i < s->ntasks; ++i )
        if ( s->tasks[ i ]->wait_obj == obj &&
             ( s->tasks[ i ]->wait_kind == k1 || s->tasks[ i ]->wait_kind == k2 ) )
            return 1;
    return 0;
}

static void kzero( void *p, int size )
{
    char *c = p;
    for ( int i = 0; i < size; ++i )
        c[ i ] = 0;
}

int __dios_wait_done_ext( struct dios_state *s, struct __dios_task *t )
{
    ( void ) s;
    switch ( t->wait_kind )
    {
        case WAIT_RWLOCK_RD:
            return ( ( pthread_rwlock_t * ) t->wait_obj )->__writer == 0;
        case WAIT_RWLOCK_WR:
        {
            pthread_rwlock_t *l = t->wait_obj;
            return l->__writer == 0 && l->__readers == 0;
        }
        case WAIT_BARRIER:
            return ( ( pthread_barrier_t * ) t->wait_obj )->__round != t->wait_arg;
        case WAIT_SEM:
            return ( ( sem_t * ) t->wait_obj )->__value > 0;
        case WAIT_ONCE:
            return *( pthread_once_t * ) t->wait_obj >= 0;
        case WAIT_SPIN:
            return *( pthread_spinlock_t * ) t->wait_obj == 0;
        case WAIT_COND_TIMED:
        case WAIT_TIMED:
            return 1;
        default:
            return 1;
    }
}

/* -- read-write locks ---------------------------------------------------------------------- */

int pthread_rwlockattr_init( pthread_rwlockattr_t *a ) { a->pshared = PTHREAD_PROCESS_PRIVATE; return 0; }
int pthread_rwlockattr_destroy( pthread_rwlockattr_t *a ) { ( void ) a; return 0; }
int pthread_rwlockattr_setpshared( pthread_rwlockattr_t *a, int p ) { a->pshared = p; return 0; }
int pthread_rwlockattr_getpshared( const pthread_rwlockattr_t *a, int *p ) { *p = a->pshared; return 0; }

int pthread_rwlock_init( pthread_rwlock_t *l, const pthread_rwlockattr_t *a )
{
    ( void ) a;
    l->__readers = l->__writer = l->__wwait = l->__nslots = 0;
    l->__rd = 0;
    return 0;
}

/* the read-lock count the thread tid holds on l, as a pointer into l->__rd, or null */
static int *read_slot( pthread_rwlock_t *l, int tid )
{
    for ( int i = 0; i < l->__nslots; ++i )
        if ( l->__rd[ 2 * i + 1 ] && l->__rd[ 2 * i ] == tid )
            return &l->__rd[ 2 * i + 1 ];
    return 0;
}

static int reads_held( pthread_rwlock_t *l, int tid )
{
    int *c = read_slot( l, tid );
    return c ? *c : 0;
}

/* The holders are kept sorted by thread id in the first slots, the others
 * zero: the table's contents then depend only on who holds the lock, not on
 * who held it before or in what order they came (states that differ only in
 * that history would not be merged).  The table is kept once made: a new
 * object each time would change the order of the heap's objects. */
static void add_reader( pthread_rwlock_t *l, int tid )
{
    int *c = read_slot( l, tid );
    if ( !c )
    {
        int used = 0;
        while ( used < l->__nslots && l->__rd[ 2 * used + 1 ] )
            ++used;
        if ( used == l->__nslots )
        {
            int n = l->__nslots ? 2 * l->__nslots : 4;
            int *rd = kalloc( 2 * n * sizeof( int ) );
            kzero( rd, 2 * n * sizeof( int ) );
            for ( int k = 0; k < 2 * l->__nslots; ++k )
                rd[ k ] = l->__rd[ k ];
            if ( l->__rd )
                __vm_obj_free( l->__rd );
            l->__rd = rd;
            l->__nslots = n;
        }
        int i = used;
        for ( ; i > 0 && l->__rd[ 2 * ( i - 1 ) ] > tid; --i )
        {
            l->__rd[ 2 * i ] = l->__rd[ 2 * i - 2 ];
            l->__rd[ 2 * i + 1 ] = l->__rd[ 2 * i - 1 ];
        }
        l->__rd[ 2 * i ] = tid;
        l->__rd[ 2 * i + 1 ] = 0;
        c = &l->__rd[ 2 * i + 1 ];
    }
    ++*c;
    ++l->__readers;
}

static void drop_reader( pthread_rwlock_t *l, int *c )
{
    --l->__readers;
    if ( --*c )
        return;
    int i = ( int )( c - l->__rd ) / 2;
    for ( ; i + 1 < l->__nslots && l->__rd[ 2 * i + 3 ]; ++i )
    {
        l->__rd[ 2 * i ] = l->__rd[ 2 * i + 2 ];
        l->__rd[ 2 * i + 1 ] = l->__rd[ 2 * i + 3 ];
    }
    l->__rd[ 2 * i ] = l->__rd[ 2 * i + 1 ] = 0;
}

int pthread_rwlock_rdlock( pthread_rwlock_t *l )
{
    struct __dios_task *t = __dios_current();
    if ( l->__writer == t->id )
    {
        __dios_fault( _VM_F_Deadlock, "a thread read-locks a rwlock it holds for writing" );
        return EDEADLK;
    }
    __dios_visible( l );
    while ( l->__writer )
        __dios_block( WAIT_RWLOCK_RD, l, 0 );
    add_reader( l, t->id );
    return 0;
}

int pthread_rwlock_tryrdlock( pthread_rwlock_t *l )
{
    __dios_visible( l );
    if ( l->__writer )
        return EBUSY;
    add_reader( l, __dios_current()->id );
    return 0;
}

int pthread_rwlock_wrlock( pthread_rwlock_t *l )
{
    struct __dios_task *t = __dios_current();
    if ( l->__writer == t->id || reads_held( l, t->id ) )
    {
        __dios_fault( _VM_F_Deadlock, l->__writer == t->id
                                          ? "a thread write-locks a rwlock it already holds for writing"
                                          : "a thread write-locks a rwlock it holds for reading" );
        return EDEADLK;
    }
    __dios_visible( l );
    if ( l->__writer || l->__readers )
    {
        ++l->__wwait;
        while ( l->__writer || l->__readers )
            __dios_block( WAIT_RWLOCK_WR, l, 0 );
        --l->__wwait;
    }
    l->__writer = t->id;
    return 0;
}

int pthread_rwlock_trywrlock( pthread_rwlock_t *l )
{
    __dios_visible( l );
    if ( l->__writer || l->__readers )
        return EBUSY;
    l->__writer = __dios_current()->id;
    return 0;
}

/* Timed locks, like pthread_mutex_timedlock: a thread that finds the lock
 * taken stays runnable and times out if scheduled while it still is. */
static int bad_time( const struct timespec *ts )
{
    return !ts || ts->tv_nsec < 0 || ts->tv_nsec >= 1000000000;
}

int pthread_rwlock_timedrdlock( pthread_rwlock_t *l, const struct timespec *ts )
{
    struct __dios_task *t = __dios_current();
    if ( l->__writer == t->id )
        return EDEADLK;
    __dios_visible( l );
    if ( l->__writer )
    {
        if ( bad_time( ts ) )
            return EINVAL;
        __dios_block( WAIT_TIMED, l, 0 );
        if ( l->__writer )
            return ETIMEDOUT;
    }
    add_reader( l, t->id );
    return 0;
}

int pthread_rwlock_timedwrlock( pthread_rwlock_t *l, const struct timespec *ts )
{
    struct __dios_task *t = __dios_current();
    if ( l->__writer == t->id || reads_held( l, t->id ) )
        return EDEADLK;
    __dios_visible( l );
    if ( l->__writer || l->__readers )
    {
        if ( bad_time( ts ) )
            return EINVAL;
        __dios_block( WAIT_TIMED, l, 0 );
        if ( l->__writer || l->__readers )
            return ETIMEDOUT;
    }
    l->__writer = t->id;
    return 0;
}

int pthread_rwlock_unlock( pthread_rwlock_t *l )
{
    struct __dios_task *t = __dios_current();
    int *c = read_slot( l, t->id );
    if ( l->__writer != t->id && !c )
    {
        __dios_fault( _VM_F_Locking, l->__writer || l->__readers
                                         ? "unlocking a rwlock the thread does not hold"
                                         : "unlocking a rwlock that is not locked" );
        return EPERM;
    }
    __dios_visible( l );
    if ( l->__writer == t->id )
        l->__writer = 0;
    else  /* (found again: other readers may have moved the slots meanwhile) */
        drop_reader( l, read_slot( l, t->id ) );
    return 0;
}

int pthread_rwlock_destroy( pthread_rwlock_t *l )
{
    if ( l->__writer || l->__readers || has_waiters( l, WAIT_RWLOCK_RD, WAIT_RWLOCK_WR ) )
    {
        __dios_fault( _VM_F_Locking, l->__writer || l->__readers ? "destroying a locked rwlock"
                                                                 : "destroying a rwlock other threads wait for" );
        return EBUSY;
    }
    if ( l->__rd )
        __vm_obj_free( l->__rd );
    l->__rd = 0;
    l->__nslots = 0;
    return 0;
}

/* -- barriers --------------------------------------------------------------------------------- */

int pthread_barrierattr_init( pthread_barrierattr_t *a ) { a->pshared = PTHREAD_PROCESS_PRIVATE; return 0; }
int pthread_barrierattr_destroy( pthread_barrierattr_t *a ) { ( void ) a; return 0; }
int pthread_barrierattr_setpshared( pthread_barrierattr_t *a, int p ) { a->pshared = p; return 0; }
int pthread_barrierattr_getpshared( const pthread_barrierattr_t *a, int *p ) { *p = a->pshared; return 0; }

/* __count of a destroyed barrier: waiting on it or destroying it again gives EINVAL */
#define BARRIER_DESTROYED ( -1 )

int pthread_barrier_init( pthread_barrier_t *b, const pthread_barrierattr_t *a, unsigned count )
{
    ( void ) a;
    if ( count == 0 || count > INT_MAX )
        return EINVAL;
    b->__count = ( int ) count;
    b->__arrived = 0;
    b->__round = 0;
    return 0;
}

int pthread_barrier_wait( pthread_barrier_t *b )
{
    __dios_visible( b );
    if ( b->__count == BARRIER_DESTROYED )
        return EINVAL;   /* POSIX's optional check, which programs (and test suites) rely on */
    if ( b->__count <= 0 )
    {
        __dios_fault( _VM_F_Locking, "waiting on a barrier that is not initialised" );
        return EINVAL;
    }
    if ( ++b->__arrived == b->__count )
    {   /* the last one to arrive releases the round; the released threads no
         * longer look at the barrier, which may be destroyed at once */
        struct dios_state *s = state();
        for ( int i = 0; i < s->ntasks; ++i )
            if ( s->tasks[ i ]->wait_kind == WAIT_BARRIER && s->tasks[ i ]->wait_obj == b )
                s->tasks[ i ]->wait_kind = WAIT_NONE;
        b->__arrived = 0;
        ++b->__round;
        return PTHREAD_BARRIER_SERIAL_THREAD;
    }
    __dios_block( WAIT_BARRIER, b, b->__round );
    __dios_current()->wait_arg = 0;
    return 0;
}

int pthread_barrier_destroy( pthread_barrier_t *b )
{
    if ( b->__count <= 0 )
        return EINVAL;   /* destroyed already, or never initialised */
    if ( b->__arrived )
    {
        __dios_fault( _VM_F_Locking, "destroying a barrier other threads wait on" );
        return EBUSY;
    }
    b->__count = BARRIER_DESTROYED;
    return 0;
}

/* -- pthread_once -------------------------------------------------------------------------- */

static void once_abandoned( void *o )
{   /* the init routine was cancelled: the next caller runs it again */
    *( pthread_once_t * ) o = 0;
}

int pthread_once( pthread_once_t *o, void ( *init )( void ) )
{
    struct __dios_task *t = __dios_current();
    __dios_visible( o );
    for ( ;; )
    {
        if ( *o > 0 )
            return 0;
        if ( *o == 0 )
            break;
        if ( *o == -t->id )
        {
            __dios_fault( _VM_F_Deadlock, "pthread_once called again from its own init routine" );
            return EDEADLK;
        }
        __dios_block( WAIT_ONCE, o, 0 );
    }
    *o = -t->id;
    struct __pthread_cleanup c;
    __pthread_cleanup_push( &c, once_abandoned, ( void * ) o );
    init();
    __pthread_cleanup_pop( &c, 0 );
    __dios_visible( o );
    *o = 1;
    return 0;
}

/* -- thread-specific data ------------------------------------------------------------------ */

/* the destructor slot of a deleted key; values are cleared at deletion, so it is never called */
static void key_deleted( void *v ) { ( void ) v; }

static int key_valid( struct dios_state *s, pthread_key_t k )
{
    return k < ( unsigned ) s->nkeys && s->key_dtors[ k ] != key_deleted;
}

int pthread_key_create( pthread_key_t *key, void ( *dtor )( void * ) )
{
    struct dios_state *s = state();
    int k = 0;
    while ( k < s->nkeys && s->key_dtors[ k ] != key_deleted )
        ++k;
    if ( k == s->nkeys )
    {
        if ( k >= PTHREAD_KEYS_MAX )
            return EAGAIN;
        int cap = s->key_dtors ? __vm_obj_size( s->key_dtors ) / ( int ) sizeof( *s->key_dtors ) : 0;
        if ( k == cap )
        {
            int n = cap ? 2 * cap : 4;
            void ( **d )( void * ) = kalloc( n * sizeof( *d ) );
            for ( int i = 0; i < s->nkeys; ++i )
                d[ i ] = s->key_dtors[ i ];
            if ( s->key_dtors )
                __vm_obj_free( s->key_dtors );
            s->key_dtors = d;
        }
        ++s->nkeys;
    }
    s->key_dtors[ k ] = dtor;
    *key = k;
    return 0;
}

int pthread_key_delete( pthread_key_t k )
{
    struct dios_state *s = state();
    if ( !key_valid( s, k ) )
        return EINVAL;
    s->key_dtors[ k ] = key_deleted;
    for ( int i = 0; i < s->ntasks; ++i )
        if ( k < ( unsigned ) s->tasks[ i ]->nkeys )
            s->tasks[ i ]->keys[ k ] = 0;
    return 0;
}

void *pthread_getspecific( pthread_key_t k )
{
    struct __dios_task *t = __dios_current();
    return k < ( unsigned ) t->nkeys ? t->keys[ k ] : 0;
}

int pthread_setspecific( pthread_key_t k, const void *v )
{
    struct dios_state *s = state();
    struct __dios_task *t = __dios_current();
    if ( !key_valid( s, k ) )
        return EINVAL;
    if ( k >= ( unsigned ) t->nkeys )
    {
        int n = s->nkeys;
        void **keys = kalloc( n * sizeof( void * ) );
        for ( int i = 0; i < n; ++i )
            keys[ i ] = i < t->nkeys ? t->keys[ i ] : 0;
        if ( t->keys )
            __vm_obj_free( t->keys );
        t->keys = keys;
        t->nkeys = n;
    }
    t->keys[ k ] = ( void * ) v;
    return 0;
}

/* -- spin locks: a taken one blocks its taker like a mutex ------------------------------------ */

int pthread_spin_init( pthread_spinlock_t *l, int pshared )
{
    ( void ) pshared;
    *l = 0;
    return 0;
}

int pthread_spin_lock( pthread_spinlock_t *l )
{
    struct __dios_task *t = __dios_current();
    if ( *l == t->id )
    {
        __dios_fault( _VM_F_Deadlock, "a thread locks a spin lock it already holds" );
        return EDEADLK;
    }
    __dios_visible( ( void * ) l );
    while ( *l )
        __dios_block( WAIT_SPIN, ( void * ) l, 0 );
    *l = t->id;
    return 0;
}

int pthread_spin_trylock( pthread_spinlock_t *l )
{
    __dios_visible( ( void * ) l );
    if ( *l )
        return EBUSY;
    *l = __dios_current()->id;
    return 0;
}

int pthread_spin_unlock( pthread_spinlock_t *l )
{
    if ( *l != __dios_current()->id )
    {
        __dios_fault( _VM_F_Locking, *l ? "unlocking a spin lock another thread holds"
                                        : "unlocking a spin lock that is not locked" );
        return EPERM;
    }
    __dios_visible( ( void * ) l );
    *l = 0;
    return 0;
}

int pthread_spin_destroy( pthread_spinlock_t *l )
{
    if ( *l || has_waiters( ( void * ) l, WAIT_SPIN, WAIT_SPIN ) )
    {
        __dios_fault( _VM_F_Locking, "destroying a locked spin lock" );
        return EBUSY;
    }
    return 0;
}

/* -- cancellation ------------------------------------------------------------------------------
 * Deferred (the default): a request is acted on at the next cancellation
 * point of the thread: pthread_testcancel, pthread_join, pthread_cond_wait
 * and timedwait, sem_wait and timedwait, sleep, usleep, nanosleep, pause.
 * A blocked thread waiting at a cancellation point is woken to act on it.
 * A thread that ends (returns from its start routine or calls pthread_exit)
 * with a request pending and enabled ends as cancelled too: its join result
 * is PTHREAD_CANCELED, as in DIVINE.
 * Asynchronous: the request is acted on at once, wherever the thread is.
 * Acting on it runs the cleanup handlers and the key destructors and ends the
 * thread; pthread_join then gives PTHREAD_CANCELED. */

void __dios_cancel_point( void )
{
    struct __dios_task *t = __dios_current();
    if ( t && t->cancel_pending && t->cancel_state == PTHREAD_CANCEL_ENABLE )
    {
        t->cancel_pending = 0;
        pthread_exit( PTHREAD_CANCELED );
    }
}

/* pause() and sigsuspend(): nothing but a cancellation or a handler that
 * kill from another process runs in this thread ends the wait (the task
 * waits for itself to end: __dios_kill_proc wakes it) */
int __dios_pause( void )
{
    struct __dios_task *t = __dios_current();
    __dios_cancel_point();
    __dios_block( WAIT_JOIN, t, t->id );
    __dios_cancel_point();
    return -1;
}

/* the frame pushed on an asynchronously cancelled thread: it ends the
 * thread when it runs next (the thread's own frames stay below it, so the
 * cleanup handlers it pushed still live) */
static void cancelled_async( void *unused )
{
    ( void ) unused;
    __dios_cancel_point();
    __builtin_unreachable();
}

int pthread_cancel( pthread_t tid )
{
    struct __dios_task *t = __dios_task_by_id( ( int ) tid );
    if ( !t || t->state == TASK_DEAD )
        return ESRCH;
    __dios_visible( t );
    if ( t->state != TASK_RUNNING || t->exiting )
        return 0;   /* it has ended already, or is ending */
    t->cancel_pending = 1;
    if ( t->cancel_state != PTHREAD_CANCEL_ENABLE )
        return 0;
    if ( t->cancel_type == PTHREAD_CANCEL_ASYNCHRONOUS )
    {
        if ( t == __dios_current() )
            __dios_cancel_point();
        struct _VM_Frame *f = __dios_make_frame( cancelled_async, 0 );
        f->parent = t->frame;
        t->frame = f;
        t->wait_kind = WAIT_NONE;   /* whatever it waited for */
        t->wait_obj = 0;
        return 0;
    }
    /* a thread blocked at a cancellation point wakes up to act on it */
    if ( t->wait_kind == WAIT_JOIN || t->wait_kind == WAIT_COND || t->wait_kind == WAIT_COND_TIMED ||
         t->wait_kind == WAIT_SEM )
        t->wait_kind = WAIT_NONE;
    return 0;
}

/* enabling cancellation, or making it asynchronous, acts on a pending
 * request at once if both hold then */
static void cancel_if_async( struct __dios_task *t )
{
    if ( t->cancel_type == PTHREAD_CANCEL_ASYNCHRONOUS )
        __dios_cancel_point();
}

int pthread_setcancelstate( int st, int *old )
{
    struct __dios_task *t = __dios_current();
    if ( st != PTHREAD_CANCEL_ENABLE && st != PTHREAD_CANCEL_DISABLE )
        return EINVAL;
    if ( old )
        *old = t->cancel_state;
    t->cancel_state = st;
    cancel_if_async( t );
    return 0;
}

int pthread_setcanceltype( int ty, int *old )
{
    struct __dios_task *t = __dios_current();
    if ( ty != PTHREAD_CANCEL_DEFERRED && ty != PTHREAD_CANCEL_ASYNCHRONOUS )
        return EINVAL;
    if ( old )
        *old = t->cancel_type;
    t->cancel_type = ty;
    cancel_if_async( t );
    return 0;
}

void pthread_testcancel( void )
{
    struct __dios_task *t = __dios_current();
    __dios_visible( t );   /* a cancellation may arrive just before or after this point */
    __dios_cancel_point();
}

void __pthread_cleanup_push( struct __pthread_cleanup *c, void ( *fn )( void * ), void *arg )
{
    struct __dios_task *t = __dios_current();
    c->fn = fn;
    c->arg = arg;
    c->next = t->cleanup;
    t->cleanup = c;
}

void __pthread_cleanup_pop( struct __pthread_cleanup *c, int execute )
{
    struct __dios_task *t = __dios_current();
    if ( t->cleanup != c )
    {
        __dios_fault( _VM_F_Control, "pthread_cleanup_pop does not match the last pthread_cleanup_push" );
        return;
    }
    t->cleanup = c->next;
    if ( execute )
        c->fn( c->arg );
}

/* -- attributes and timed mutexes ----------------------------------------------------------- */

int pthread_attr_setstacksize( pthread_attr_t *a, size_t size )
{
    if ( size < PTHREAD_STACK_MIN )
        return EINVAL;
    a->stacksize = size;   /* recorded only: frames live in graph memory */
    return 0;
}

int pthread_attr_getstacksize( const pthread_attr_t *a, size_t *size )
{
    *size = a->stacksize;
    return 0;
}

int pthread_mutexattr_setpshared( pthread_mutexattr_t *a, int p )
{
    if ( p != PTHREAD_PROCESS_PRIVATE && p != PTHREAD_PROCESS_SHARED )
        return EINVAL;
    a->pshared = p;   /* one process: nothing changes */
    return 0;
}

int pthread_mutexattr_getpshared( const pthread_mutexattr_t *a, int *p )
{
    *p = a->pshared == PTHREAD_PROCESS_SHARED ? PTHREAD_PROCESS_SHARED : PTHREAD_PROCESS_PRIVATE;
    return 0;
}

/* Like pthread_mutex_lock, but a thread that finds the mutex taken stays
 * runnable: if it is scheduled while the mutex is still taken, it times out.
 * So every outcome of a real timeout is reachable and a timed lock never
 * takes part in a deadlock. */
int pthread_mutex_timedlock( pthread_mutex_t *m, const struct timespec *ts )
{
    struct __dios_task *t = __dios_current();
    ( void ) ts;
    if ( m->__owner == t->id )
    {
        if ( m->__type == PTHREAD_MUTEX_RECURSIVE )
        {
            ++m->__count;
            return 0;
        }
        if ( m->__type == PTHREAD_MUTEX_ERRORCHECK )
            return EDEADLK;
        return ETIMEDOUT;   /* a normal mutex it holds: it waits until the time is up */
    }
    __dios_visible( m );
    if ( m->__owner )
    {
        if ( !ts || ts->tv_nsec < 0 || ts->tv_nsec >= 1000000000 )
            return EINVAL;
        __dios_block( WAIT_TIMED, m, 0 );
        if ( m->__owner )
            return ETIMEDOUT;
    }
    m->__owner = t->id;
    m->__count = 1;
    return 0;
}

/* -- per-thread errno ------------------------------------------------------------------------ */

/* libc-shim's __errno_location returns this: each thread has its own errno */
int *__dios_errno( void )
{
    static int boot_errno;   /* before the first task exists */
    struct dios_state *s = state();
    struct __dios_task *t = s ? __dios_current() : 0;
    return t ? &t->err : &boot_errno;
}
