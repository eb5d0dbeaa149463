/* DiOS: the operating system that runs inside divm.
 *
 * It boots the program, owns the scheduler and the fault handler, and
 * offers libc-shim the few system services it needs (output, input, exit,
 * environment, allocation failure).  All its state lives in one heap object
 * reached through the _VM_CR_State register, so the VM sees it as part of
 * the program state like any other memory. */

#include <sys/divm.h>
#include <sys/dios_syscall.h>
#include <dios.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

extern int main( int, char **, char ** );
extern void ( *const __divm_ctors[] )( void );   /* provided by the loader */
extern void ( *const __divm_dtors[] )( void );
extern const int __divm_main_nparams;

#include "dios_internal.h"

static struct dios_state *state( void )
{
    return ( struct dios_state * ) __vm_ctl_get( _VM_CR_State );
}

/* The running task's index.  It is kept in a transient register, not in
 * memory: scheduling writes no object, and which thread ran last is not
 * part of the state (states alike but for the thread that got there are
 * one state).  Only a round-robin run remembers it (s->last). */
static int current_task( void )
{
    return ( int )( intptr_t ) __vm_ctl_get( _VM_CR_Task );
}

static void *kalloc( int size )
{
    return __vm_obj_make( size, _VM_PT_Marked );  /* never a leak, never fails */
}

static int str_eq( const char *a, const char *b )
{
    while ( *a && *a == *b )
        ++a, ++b;
    return *a == *b;
}

static int str_len( const char *s )
{
    int n = 0;
    while ( s[ n ] )
        ++n;
    return n;
}

static int str_prefix( const char *s, const char *p )
{
    while ( *p && *s == *p )
        ++s, ++p;
    return !*p;
}

static char *str_dup( const char *s, int n )
{
    char *r = kalloc( n + 1 );
    for ( int i = 0; i < n; ++i )
        r[ i ] = s[ i ];
    r[ n ] = 0;
    return r;
}

static const char *kind_names[] = { "", "assert", "integer", "float", "memory", "leak", "control",
                                    "locking", "hypercall", "access", "notimplemented", "undefined",
                                    "deadlock" };

static void fault_handler( enum _VM_Fault kind, struct _VM_Frame *cont, void ( *pc )( void ) )
{
    struct dios_state *s = state();
    int cfg = s && kind < _DiOS_F_Last ? s->fault_cfg[ kind ] : _DiOS_FC_Abort;
    if ( cfg == _DiOS_FC_Detect )
        __vm_ctl_flag( 0, _DiOS_CF_Fault );
    if ( cfg == _DiOS_FC_Ignore || cfg == _DiOS_FC_Detect )
        __vm_ctl_set( _VM_CR_Frame, cont, pc );   /* carry on as if nothing happened */
    __vm_ctl_flag( 0, _VM_CF_Error );
    __vm_suspend();
}

/* a fault kind's name (as in -o ignore:NAME), or a simfail's */
static int kind_by_name( const char *name )
{
    for ( unsigned k = 1; k < sizeof( kind_names ) / sizeof( *kind_names ); ++k )
        if ( str_eq( name, kind_names[ k ] ) )
            return k;
    if ( str_eq( name, "malloc" ) )
        return _DiOS_SF_Malloc;
    if ( str_eq( name, "exit" ) )
        return _DiOS_F_Exit;
    return -1;
}

static int valid_config( int kind, int cfg )
{
    if ( kind >= _DiOS_SF_First )
        return cfg == _DiOS_FC_NoFail || cfg == _DiOS_FC_SimFail;
    return cfg >= _DiOS_FC_Ignore && cfg <= _DiOS_FC_Abort;
}

/* set kind's configuration; the kinds divm reports under another name go along */
static void set_config( struct dios_state *s, int kind, int cfg, int lock )
{
    s->fault_cfg[ kind ] = cfg;
    if ( lock )
        s->fault_locked |= 1ull << kind;
    if ( kind == _VM_F_Memory )
        set_config( s, _VM_F_Access, cfg, lock );
    if ( kind == _VM_F_Control )
    {
        /* DiVM calls control flow on undefined bits a control fault */
        set_config( s, _VM_F_Hypercall, cfg, lock );
        set_config( s, _VM_F_NotImplemented, cfg, lock );
        set_config( s, _VM_F_Undefined, cfg, lock );
    }
}

