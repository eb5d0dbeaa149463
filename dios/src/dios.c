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

struct __dios_task
{
    struct _VM_Frame *frame;
    int id;
};

struct dios_state
{
    struct __dios_task *main_task;
    int argc;
    char **argv;
    char **envp;
    const char *stdin_data;
    long stdin_len, stdin_pos;
    unsigned ignore;      /* bit k set: faults of kind k are not errors */
    int nofail_malloc;
    int exited;
};

static struct dios_state *state( void )
{
    return ( struct dios_state * ) __vm_ctl_get( _VM_CR_State );
}

static void *kalloc( int size )
{
    return __vm_obj_make( size, _VM_PT_Heap );
}

static int str_eq( const char *a, const char *b )
{
    while ( *a && *a == *b )
        ++a, ++b;
    return *a == *b;
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
    if ( s && kind < 32 && ( s->ignore & ( 1u << kind ) ) )
        __vm_ctl_set( _VM_CR_Frame, cont, pc );   /* carry on as if nothing happened */
    __vm_ctl_flag( 0, _VM_CF_Error );
    __vm_suspend();
}

static void scheduler( void )
{
    struct dios_state *s = state();
    if ( s->exited || !s->main_task )
    {
        __vm_ctl_flag( 0, _VM_CF_Stop );
        return;
    }
    __vm_ctl_set( _VM_CR_Frame, s->main_task->frame );
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

static struct _VM_Frame *make_frame( void ( *fn )( void * ), void *arg )
{
    struct _VM_Frame *f = kalloc( sizeof( struct _VM_Frame ) + sizeof( void * ) );
    f->pc = ( void ( * )( void ) ) fn;
    f->parent = 0;
    *( void ** )( f + 1 ) = arg;
    return f;
}

void __boot( const struct _VM_Env *env )
{
    struct dios_state *s = kalloc( sizeof( struct dios_state ) );
    s->main_task = 0;
    s->argc = 0;
    s->stdin_data = 0;
    s->stdin_len = s->stdin_pos = 0;
    s->ignore = 0;
    s->nofail_malloc = 0;
    s->exited = 0;
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
        else if ( str_eq( e->key, "divm.opt" ) )
        {
            if ( str_eq( e->value, "nofail:malloc" ) )
                s->nofail_malloc = 1;
            else if ( str_prefix( e->value, "ignore:" ) )
                for ( unsigned k = 1; k < sizeof( kind_names ) / sizeof( *kind_names ); ++k )
                    if ( str_eq( e->value + 7, kind_names[ k ] ) )
                        s->ignore |= 1u << k;
        }
    }
    s->argv[ ai ] = 0;
    s->envp[ ei ] = 0;
    s->argc = ai;
    if ( s->ignore & ( 1u << _VM_F_Memory ) )
        s->ignore |= 1u << _VM_F_Access;
    if ( s->ignore & ( 1u << _VM_F_Control ) )
        s->ignore |= ( 1u << _VM_F_Hypercall ) | ( 1u << _VM_F_NotImplemented );

    struct __dios_task *t = kalloc( sizeof( struct __dios_task ) );
    t->id = 0;
    t->frame = make_frame( main_task, 0 );
    s->main_task = t;

    __vm_ctl_set( _VM_CR_State, s );
    __vm_ctl_set( _VM_CR_Scheduler, ( void * ) scheduler );
    __vm_ctl_set( _VM_CR_FaultHandler, ( void * ) fault_handler );
}

/* -- services for libc-shim ------------------------------------------------ */

int __dios_alloc_fails( void )
{
    if ( state()->nofail_malloc )
        return 0;
    return __vm_choose( 2 ) == 1;
}

long __dios_write( int fd, const void *buf, size_t n )
{
    if ( fd != 1 && fd != 2 )
        return -9; /* EBADF */
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
    if ( ( long ) n > left )
        n = left;
    char *d = buf;
    for ( size_t i = 0; i < n; ++i )
        d[ i ] = s->stdin_data[ s->stdin_pos + i ];
    s->stdin_pos += n;
    return ( long ) n;
}

void __dios_exit( int status )
{
    struct dios_state *s = state();
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

void __dios_reschedule( void )
{
}

/* -- SV-COMP conventions ----------------------------------------------------- */

void __VERIFIER_assume( int cond )
{
    if ( !cond )
        __vm_cancel();
}

_Bool __VERIFIER_nondet_bool( void ) { return __vm_choose( 2 ); }
char __VERIFIER_nondet_char( void ) { return ( char ) ( __vm_choose( 256 ) - 128 ); }
unsigned char __VERIFIER_nondet_uchar( void ) { return ( unsigned char ) __vm_choose( 256 ); }
void __VERIFIER_atomic_begin( void ) {}
void __VERIFIER_atomic_end( void ) {}

int vsnprintf( char *, size_t, const char *, va_list );

void __dios_trace_f( const char *fmt, ... )
{
    char buf[ 512 ];
    va_list ap;
    va_start( ap, fmt );
    vsnprintf( buf, sizeof( buf ), fmt, ap );
    va_end( ap );
    __vm_trace( _VM_T_Text, buf );
}
