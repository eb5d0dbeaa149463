/* DiOS internals shared by its source files.  Not visible to programs. */
#ifndef __DIOS_INTERNAL_H__
#define __DIOS_INTERNAL_H__

#include <sys/divm.h>
#include <sys/fault.h>
#include <sys/task.h>
#include <stddef.h>

enum { TASK_RUNNING, TASK_ZOMBIE, TASK_DEAD };
/* what a blocked task waits for; __dios_wait_done decides when it may go on */
/* (divm/vm/footprint.py counts on WAIT_JOIN .. WAIT_TIMED waiting on wait_obj alone) */
enum { WAIT_NONE, WAIT_JOIN, WAIT_MUTEX, WAIT_COND, WAIT_RWLOCK_RD, WAIT_RWLOCK_WR, WAIT_BARRIER,
       WAIT_SEM, WAIT_ONCE,
       WAIT_SPIN,        /* a spin lock: its word is 0 */
       WAIT_COND_TIMED,  /* pthread_cond_timedwait: runnable at once; a wake clears wait_arg */
       WAIT_TIMED,       /* any other timed wait: runnable at once, it times out if not done */
       WAIT_CHILD };     /* wait4: a child process matching wait_arg (a pid criterion) ended */

/* A process (fork): its ids, and where its global variables are while another
 * process runs.  Every global variable is the process's (the program's,
 * libc-shim's and DiOS's own few); DiOS's kernel data hangs off the state
 * register, shared by all.  The process whose globals are installed (in the
 * global objects themselves) has none saved (globals is 0); the others keep
 * theirs in a bundle of hidden copies the VM exchanges with the installed
 * ones (__divm_proc_swap). */
enum { PROC_LIVE, PROC_ZOMBIE };
struct __dios_proc
{
    int pid, ppid, pgid, sid;
    int state;
    int wstatus;        /* a zombie's status, as wait4 reports it */
    void *globals;      /* the bundle of saved globals; 0 while installed */
    void *sigtab;       /* signal dispositions (libc-shim's, read by kill from other processes) */
};

struct __dios_task
{
    struct _VM_Frame *frame;
    int id;
    int state;
    int detached;
    int is_main;
    int wait_kind;
    void *wait_obj;
    long wait_arg;
    void *( *start )( void * );
    void *arg;
    void *retval;
    void **keys;        /* thread-specific data, indexed by pthread key */
    int nkeys;
    int cancel_state, cancel_type, cancel_pending;
    int exiting;        /* in pthread_exit: a cancellation request changes nothing */
    void *cleanup;      /* pthread_cleanup_push stack */
    int err;            /* errno */
    void **tls;         /* pairs: thread-local variable, this thread's copy */
    int ntls;
    int sched_policy, sched_prio;   /* recorded only (pthread_setschedparam) */
    struct __dios_tls *handle;              /* what __dios_this_task gives (made on demand) */
    void ( *routine )( void * );            /* a __dios_start_task task's work */
    void *routine_arg;
    struct __dios_proc *proc;
    int sig_pending;    /* a signal handler was pushed while it waited: it runs, then the wait goes on */
};

enum { CLOCK_FIXED, CLOCK_DET, CLOCK_NDET };

struct dios_state
{
    struct __dios_task **tasks;
    int ntasks, cap, next_id;
    int last;             /* the task that ran last (round-robin runs only) */
    int round_robin;
    int argc;
    char **argv;
    char **envp;
    const char *stdin_data;
    long stdin_len, stdin_pos;
    unsigned char fault_cfg[ _DiOS_SF_Last ];   /* _DiOS_FC_* of each fault kind and simfail */
    unsigned long long fault_locked;            /* bit k: a force-* option fixed kind k */
    int ncpus;            /* -o ncpus:N */
    int clock_mode;       /* -o clock-type: CLOCK_FIXED, CLOCK_DET, CLOCK_NDET */
    int clock_ticks, clock_max_ticks;   /* -o clock-maxticks:N (3) */
    long clock_delta;     /* seconds the clocks advanced */
    long clock_start;     /* -o clock-start:N, the clocks' time at boot */
    int abort_cancels;    /* bit 1, -o cancel:abort: abort() ends the path silently (SV-COMP);
                             bit 2, -o cancel:assert: so does a failed assertion;
                             bit 4, -o cancel:deadlock: a deadlock is no error, its
                             threads wait for ever and the path ends there;
                             bit 8, -o exit:abort: abort() and a failed assertion
                             end the program as SIGABRT does, without an error
                             (SV-COMP's valid-memcleanup: memory still allocated
                             then is not cleaned up) */
    int exited;
    void ( **key_dtors )( void * );
    int nkeys;
    const struct _VM_Env *env;   /* what __boot received (read-only, for libc-shim's file system) */
    struct __dios_proc **procs;  /* live processes and zombies, by pid order */
    int nprocs, pcap;
    int live_procs;              /* > 1: the VM leaves scheduling to __dios_scheduler (it switches globals) */
    int next_pid;
    int main_status;             /* exit status of pid 1 when others outlive it */
    struct __dios_proc *installed;   /* whose globals are in the global objects */
};

/* processes (proc.c) */
struct __dios_proc *__dios_proc_new( struct dios_state *s, struct __dios_proc *parent );
void __dios_proc_install( struct dios_state *s, struct __dios_proc *p );
int __dios_child_state( struct dios_state *s, struct __dios_task *t );
void __dios_proc_exit( int wstatus, int code ) __attribute__((noreturn));
/* VM services for processes (divm/vm/procs.py) */
void *__divm_fork( void *frame, void *const *block, void **child_frame );
void __divm_proc_swap( void *bundle );
/* frees what only the null-terminated array dead reaches (own: and the
 * running activations); the array goes too */
void __divm_proc_drop( void *dead, int own );
int __dios_fork( void *const *block );

/* the scheduler, and the runnable tasks among the first 64 as a bit mask
 * (both named: the VM does the scheduler's common case itself) */
void __dios_scheduler( void );
uint64_t __dios_runnable( void *state );
struct __dios_task *__dios_current( void );
/* the handle of task t (its task-local block), made on first use */
struct __dios_tls *__dios_handle( struct __dios_task *t, int tls_size );
struct __dios_task *__dios_task_by_id( int id );
struct __dios_task *__dios_new_task( void ( *fn )( void * ), void *arg );
void __dios_interrupt( void );
/* an action other threads can see: a possible end of the transition */
#define __dios_visible( obj ) __vm_test_crit( ( void * )( obj ), 1, _VM_MAT_Both, __dios_interrupt )
void __dios_block( int kind, void *obj, long arg );
void __dios_push_handler( struct __dios_task *t, void ( *trampoline )( void * ), int sig );
void __dios_task_exit( void ) __attribute__((noreturn));
int __dios_wait_done( struct dios_state *s, struct __dios_task *t );
/* -o cancel:deadlock: a deadlock is no error (SV-COMP), its threads wait for ever */
int __dios_deadlock_waits( void );
int __dios_wait_done_ext( struct dios_state *s, struct __dios_task *t );
struct _VM_Frame *__dios_make_frame( void ( *fn )( void * ), void *arg );
/* a cancellation point: a pending cancellation of the running task (when
 * enabled) ends it with PTHREAD_CANCELED */
void __dios_cancel_point( void );

#endif