/* (saturates: LONG_MAX is 2^31 - 1 under LLP64, a clock-start may exceed it) */
static long decimal( const char *p )
{
    long n = 0;
    for ( ; *p >= '0' && *p <= '9'; ++p )
        n = n > ( __LONG_MAX__ - ( *p - '0' ) ) / 10 ? __LONG_MAX__ : n * 10 + ( *p - '0' );
    return n;
}

/* -o [force-]ignore|report|abort|detect:KIND, [force-]nofail|simfail:malloc */
static void boot_option( struct dios_state *s, const char *o )
{
    static const struct { const char *name; int cfg; } cfgs[] = {
        { "ignore:", _DiOS_FC_Ignore }, { "report:", _DiOS_FC_Report }, { "detect:", _DiOS_FC_Detect },
        { "abort:", _DiOS_FC_Abort }, { "nofail:", _DiOS_FC_NoFail }, { "simfail:", _DiOS_FC_SimFail } };
    int lock = str_prefix( o, "force-" );
    if ( lock )
        o += 6;
    if ( !lock && str_prefix( o, "cancel:abort" ) )
    {
        s->abort_cancels |= 1;
        return;
    }
    if ( !lock && str_prefix( o, "cancel:assert" ) )
    {
        s->abort_cancels |= 2;
        return;
    }
    if ( !lock && str_prefix( o, "cancel:deadlock" ) )
    {
        s->abort_cancels |= 4;
        return;
    }
    if ( !lock && str_prefix( o, "exit:abort" ) )
    {
        s->abort_cancels |= 8;
        return;
    }
    if ( str_prefix( o, "ncpus:" ) )
    {
        s->ncpus = ( int ) decimal( o + 6 );
        return;
    }
    if ( str_prefix( o, "clock-type:" ) )
    {
        s->clock_mode = str_eq( o + 11, "det" ) ? CLOCK_DET : str_eq( o + 11, "ndet" ) ? CLOCK_NDET : CLOCK_FIXED;
        return;
    }
    if ( str_prefix( o, "clock-maxticks:" ) )
    {
        s->clock_max_ticks = ( int ) decimal( o + 15 );
        return;
    }
    if ( str_prefix( o, "clock-start:" ) )
    {
        s->clock_start = decimal( o + 12 );
        return;
    }
    for ( unsigned i = 0; i < sizeof( cfgs ) / sizeof( *cfgs ); ++i )
        if ( str_prefix( o, cfgs[ i ].name ) )
        {
            int k = kind_by_name( o + str_len( cfgs[ i ].name ) );
            if ( k > 0 && valid_config( k, cfgs[ i ].cfg ) )
                set_config( s, k, cfgs[ i ].cfg, lock );
        }
}

int __dios_configure_fault( int fault, int cfg )
{
    struct dios_state *s = state();
    if ( fault <= 0 || fault >= _DiOS_SF_Last )
        return _DiOS_FC_EInvalidFault;
    if ( !valid_config( fault, cfg ) )
        return _DiOS_FC_EInvalidCfg;
    if ( s->fault_locked & ( 1ull << fault ) )
        return _DiOS_FC_ELocked;
    int old = s->fault_cfg[ fault ];
    set_config( s, fault, cfg, 0 );
    return old;
}

int __dios_get_fault_config( int fault )
{
    if ( fault <= 0 || fault >= _DiOS_SF_Last )
        return _DiOS_FC_EInvalidFault;
    return state()->fault_cfg[ fault ];
}

int __dios_abort_cancels( void )
{
    return state()->abort_cancels & 1;
}

int __dios_assert_cancels( void )
{
    return state()->abort_cancels & 2;
}

int __dios_abort_exits( void )
{
    return state()->abort_cancels & 8;
}

int __dios_deadlock_waits( void )
{
    return state()->abort_cancels & 4;
}

int __dios_hardware_concurrency( void )
{
    return state()->ncpus;
}

