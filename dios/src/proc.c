/* POSIX processes, as DIVINE's DiOS has them (dios/sys/procmanager.hpp):
 * fork clones the calling thread and its process's memory, wait4 reaps
 * zombies, the process ids and groups, kill of another process.
 *
 * A process is a record (struct __dios_proc) its tasks point to.  Global
 * variables are per process: the running process's are the global objects
 * themselves, every other process keeps a bundle of hidden copies, and the
 * scheduler exchanges them when it switches processes.  Pids: one more than
 * the largest in use, as in DIVINE (a fork/wait loop stays finite). */

#include "dios_internal.h"
#include <dios.h>
#include <errno.h>
#include <signal.h>
#include <sys/wait.h>

static struct dios_state *state( void )
{
    return ( struct dios_state * ) __vm_ctl_get( _VM_CR_State );
}

static void *kalloc( int size )
{
    return __vm_obj_make( size, _VM_PT_Marked );
}

static void set_errno( int e )
{
    *__dios_errno() = e;
}

static struct __dios_proc *current( void )
{
    struct __dios_task *t = __dios_current();
    return t ? t->proc : 0;
}

static struct __dios_proc *find_live( struct dios_state *s, int pid )
{
    for ( int i = 0; i < s->nprocs; ++i )
        if ( s->procs[ i ]->pid == pid && s->procs[ i ]->state == PROC_LIVE )
            return s->procs[ i ];
    return 0;
}

static void copy_sigtab( struct __dios_proc *to, struct __dios_proc *from )
{
    if ( !from || !from->sigtab )
        return;
    int n = __vm_obj_size( from->sigtab );
    to->sigtab = kalloc( n );
    __builtin_memcpy( to->sigtab, from->sigtab, n );
}

struct __dios_proc *__dios_proc_new( struct dios_state *s, struct __dios_proc *parent )
{
    struct __dios_proc *p = kalloc( sizeof( struct __dios_proc ) );
    __builtin_memset( p, 0, sizeof( *p ) );
    int pid = 0;
    for ( int i = 0; i < s->nprocs; ++i )
        if ( s->procs[ i ]->pid > pid )
            pid = s->procs[ i ]->pid;
    p->pid = pid + 1;
    p->ppid = parent ? parent->pid : 0;
    p->pgid = parent ? parent->pgid : 1;
    p->sid = parent ? parent->sid : 1;
    copy_sigtab( p, parent );
    if ( s->nprocs == s->pcap )
    {
        int cap = s->pcap ? 2 * s->pcap : 2;
        struct __dios_proc **n = kalloc( cap * sizeof( *n ) );
        for ( int i = 0; i < s->nprocs; ++i )
            n[ i ] = s->procs[ i ];
        if ( s->procs )
            __vm_obj_free( s->procs );
        s->procs = n;
        s->pcap = cap;
    }
    s->procs[ s->nprocs++ ] = p;
    s->live_procs++;
    return p;
}

/* make p's globals the installed ones; the bundle it had now holds the
 * previously installed process's */
void __dios_proc_install( struct dios_state *s, struct __dios_proc *p )
{
    if ( p == s->installed )
        return;
    void *b = p->globals;
    __divm_proc_swap( b );
    p->globals = 0;
    s->installed->globals = b;
    s->installed = p;
}

/* -- fork ------------------------------------------------------------------------------------ */

/* The caller's frame is parked right after the call of this function: the
 * child continues there, in a copy of it (never inlined). */
__attribute__(( noinline )) static void fork_point( struct __dios_proc *child, void *const *block )
{
    void *frame = __vm_ctl_get( _VM_CR_Frame, 1 );
    void *cframe = 0;
    child->globals = __divm_fork( frame, block, &cframe );
    struct __dios_task *me = __dios_current();
    struct __dios_task *t = __dios_new_task( 0, 0 );
    __vm_obj_free( t->frame );
    t->frame = cframe;
    t->proc = child;
    t->is_main = 1;   /* the process's initial thread: it lives on until its others end */
    t->err = me->err;
    t->cancel_state = me->cancel_state;
    t->cancel_type = me->cancel_type;
    t->sched_policy = me->sched_policy;
    t->sched_prio = me->sched_prio;
}

/* block: objects whose kernel-data closure the child shares instead of
 * copying (libc-shim's file system) */
int __dios_fork( void *const *block )
{
    struct dios_state *s = state();
    struct __dios_proc *parent = current();
    struct __dios_proc *child = __dios_proc_new( s, parent );
    fork_point( child, block );
    if ( current() != parent )
        return 0;   /* the child goes on from here */
    return child->pid;
}

/* -- ending processes -------------------------------------------------------------------------- */

/* Take process p's tasks out of the table; their frames (and p's saved
 * globals, if any) go into dead, a null-terminated array for __divm_proc_drop. */
