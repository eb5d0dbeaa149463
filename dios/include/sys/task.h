/* DiOS tasks: OS-level threads of control below pthreads. */
#ifndef __SYS_TASK_H__
#define __SYS_TASK_H__

#include <sys/divm.h>

#ifdef __cplusplus
extern "C" {
#define __DIOS_NOTHROW noexcept
#else
#define __DIOS_NOTHROW __attribute__((__nothrow__))
#endif

/* A task's handle points to its task-local block; programs may use __data
 * (tls_size bytes given to __dios_start_task), not the other fields. */
struct __dios_tls
{
    int __errno;
    void *__rst_stash;
    char __data[];
};

typedef struct __dios_tls *__dios_task;
typedef void ( *__dios_task_routine )( void * );

/* start a task running routine(arg); it ends when routine returns */
__dios_task __dios_start_task( __dios_task_routine routine, void *arg, int tls_size ) __DIOS_NOTHROW;
/* the running task's handle (stable for the task's life) */
__dios_task __dios_this_task( void ) __DIOS_NOTHROW;
/* end task t at once (the running one: never returns) */
void __dios_kill( __dios_task t ) __DIOS_NOTHROW;
void __dios_kill_task( __dios_task t ) __DIOS_NOTHROW;
/* end the running task */
void __dios_suicide( void ) __DIOS_NOTHROW __attribute__((__noreturn__));
/* the live tasks of the process (of the running one): a heap array the
 * caller frees with __vm_obj_free; its size tells the count */
__dios_task *__dios_get_process_tasks( __dios_task t ) __DIOS_NOTHROW;
__dios_task *__dios_this_process_tasks( void ) __DIOS_NOTHROW;
/* the number of processors the program is told of (-o ncpus:N, 0 by default) */
int __dios_hardware_concurrency( void ) __DIOS_NOTHROW;

#ifdef __cplusplus
}
#endif
#undef __DIOS_NOTHROW
#endif