/* Can running task t make progress?  A blocked task waits for a condition
 * that others must bring about; the scheduler only offers tasks that can
 * run, so waits never wake spuriously. */
static int can_run( struct dios_state *s, struct __dios_task *t )
{
    if ( t->sig_pending )
        return 1;
    switch ( t->wait_kind )
    {
        case WAIT_NONE: return 1;
        case WAIT_JOIN:
        {   /* the task joined (none: the main thread waiting in pthread_exit
             * for every other thread to end) */
            struct __dios_task *o = t->wait_obj;
            if ( o )
                return o->state != TASK_RUNNING;
            for ( int i = 0; i < s->ntasks; ++i )
                if ( s->tasks[ i ] != t && s->tasks[ i ]->state == TASK_RUNNING && s->tasks[ i ]->proc == t->proc )
                    return 0;
            return 1;
        }
        case WAIT_CHILD:
            return __dios_child_state( s, t );
        default:
            return __dios_wait_done( s, t );
    }
}

/* No task can run: the program is over, or every live task waits. */
static void none_runnable( struct dios_state *s )
{
    for ( int i = 0; i < s->ntasks && !( s->abort_cancels & 4 ); ++i )
        if ( s->tasks[ i ]->state == TASK_RUNNING )
        {   /* (a blocking call reports this itself; here the last runnable
             * task ended, or a fault was ignored): show where one task waits */
            __vm_trace( _VM_T_Backtrace, s->tasks[ i ]->frame );
            __dios_fault( _VM_F_Deadlock, "every live thread is blocked" );
            break;
        }
    __vm_ctl_flag( 0, _VM_CF_Stop );
}

/* The runnable tasks among the first 64, as a bit mask (no array: a local
 * array would be a new object in every transition).  A function of the
 * state alone: the scheduler asks for it through __vm_memo, so it is
 * computed once per state, not once per successor (the VM does the rest
 * of the scheduler's common case itself: VM.dios_schedule). */
__attribute__(( noinline )) uint64_t __dios_runnable( void *sv )
{
    struct dios_state *s = sv;
    struct __dios_task **tasks = s->tasks;
    int ntasks = s->ntasks < 64 ? s->ntasks : 64;
    uint64_t mask = 0;
    for ( int i = 0; i < ntasks; ++i )
    {
        struct __dios_task *t = tasks[ i ];
        if ( t->state == TASK_RUNNING && can_run( s, t ) )
            mask |= 1ull << i;
    }
    return mask;
}

/* The task to run next, -1 if none can, up to 64 tasks; the choice is
 * mapped to its bit with bit operations. */
static int pick_few( struct dios_state *s )
{
    unsigned long long mask = __vm_memo( __dios_runnable, s );
    if ( !mask )
        return -1;
    if ( !( mask & ( mask - 1 ) ) )
        return __builtin_ctzll( mask );
    if ( s->round_robin )   /* the next runnable task after the one that ran last */
    {
        unsigned long long later = s->last < 63 ? mask & ( ~0ull << ( s->last + 1 ) ) : 0;
        return __builtin_ctzll( later ? later : mask );
    }
    for ( int pick = __vm_choose( __builtin_popcountll( mask ) ); pick > 0; --pick )
        mask &= mask - 1;
    return __builtin_ctzll( mask );
}

/* The same for any number of tasks: the first 64 from the mask, can_run
 * for the others. */
static int pick_any( struct dios_state *s )
{
    struct __dios_task **tasks = s->tasks;
    int ntasks = s->ntasks, last = s->last;
    unsigned long long mask = __vm_memo( __dios_runnable, s );
    int n = __builtin_popcountll( mask ), first = mask ? __builtin_ctzll( mask ) : -1, after = -1;
    for ( int i = 0; i < 64 && after < 0; ++i )
        if ( i > last && ( mask >> i ) & 1 )
            after = i;
    for ( int i = 64; i < ntasks; ++i )
    {
        struct __dios_task *t = tasks[ i ];
        if ( t->state == TASK_RUNNING && can_run( s, t ) )
        {
            if ( first < 0 )
                first = i;
            if ( after < 0 && i > last )
                after = i;
            ++n;
        }
    }
    if ( n <= 1 )
        return first;
    if ( s->round_robin )
        return after >= 0 ? after : first;
    int pick = __vm_choose( n );
    for ( int i = first; i < ntasks; ++i )
        if ( ( i < 64 ? ( mask >> i ) & 1 : tasks[ i ]->state == TASK_RUNNING && can_run( s, tasks[ i ] ) ) &&
             pick-- == 0 )
            return i;
    return first;
}

