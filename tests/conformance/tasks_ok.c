// expect: valid
/* DiOS tasks: handles, task-local data, the process's task list, kill */
#include <assert.h>
#include <dios.h>

volatile int go, seen;
volatile __dios_task other;

void worker( void *arg )
{
    while ( !go )
        ;
    assert( __dios_this_task() == other );
    int *tls = ( int * ) other->__data;
    *tls = *( int * ) arg;
    seen = 1;
    __dios_suicide();
}

void spinner( void *arg )
{
    ( void ) arg;
    for ( ;; )
        ;
}

int main( void )
{
    static int value = 42;
    __dios_task me = __dios_this_task();
    assert( me == __dios_this_task() );
    other = __dios_start_task( worker, &value, sizeof( int ) );
    __dios_task spin = __dios_start_task( spinner, 0, 0 );
    __dios_task *all = __dios_this_process_tasks();
    assert( __vm_obj_size( all ) == 3 * sizeof( __dios_task ) );
    __vm_obj_free( all );
    go = 1;
    while ( !seen )
        ;
    assert( *( int * ) other->__data == 42 );
    __dios_kill( spin );
    all = __dios_this_process_tasks();
    assert( __vm_obj_size( all ) == sizeof( __dios_task ) && all[ 0 ] == me );
    __vm_obj_free( all );
    return 0;
}