static void **remove_tasks( struct dios_state *s, struct __dios_proc *p )
{
    int n = 0;
    for ( int i = 0; i < s->ntasks; ++i )
        n += s->tasks[ i ]->proc == p;
    void **dead = kalloc( ( n + 2 ) * sizeof( void * ) );
    int k = 0, cur = ( int )( intptr_t ) __vm_ctl_get( _VM_CR_Task ), j = 0;
    if ( p->globals )
        dead[ k++ ] = p->globals;
    p->globals = 0;
    int newcur = cur;
    for ( int i = 0; i < s->ntasks; ++i )
    {
        struct __dios_task *t = s->tasks[ i ];
        if ( t->proc != p )
        {
            if ( i == cur )
                newcur = j;
            s->tasks[ j++ ] = t;
            continue;
        }
        if ( t->frame )
            dead[ k++ ] = t->frame;
        t->frame = 0;
        t->state = TASK_DEAD;
    }
    for ( int i = j; i < s->ntasks; ++i )
        s->tasks[ i ] = 0;
    s->ntasks = j;
    __vm_ctl_set( _VM_CR_Task, ( void * )( intptr_t ) newcur );
    s->last = 0;
    dead[ k ] = 0;
    return dead;
}

static void zombify( struct dios_state *s, struct __dios_proc *p, int wstatus )
{
    p->state = PROC_ZOMBIE;
    p->wstatus = wstatus;
    s->live_procs--;
    for ( int i = 0; i < s->nprocs; ++i )   /* orphans are init's (pid 1), as on POSIX */
        if ( s->procs[ i ]->ppid == p->pid )
            s->procs[ i ]->ppid = 1;
}

/* The running process ends (others live on): it becomes a zombie with this
 * wait status, and what only it could reach is freed. */
void __dios_proc_exit( int wstatus, int code )
{
    struct dios_state *s = state();
    struct __dios_proc *p = current();
    if ( p->pid == 1 )
        s->main_status = code;
    zombify( s, p, wstatus );
    void **dead = remove_tasks( s, p );
    struct __dios_proc *q = find_live( s, p->ppid );
    for ( int i = 0; !q && i < s->nprocs; ++i )
        if ( s->procs[ i ]->state == PROC_LIVE )
            q = s->procs[ i ];
    void *junk = q->globals;    /* after the exchange: p's last globals */
    __divm_proc_swap( junk );
    q->globals = 0;
    s->installed = q;
    for ( int i = 0; ; ++i )
        if ( !dead[ i ] )
        {
            dead[ i ] = junk;
            break;
        }
    __divm_proc_drop( dead, 1 );
    __vm_suspend();
    __builtin_unreachable();
}

/* -- wait ---------------------------------------------------------------------------------------- */

static int matches( struct __dios_proc *c, struct __dios_proc *parent, int pid )
{
    if ( c->ppid != parent->pid )
        return 0;
    if ( pid < -1 )
        return c->pgid == -pid;
    if ( pid == -1 )
        return 1;
    if ( pid == 0 )
        return c->pgid == parent->pgid;
    return c->pid == pid;
}

/* for task t blocked in wait4: 2 if a matching child is a zombie, 1 if
 * matching children live, 0 if there are none */
static int child_state( struct dios_state *s, struct __dios_proc *parent, int pid, int *at )
{
    int r = 0;
    for ( int i = 0; i < s->nprocs; ++i )
        if ( matches( s->procs[ i ], parent, pid ) )
        {
            if ( s->procs[ i ]->state == PROC_ZOMBIE )
            {
                if ( at )
                    *at = i;
                return 2;
            }
            r = 1;
        }
    return r;
}

int __dios_child_state( struct dios_state *s, struct __dios_task *t )
{
    return child_state( s, t->proc, ( int ) t->wait_arg, 0 ) != 1;
}

int __dios_wait4( int pid, int *wstatus, int options )
{
    if ( options & ~( WNOHANG | WUNTRACED | WCONTINUED ) )
    {
        set_errno( EINVAL );
        return -1;
    }
    struct dios_state *s = state();
    for ( ;; )
    {
        struct __dios_proc *me = current();
        int at = -1, st = child_state( s, me, pid, &at );
        if ( st == 0 )
        {
            set_errno( ECHILD );
            return -1;
        }
        if ( st == 2 )
        {
            struct __dios_proc *c = s->procs[ at ];
            if ( wstatus )
                *wstatus = c->wstatus;
            int cpid = c->pid;
            for ( int i = at; i + 1 < s->nprocs; ++i )
                s->procs[ i ] = s->procs[ i + 1 ];
            s->procs[ --s->nprocs ] = 0;
            if ( c->sigtab )
                __vm_obj_free( c->sigtab );
            __vm_obj_free( c );
            return cpid;
        }
        if ( options & WNOHANG )
            return 0;
        __dios_block( WAIT_CHILD, me, pid );
    }
}

/* -- ids ------------------------------------------------------------------------------------------ */

int __dios_getpid( void ) { return current()->pid; }
int __dios_getppid( void ) { return current()->ppid; }