void __dios_scheduler( void )
{
    struct dios_state *s = state();
    if ( s->exited )
    {
        __vm_ctl_flag( 0, _VM_CF_Stop );
        return;
    }
    int next = s->ntasks <= 64 ? pick_few( s ) : pick_any( s );
    if ( next < 0 )
    {
        none_runnable( s );
        return;
    }
    if ( s->round_robin )
        s->last = next;
    __vm_ctl_set( _VM_CR_Task, ( void * )( intptr_t ) next );
    struct __dios_task *t = s->tasks[ next ];
    if ( t->proc != s->installed )   /* another process: its globals go in */
        __dios_proc_install( s, t->proc );
    __vm_trace( _VM_T_SchedInfo, 1, t->id );
    __vm_ctl_set( _VM_CR_Frame, t->frame );
}

static void run_dtors( void )
{
    for ( int i = 0; __divm_dtors[ i ]; ++i )
        __divm_dtors[ i ]();
}

static void main_task( void *unused )
{
    struct dios_state *s = state();
    ( void ) unused;
    __dios_current()->is_main = 1;
    for ( int i = 0; __divm_ctors[ i ]; ++i )
        __divm_ctors[ i ]();
    int r;
    switch ( __divm_main_nparams )
    {
        case 0: r = ( ( int ( * )( void ) ) main )(); break;
        case 1: r = ( ( int ( * )( int ) ) main )( s->argc ); break;
        case 2: r = ( ( int ( * )( int, char ** ) ) main )( s->argc, s->argv ); break;
        default: r = main( s->argc, s->argv, s->envp ); break;
    }
    extern void exit( int ) __attribute__((noreturn));
    exit( r );
}

struct _VM_Frame *__dios_make_frame( void ( *fn )( void * ), void *arg )
{
    struct _VM_Frame *f = kalloc( sizeof( struct _VM_Frame ) + sizeof( void * ) );
    f->pc = ( void ( * )( void ) ) fn;
    f->parent = 0;
    *( void ** )( f + 1 ) = arg;
    return f;
}

struct __dios_task *__dios_task_by_id( int id )
{
    struct dios_state *s = state();
    for ( int i = 0; i < s->ntasks; ++i )
        if ( s->tasks[ i ]->id == id )
            return s->tasks[ i ];
    return 0;
}

struct __dios_task *__dios_current( void )
{
    struct dios_state *s = state();
    return s->ntasks ? s->tasks[ current_task() ] : 0;
}

struct __dios_task *__dios_new_task( void ( *fn )( void * ), void *arg )
{
    struct dios_state *s = state();
    struct __dios_task *t = kalloc( sizeof( struct __dios_task ) );
    __builtin_memset( t, 0, sizeof( *t ) );
    t->id = s->next_id++;
    t->state = TASK_RUNNING;
    t->frame = __dios_make_frame( fn, arg );
    t->proc = s->installed;   /* the running process's */
    if ( s->ntasks == s->cap )
    {
        int cap = s->cap ? 2 * s->cap : 4;
        struct __dios_task **n = kalloc( cap * sizeof( *n ) );
        for ( int i = 0; i < s->ntasks; ++i )
            n[ i ] = s->tasks[ i ];
        if ( s->tasks )
            __vm_obj_free( s->tasks );
        s->tasks = n;
        s->cap = cap;
    }
    s->tasks[ s->ntasks++ ] = t;
    if ( s->ntasks > 1 )
        __vm_ctl_flag( 0, _VM_CF_Threads );
    return t;
}

