/* DiOS tasks as programs see them (<sys/task.h>): start, identify, kill.
 * A handle is the task's task-local block; the task itself stays DiOS's. */

#include <sys/divm.h>
#include <sys/task.h>
#include <sys/interrupt.h>
#include "dios_internal.h"

static struct dios_state *state( void )
{
    return ( struct dios_state * ) __vm_ctl_get( _VM_CR_State );
}

struct __dios_tls *__dios_handle( struct __dios_task *t, int tls_size )
{
    if ( !t->handle )
    {
        int size = sizeof( struct __dios_tls ) + ( tls_size > 0 ? tls_size : 0 );
        t->handle = __vm_obj_make( size, _VM_PT_Marked );   /* DiOS's: never a leak */
        __builtin_memset( t->handle, 0, size );
    }
    return t->handle;
}

static struct __dios_task *by_handle( __dios_task h )
{
    struct dios_state *s = state();
    for ( int i = 0; h && i < s->ntasks; ++i )
        if ( s->tasks[ i ]->handle == h )
            return s->tasks[ i ];
    return 0;
}

static void task_start( void *arg )
{
    struct __dios_task *t = arg;
    t->routine( t->routine_arg );
    __dios_kill_task( t->handle );
}

__dios_task __dios_start_task( __dios_task_routine routine, void *arg, int tls_size )
{
    struct __dios_task *t = __dios_new_task( 0, 0 );
    t->frame = __dios_make_frame( task_start, t );
    t->routine = routine;
    t->routine_arg = arg;
    t->detached = 1;   /* nobody joins it: it is gone when it ends */
    __dios_handle( t, tls_size );
    __vm_obj_shared( arg );   /* what a new task is handed, it can reach */
    __vm_obj_shared( t->handle );
    __dios_reschedule();
    return t->handle;
}

__dios_task __dios_this_task( void )
{
    struct __dios_task *t = __dios_current();
    return t ? __dios_handle( t, 0 ) : 0;
}

void __dios_kill_task( __dios_task h )
{
    struct __dios_task *t = by_handle( h );
    if ( !t || t->state == TASK_DEAD )
        return;
    t->state = TASK_DEAD;
    if ( t == __dios_current() )
    {
        __vm_suspend();
        __builtin_unreachable();
    }
}

void __dios_kill( __dios_task h )
{
    __dios_kill_task( h );
}

void __dios_suicide( void )
{
    __dios_kill_task( __dios_this_task() );
    __builtin_unreachable();
}

__dios_task *__dios_get_process_tasks( __dios_task h )
{
    struct dios_state *s = state();
    struct __dios_task *o = by_handle( h );
    struct __dios_proc *p = o ? o->proc : s->installed;
    int n = 0;
    for ( int i = 0; i < s->ntasks; ++i )
        n += s->tasks[ i ]->state == TASK_RUNNING && s->tasks[ i ]->proc == p;
    __dios_task *r = __vm_obj_make( n * sizeof( __dios_task ), _VM_PT_Heap );
    for ( int i = 0, j = 0; i < s->ntasks; ++i )
        if ( s->tasks[ i ]->state == TASK_RUNNING && s->tasks[ i ]->proc == p )
            r[ j++ ] = __dios_handle( s->tasks[ i ], 0 );
    return r;
}

__dios_task *__dios_this_process_tasks( void )
{
    return __dios_get_process_tasks( __dios_this_task() );
}