static struct __dios_proc *by_pid( int pid )
{
    if ( pid == 0 )
        return current();
    struct __dios_proc *p = find_live( state(), pid );
    if ( !p )
        set_errno( ESRCH );
    return p;
}

int __dios_getpgid( int pid )
{
    struct __dios_proc *p = by_pid( pid );
    return p ? p->pgid : -1;
}

int __dios_getsid( int pid )
{
    struct __dios_proc *p = by_pid( pid );
    return p ? p->sid : -1;
}

int __dios_setsid( void )
{
    struct dios_state *s = state();
    struct __dios_proc *p = current();
    for ( int i = 0; i < s->nprocs; ++i )
        if ( s->procs[ i ]->state == PROC_LIVE && s->procs[ i ]->sid == p->sid && s->procs[ i ]->pgid == p->pid )
        {
            set_errno( EPERM );
            return -1;
        }
    p->sid = p->pgid = p->pid;
    return p->sid;
}

static int is_child( struct __dios_proc *c, struct __dios_proc *parent )
{
    return c && parent && c->ppid == parent->pid;
}

/* DIVINE's setpgid, rule for rule */
int __dios_setpgid( int pid, int pgid )
{
    struct dios_state *s = state();
    if ( pgid < 0 )
    {
        set_errno( EINVAL );
        return -1;
    }
    struct __dios_proc *me = current(), *p = me;
    if ( pid != 0 )
    {
        p = find_live( s, pid );
        if ( !p || ( !is_child( p, me ) && pid != me->pid ) )
        {
            set_errno( ESRCH );
            return -1;
        }
    }
    if ( p->pgid == p->pid || ( is_child( p, me ) && p->sid != me->sid ) )
    {
        set_errno( EPERM );
        return -1;
    }
    int group = 0;
    for ( int i = 0; i < s->nprocs; ++i )
        if ( s->procs[ i ]->state == PROC_LIVE && s->procs[ i ]->pgid == pgid && s->procs[ i ]->sid == p->sid )
            group = 1;
    if ( !group && p->pid != pgid && pgid != 0 )
    {
        set_errno( EPERM );
        return -1;
    }
    p->pgid = pgid ? pgid : p->pid;
    return 0;
}

/* -- signals to other processes -------------------------------------------------------------------- */

/* where libc-shim keeps the running process's signal dispositions */
void **__dios_sigtab( void )
{
    return &current()->sigtab;
}

/* DIVINE's default actions: 0 ignore, 1 terminate, 2 fault */
static int default_action( int sig )
{
    static const unsigned char act[ 32 ] = { 0, 1, 1, 2, 2, 2, 2, 2, 2, 1, 1, 2, 1, 1, 1, 1,
                                             1, 0, 0, 0, 0, 0, 0, 0, 2, 2, 1, 1, 0, 1, 1, 2 };
    return sig > 0 && sig < 32 ? act[ sig ] : 1;
}

void __divm_signal_trampoline( void *sig );

/* pthread_kill's part (libc-shim decided that a handler runs): 0, or ESRCH
 * if tid is no live thread of the caller's process.  The handler runs in
 * that thread the next time it is scheduled; sig 0 only checks. */
int __dios_signal_thread( unsigned long tid, int sig )
{
    struct __dios_task *self = __dios_current();
    struct __dios_task *t = __dios_task_by_id( ( int ) tid );
    if ( !t || t->state != TASK_RUNNING || t->proc != self->proc || tid != ( unsigned long ) t->id )
        return ESRCH;
    if ( sig )
        __dios_push_handler( t, __divm_signal_trampoline, sig );
    return 0;
}

/* kill(pid, sig) for a process other than the caller's: 0 or -1 (errno) */
int __dios_kill_proc( int pid, int sig )
{
    struct dios_state *s = state();
    struct __dios_proc *p = find_live( s, pid );
    if ( !p )
    {
        set_errno( ESRCH );
        return -1;
    }
    if ( sig == 0 )
        return 0;
    struct sigaction *tab = p->sigtab;
    void ( *h )( int ) = tab ? tab[ sig ].sa_handler : SIG_DFL;
    if ( h == SIG_IGN )
        return 0;
    if ( h != SIG_DFL )
    {   /* the handler runs in a thread of p the next time it is scheduled */
        for ( int i = 0; i < s->ntasks; ++i )
            if ( s->tasks[ i ]->proc == p && s->tasks[ i ]->state == TASK_RUNNING )
            {
                __dios_push_handler( s->tasks[ i ], __divm_signal_trampoline, sig );
                return 0;
            }
        return 0;
    }
    switch ( default_action( sig ) )
    {
        case 0: return 0;
        case 2: __dios_fault( _VM_F_Control, "Uncaught signal." ); return 0;
    }
    zombify( s, p, sig );
    __divm_proc_drop( remove_tasks( s, p ), 0 );
    return 0;
}