/* Where divm's -o check:race (divm/vm/race.py) finds the tasks between
 * transitions: offsets of the state's tasks and ntasks, and of a task's
 * frame, id, state and wait_kind (runnable: TASK_RUNNING and WAIT_NONE,
 * both 0), wait_obj and process; and where the VM's copy of the scheduler's
 * common case (VM.dios_schedule) finds exited, round_robin and live_procs
 * (with more than one process it leaves scheduling to DiOS).  Read only; constant
 * data. */
__attribute__(( used )) const long long __dios_task_layout[] = {
    offsetof( struct dios_state, tasks ), offsetof( struct dios_state, ntasks ),
    offsetof( struct __dios_task, frame ), offsetof( struct __dios_task, id ),
    offsetof( struct __dios_task, state ), offsetof( struct __dios_task, wait_kind ),
    offsetof( struct __dios_task, wait_obj ), offsetof( struct dios_state, exited ),
    offsetof( struct dios_state, round_robin ), offsetof( struct dios_state, live_procs ),
    offsetof( struct __dios_task, proc ), offsetof( struct __dios_task, is_main ),
    offsetof( struct __dios_task, start ) };

/* Park the running task: the VM writes its stack into frames, and it
 * continues where this was called when the scheduler picks it again (the
 * caller's frame is parked: this one has nothing left to do; never inlined,
 * or the caller's caller would be parked instead). */
__attribute__(( noinline )) void __dios_interrupt( void )
{
    struct __dios_task *t = __dios_current();
    t->frame = __vm_ctl_get( _VM_CR_Frame, 1 );
    __vm_suspend();
}

static int any_can_run( struct dios_state *s )
{
    for ( int i = 0; i < s->ntasks; ++i )
        if ( s->tasks[ i ]->state == TASK_RUNNING && can_run( s, s->tasks[ i ] ) )
            return 1;
    return 0;
}

void __dios_block( int kind, void *obj, long arg )
{
    struct dios_state *s = state();
    struct __dios_task *t = __dios_current();
    t->wait_kind = kind;
    t->wait_obj = obj;
    t->wait_arg = arg;
    /* the thread that blocks last closes the circle: blame it here, where it waits */
    if ( !any_can_run( s ) )
    {
        if ( s->abort_cancels & 4 )  /* (-o cancel:deadlock) the end of this path */
            __vm_ctl_flag( 0, _VM_CF_Stop );
        else
            __dios_fault( _VM_F_Deadlock, "every live thread is blocked" );
    }
    __dios_interrupt();
    while ( t->sig_pending )
    {   /* woken to run a signal handler, which has run: the wait goes on */
        t->sig_pending = 0;
        if ( can_run( s, t ) )
            break;
        __dios_interrupt();
    }
    t->wait_kind = WAIT_NONE;
    t->wait_obj = 0;
}

/* A signal handler runs in thread t the next time it is scheduled (pushed
 * on its stack); a thread that waits becomes runnable for it, and waits on
 * after it (__dios_block), but pause() ends. */
void __dios_push_handler( struct __dios_task *t, void ( *trampoline )( void * ), int sig )
{
    struct _VM_Frame *f = __dios_make_frame( trampoline, ( void * )( intptr_t ) sig );
    f->parent = t->frame;
    t->frame = f;
    if ( t->wait_kind == WAIT_JOIN && t->wait_obj == t )
        t->wait_kind = WAIT_NONE;
    else if ( t->wait_kind != WAIT_NONE )
        t->sig_pending = 1;
}

/* The running task is finished; it is never scheduled again. */
void __dios_task_exit( void )
{
    struct __dios_task *t = __dios_current();
    t->state = t->detached ? TASK_DEAD : TASK_ZOMBIE;
    __vm_suspend();
    __builtin_unreachable();
}

/* The OS's start: a program may define its own __dios_boot (DiVM's
 * convention) to replace it; the VM reports a boot error when boot faults
 * or leaves no scheduler. */
void __dios_boot( const struct _VM_Env *env )
{
    struct dios_state *s = kalloc( sizeof( struct dios_state ) );
    __builtin_memset( s, 0, sizeof( *s ) );
    s->argc = 0;
    s->stdin_data = 0;
    s->stdin_len = s->stdin_pos = 0;
    for ( int k = 1; k < _DiOS_SF_Last; ++k )
        s->fault_cfg[ k ] = k >= _DiOS_SF_First ? _DiOS_FC_SimFail : _DiOS_FC_Abort;
    s->exited = 0;
    s->clock_max_ticks = 3;
    s->env = env;
    int nargs = 0, nenv = 0;
    for ( const struct _VM_Env *e = env; e->key; ++e )
    {
        if ( str_eq( e->key, "divm.arg" ) )
            ++nargs;
        else if ( str_eq( e->key, "divm.env" ) )
            ++nenv;
    }
    s->argv = kalloc( ( nargs + 1 ) * sizeof( char * ) );
    s->envp = kalloc( ( nenv + 1 ) * sizeof( char * ) );
    int ai = 0, ei = 0;
    for ( const struct _VM_Env *e = env; e->key; ++e )
    {
        if ( str_eq( e->key, "divm.arg" ) )
            s->argv[ ai++ ] = str_dup( e->value, e->size );
        else if ( str_eq( e->key, "divm.env" ) )
            s->envp[ ei++ ] = str_dup( e->value, e->size );
        else if ( str_eq( e->key, "divm.stdin" ) )
        {
            s->stdin_data = str_dup( e->value, e->size );
            s->stdin_len = e->size;
        }
        else if ( str_eq( e->key, "divm.sched" ) )
            s->round_robin = str_eq( e->value, "rr" );
        else if ( str_eq( e->key, "divm.opt" ) )
            boot_option( s, e->value );
    }
    s->argv[ ai ] = 0;
    s->envp[ ei ] = 0;
    s->argc = ai;
    if ( ai )  /* libc's names for argv[ 0 ] (err.h, syslog and getopt messages begin with it) */
    {
        extern char *program_invocation_name, *program_invocation_short_name;
        program_invocation_name = program_invocation_short_name = s->argv[ 0 ];
        for ( char *c = s->argv[ 0 ]; *c; ++c )
            if ( *c == '/' )
                program_invocation_short_name = c + 1;
    }

    __vm_ctl_set( _VM_CR_State, s );
    s->main_status = -1;
    s->installed = __dios_proc_new( s, 0 );
    s->next_id = 1;
    __dios_new_task( main_task, 0 );

    __vm_ctl_set( _VM_CR_Scheduler, ( void * ) __dios_scheduler );
    __vm_ctl_set( _VM_CR_FaultHandler, ( void * ) fault_handler );
}

void __boot( const struct _VM_Env *env )
{
    __dios_boot( env );
}

/* -- services for libc-shim ------------------------------------------------ */

int __dios_alloc_fails( void )
{
    if ( state()->fault_cfg[ _DiOS_SF_Malloc ] != _DiOS_FC_SimFail )
        return 0;
    return __vm_choose( 2 ) == 1;
}

/* DIVINE's clocks: they stand still (-o clock-type:fixed, the default),
 * or advance by a second after each reading (det), or may (ndet: a
 * choice), at most clock-maxticks times, so a search stays finite.  What
 * a reading gives is the seconds since clock-start; one thread's reading
 * can change another's, so it is a visible action. */
long __dios_clock_read( void )
{
    struct dios_state *s = state();
    if ( s->clock_mode == CLOCK_FIXED )
        return s->clock_delta;
    __dios_visible_io( &s->clock_delta );
    long now = s->clock_delta;
    if ( s->clock_ticks < s->clock_max_ticks && ( s->clock_mode == CLOCK_DET || __vm_choose( 2 ) ) )
    {
        ++s->clock_ticks;
        ++s->clock_delta;
    }
    return now;
}

/* how far the clocks advanced, without reading them (clock_settime) */
long __dios_clock_delta( void )
{
    return state()->clock_delta;
}

long __dios_clock_start( void )
{
    return state()->clock_start;
}

long __dios_write( int fd, const void *buf, size_t n )
{
    if ( fd != 1 && fd != 2 )
        return -9; /* EBADF */
    if ( n > 0x7ffff000 )   /* at most what Linux writes at once: the count fits an int and a 32-bit long */
        n = 0x7ffff000;
    if ( n )
        __vm_trace( _VM_T_Output, fd, buf, ( int ) n );
    return ( long ) n;
}

long __dios_read( int fd, void *buf, size_t n )
{
    struct dios_state *s = state();
    if ( fd != 0 )
        return -9; /* EBADF */
    long left = s->stdin_len - s->stdin_pos;
    if ( n > ( size_t ) left )   /* (not ( long ) n: that truncates n under LLP64) */
        n = left;
    if ( n > 0x7ffff000 )   /* as Linux: the count fits a 32-bit long */
        n = 0x7ffff000;
    char *d = buf;
    for ( size_t i = 0; i < n; ++i )
        d[ i ] = s->stdin_data[ s->stdin_pos + i ];
    s->stdin_pos += n;
    return ( long ) n;
}

static void end( int status, int wstatus ) __attribute__((noreturn));

/* libc-shim's: closes the running process's descriptors */
void __divm_fs_proc_exit( void );

void __dios_exit( int status )
{
    struct dios_state *s = state();
    /* a program that exits non-zero has failed (DiOS's "exit" fault; divm run
     * boots with ignore:exit and just passes the status on: asked first, so
     * that a symbolic status is not looked at, nor its digits formatted) */
    if ( s->fault_cfg[ _DiOS_F_Exit ] != _DiOS_FC_Ignore && status && !s->exited )
    {
        char msg[ 48 ] = "exit called with non-zero status ";
        char *p = msg + str_len( msg ), digits[ 12 ];
        int n = 0;
        for ( unsigned v = status < 0 ? -( unsigned ) status : ( unsigned ) status; v || !n; v /= 10 )
            digits[ n++ ] = '0' + v % 10;
        if ( status < 0 )
            *p++ = '-';
        while ( n )
            *p++ = digits[ --n ];
        *p = 0;
        __dios_fault( _DiOS_F_Exit, msg );
    }
    end( status, ( status & 0xff ) << 8 );
}

/* status: 128 + the signal */
void __dios_exit_signal( int status )
{
    end( status, ( status - 128 ) & 0x7f );
}

/* The running process ends: the program, if it is the last one */
static void end( int status, int wstatus )
{
    struct dios_state *s = state();
    if ( s->live_procs > 1 && !s->exited )
    {
        run_dtors();
        __divm_fs_proc_exit();   /* its pipes' and sockets' other ends see the end of the file */
        __dios_proc_exit( wstatus, status );
    }
    if ( s->main_status >= 0 )
        status = s->main_status;   /* the program's status is pid 1's */
    if ( !s->exited )
    {
        s->exited = 1;
        run_dtors();
    }
    __vm_trace( _VM_T_Exit, status );
    __vm_ctl_flag( 0, _VM_CF_Stop );
    __vm_suspend();
    __builtin_unreachable();
}

const struct _VM_Env *__dios_boot_env( void )
{
    return state()->env;
}

/* an action on data other threads can see (libc-shim's file system): a
 * possible end of the transition once there is more than one task */
void __dios_visible_io( void *obj )
{
    struct dios_state *s = state();
    int live = 0;
    for ( int i = 0; i < s->ntasks && live < 2; ++i )
        live += s->tasks[ i ]->state == TASK_RUNNING;
    if ( live > 1 )
        __dios_visible( obj );
}

const char *__dios_getenv( const char *name )
{
    char **e = state()->envp;
    for ( ; *e; ++e )
    {
        const char *p = *e, *n = name;
        while ( *n && *p == *n )
            ++p, ++n;
        if ( !*n && *p == '=' )
            return p + 1;
    }
    return 0;
}

void __dios_fault( int kind, const char *msg )
{
    __vm_trace( _VM_T_Fault, kind, msg );
}

void __dios_trace_t( const char *text )
{
    __vm_trace( _VM_T_Text, text );
}

/* A scheduling point, with one task too: single-threaded programs use it to
 * mark where one state ends and the next begins. */
void __dios_reschedule( void )
{
    __dios_interrupt();
}

/* exit begins: the process goes on running its other threads until it
 * ends, so they may run here (after main's locals are gone, before the
 * atexit handlers) */
void __dios_exit_point( void )
{
    struct dios_state *s = state();
    struct __dios_task *t = __dios_current();
    if ( !t || t->state != TASK_RUNNING )
        return;
    for ( int i = 0; i < s->ntasks; ++i )
        if ( s->tasks[ i ] != t && s->tasks[ i ]->proc == t->proc && s->tasks[ i ]->state == TASK_RUNNING
             && can_run( s, s->tasks[ i ] ) )
        {
            __dios_interrupt();
            return;
        }
}

void __dios_suspend( void )
{
    __dios_interrupt();
}

/* the mask is the VM's ignore-interrupts flags: they end with the transition,
 * as a masked task that blocks lets others run */
int __dios_mask( int set )
{
    uint64_t old = set ? __vm_ctl_flag( 0, _DiOS_CF_Mask ) : __vm_ctl_flag( _DiOS_CF_Mask, 0 );
    return ( old & _VM_CF_IgnoreCrit ) ? 1 : 0;
}

/* -- SV-COMP conventions ----------------------------------------------------- */

void __VERIFIER_assume( int cond )
{
    if ( !cond )
        __vm_cancel();
}

/* for programs that declare it without defining it (DIVINE provides it too) */
void __VERIFIER_assert( int cond )
{
    if ( cond )
        return;
    if ( __dios_assert_cancels() )
        __vm_cancel();   /* -o cancel:assert: a failed assertion is abort(), its path no run */
    if ( __dios_abort_exits() )
        __dios_exit_signal( 134 );
    __dios_fault( _VM_F_Assert, "__VERIFIER_assert failed" );
}

void __VERIFIER_atomic_begin( void )
{
    __vm_ctl_flag( 0, _VM_CF_IgnoreCrit | _VM_CF_IgnoreLoop );
}

void __VERIFIER_atomic_end( void )
{
    __vm_ctl_flag( _VM_CF_IgnoreCrit | _VM_CF_IgnoreLoop, 0 );
}

int vsnprintf( char *, size_t, const char *, va_list );

void __dios_trace_v( const char *fmt, va_list ap )
{
    char buf[ 512 ];
    vsnprintf( buf, sizeof( buf ), fmt, ap );
    __vm_trace( _VM_T_Text, buf );
}

void __dios_trace_f( const char *fmt, ... )
{
    va_list ap;
    va_start( ap, fmt );
    __dios_trace_v( fmt, ap );
    va_end( ap );
}

static void trace_indented( int indent, const char *fmt, va_list ap )
{
    char buf[ 512 ];
    int n = 0;
    for ( ; n < 2 * indent && n < 64; ++n )
        buf[ n ] = ' ';
    vsnprintf( buf + n, sizeof( buf ) - n, fmt, ap );
    __vm_trace( _VM_T_Text, buf );
}

void __dios_trace_i( int indent, const char *fmt, ... )
{
    va_list ap;
    va_start( ap, fmt );
    trace_indented( indent, fmt, ap );
    va_end( ap );
}

void __dios_trace( int indent, const char *fmt, ... )
{
    va_list ap;
    va_start( ap, fmt );
    trace_indented( indent, fmt, ap );
    va_end( ap );
}

/* -- thread-local variables ----------------------------------------------------- */

/* The VM asks for the running thread's copy of a _Thread_local variable.
 * Copies start as the variable's initial value (its contents when the
 * thread first touches it: the main thread uses the variable itself). */
void *__dios_tls_address( void *var, const void *initial )
{
    struct __dios_task *t = __dios_current();
    if ( !t || t->is_main )
        return var;
    for ( int i = 0; i < t->ntls; ++i )
        if ( t->tls[ 2 * i ] == var )
            return t->tls[ 2 * i + 1 ];
    int size = __vm_obj_size( var );
    void *copy = kalloc( size );
    __builtin_memcpy( copy, initial, size );
    void **n = kalloc( ( t->ntls + 1 ) * 2 * sizeof( void * ) );
    for ( int i = 0; i < 2 * t->ntls; ++i )
        n[ i ] = t->tls[ i ];
    if ( t->tls )
        __vm_obj_free( t->tls );
    n[ 2 * t->ntls ] = var;
    n[ 2 * t->ntls + 1 ] = copy;
    t->tls = n;
    t->ntls++;
    return copy;
}
