/* POSIX threads, implemented by DiOS.  Layouts are divm's own; sizes match
 * glibc's on x86-64 so that structures embedding them keep their size. */
#ifndef _PTHREAD_H
#define _PTHREAD_H

#include <sched.h>
#include <time.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef unsigned long pthread_t;
/* detach, stack size and scheduling attributes are recorded; scheduling is
 * DiOS's (every interleaving), so policy and priority change nothing.  The
 * sizes are size_t, as POSIX has them (not long: 32 bits under LLP64). */
typedef struct { int detach; int __pad0; size_t stacksize; void *stackaddr; size_t guardsize;
                 int inherit, policy, priority, scope, __pad[2]; } pthread_attr_t;
typedef struct { int __owner, __count, __type, __inited; int __pad[6]; } pthread_mutex_t;
typedef struct { int type; int pshared; int protocol, prioceiling, robust; } pthread_mutexattr_t;
typedef struct { int __waiters; int __pad[11]; } pthread_cond_t;
typedef struct { int clock; int pshared; } pthread_condattr_t;
/* __readers read locks are held (__rd: the holders, pairs of thread id and count,
 * __nslots pairs sorted by id, a DiOS object made at the first read lock); __writer: the
 * thread holding it for writing */
typedef struct { int __readers, __writer, __wwait, __nslots; int *__rd; int __pad[8]; } pthread_rwlock_t;
typedef struct { int pshared; } pthread_rwlockattr_t;
typedef struct { int __count, __arrived, __round; int __pad[5]; } pthread_barrier_t;
typedef struct { int pshared; } pthread_barrierattr_t;
typedef int pthread_once_t;   /* 0: not run, -tid: running in thread tid, 1: done */
typedef unsigned pthread_key_t;
typedef volatile int pthread_spinlock_t;   /* 0 or the id of the holder */

/* Constants are macros as well as values, so that #ifdef finds them (POSIX). */
#define PTHREAD_CREATE_JOINABLE 0
#define PTHREAD_CREATE_DETACHED 1
#define PTHREAD_MUTEX_NORMAL 0
#define PTHREAD_MUTEX_RECURSIVE 1
#define PTHREAD_MUTEX_ERRORCHECK 2
#define PTHREAD_MUTEX_DEFAULT PTHREAD_MUTEX_NORMAL
#define PTHREAD_MUTEX_TIMED_NP PTHREAD_MUTEX_NORMAL
#define PTHREAD_MUTEX_RECURSIVE_NP PTHREAD_MUTEX_RECURSIVE
#define PTHREAD_MUTEX_ERRORCHECK_NP PTHREAD_MUTEX_ERRORCHECK
#define PTHREAD_MUTEX_STALLED 0
#define PTHREAD_MUTEX_ROBUST 1
#define PTHREAD_PROCESS_PRIVATE 0
#define PTHREAD_PROCESS_SHARED 1
#define PTHREAD_CANCEL_ENABLE 0
#define PTHREAD_CANCEL_DISABLE 1
#define PTHREAD_CANCEL_DEFERRED 0
#define PTHREAD_CANCEL_ASYNCHRONOUS 1
#define PTHREAD_INHERIT_SCHED 0
#define PTHREAD_EXPLICIT_SCHED 1
#define PTHREAD_SCOPE_SYSTEM 0
#define PTHREAD_SCOPE_PROCESS 1
#define PTHREAD_PRIO_NONE 0
#define PTHREAD_PRIO_INHERIT 1
#define PTHREAD_PRIO_PROTECT 2
#define PTHREAD_CANCELED ( ( void * ) -1 )
#define PTHREAD_BARRIER_SERIAL_THREAD ( -1 )

#define PTHREAD_MUTEX_INITIALIZER { 0, 0, PTHREAD_MUTEX_NORMAL, 1, { 0 } }
#define PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP { 0, 0, PTHREAD_MUTEX_RECURSIVE, 1, { 0 } }
#define PTHREAD_ERRORCHECK_MUTEX_INITIALIZER_NP { 0, 0, PTHREAD_MUTEX_ERRORCHECK, 1, { 0 } }
#define PTHREAD_COND_INITIALIZER { 0, { 0 } }
#define PTHREAD_RWLOCK_INITIALIZER { 0, 0, 0, 0, 0, { 0 } }
#define PTHREAD_ONCE_INIT 0

int pthread_create( pthread_t *, const pthread_attr_t *, void *( * )( void * ), void * );
void pthread_exit( void * ) __attribute__((noreturn));
int pthread_join( pthread_t, void ** );
int pthread_detach( pthread_t );
pthread_t pthread_self( void );
int pthread_equal( pthread_t, pthread_t );

int pthread_attr_init( pthread_attr_t * );
int pthread_attr_destroy( pthread_attr_t * );
int pthread_attr_setdetachstate( pthread_attr_t *, int );
int pthread_attr_getdetachstate( const pthread_attr_t *, int * );
int pthread_attr_setstacksize( pthread_attr_t *, size_t );
int pthread_attr_getstacksize( const pthread_attr_t *, size_t * );
int pthread_attr_setstack( pthread_attr_t *, void *, size_t );
int pthread_attr_getstack( const pthread_attr_t *, void **, size_t * );
int pthread_attr_setstackaddr( pthread_attr_t *, void * );
int pthread_attr_getstackaddr( const pthread_attr_t *, void ** );
int pthread_attr_setguardsize( pthread_attr_t *, size_t );
int pthread_attr_getguardsize( const pthread_attr_t *, size_t * );
int pthread_attr_setinheritsched( pthread_attr_t *, int );
int pthread_attr_getinheritsched( const pthread_attr_t *, int * );
int pthread_attr_setschedpolicy( pthread_attr_t *, int );
int pthread_attr_getschedpolicy( const pthread_attr_t *, int * );
int pthread_attr_setschedparam( pthread_attr_t *, const struct sched_param * );
int pthread_attr_getschedparam( const pthread_attr_t *, struct sched_param * );
int pthread_attr_setscope( pthread_attr_t *, int );
int pthread_attr_getscope( const pthread_attr_t *, int * );

int pthread_getschedparam( pthread_t, int *, struct sched_param * );
int pthread_setschedparam( pthread_t, int, const struct sched_param * );
int pthread_setschedprio( pthread_t, int );
int pthread_getconcurrency( void );
int pthread_setconcurrency( int );
int pthread_getcpuclockid( pthread_t, clockid_t * );
int pthread_atfork( void ( * )( void ), void ( * )( void ), void ( * )( void ) );

int pthread_mutex_init( pthread_mutex_t *, const pthread_mutexattr_t * );
int pthread_mutex_destroy( pthread_mutex_t * );
int pthread_mutex_lock( pthread_mutex_t * );
int pthread_mutex_trylock( pthread_mutex_t * );
int pthread_mutex_timedlock( pthread_mutex_t *, const struct timespec * );
int pthread_mutex_unlock( pthread_mutex_t * );
int pthread_mutexattr_init( pthread_mutexattr_t * );
int pthread_mutexattr_destroy( pthread_mutexattr_t * );
int pthread_mutexattr_settype( pthread_mutexattr_t *, int );
int pthread_mutexattr_gettype( const pthread_mutexattr_t *, int * );
int pthread_mutexattr_setpshared( pthread_mutexattr_t *, int );
int pthread_mutexattr_getpshared( const pthread_mutexattr_t *, int * );
int pthread_mutexattr_setprotocol( pthread_mutexattr_t *, int );
int pthread_mutexattr_getprotocol( const pthread_mutexattr_t *, int * );
int pthread_mutexattr_setprioceiling( pthread_mutexattr_t *, int );
int pthread_mutexattr_getprioceiling( const pthread_mutexattr_t *, int * );
int pthread_mutexattr_setrobust( pthread_mutexattr_t *, int );
int pthread_mutexattr_getrobust( const pthread_mutexattr_t *, int * );
int pthread_mutex_setprioceiling( pthread_mutex_t *, int, int * );
int pthread_mutex_getprioceiling( const pthread_mutex_t *, int * );
int pthread_mutex_consistent( pthread_mutex_t * );

int pthread_cond_init( pthread_cond_t *, const pthread_condattr_t * );
int pthread_cond_destroy( pthread_cond_t * );
int pthread_cond_wait( pthread_cond_t *, pthread_mutex_t * );
int pthread_cond_timedwait( pthread_cond_t *, pthread_mutex_t *, const struct timespec * );
int pthread_cond_signal( pthread_cond_t * );
int pthread_cond_broadcast( pthread_cond_t * );
int pthread_condattr_init( pthread_condattr_t * );
int pthread_condattr_destroy( pthread_condattr_t * );
int pthread_condattr_setclock( pthread_condattr_t *, clockid_t );
int pthread_condattr_getclock( const pthread_condattr_t *, clockid_t * );
int pthread_condattr_setpshared( pthread_condattr_t *, int );
int pthread_condattr_getpshared( const pthread_condattr_t *, int * );

int pthread_rwlock_init( pthread_rwlock_t *, const pthread_rwlockattr_t * );
int pthread_rwlock_destroy( pthread_rwlock_t * );
int pthread_rwlock_rdlock( pthread_rwlock_t * );
int pthread_rwlock_wrlock( pthread_rwlock_t * );
int pthread_rwlock_tryrdlock( pthread_rwlock_t * );
int pthread_rwlock_trywrlock( pthread_rwlock_t * );
int pthread_rwlock_timedrdlock( pthread_rwlock_t *, const struct timespec * );
int pthread_rwlock_timedwrlock( pthread_rwlock_t *, const struct timespec * );
int pthread_rwlock_unlock( pthread_rwlock_t * );
int pthread_rwlockattr_init( pthread_rwlockattr_t * );
int pthread_rwlockattr_destroy( pthread_rwlockattr_t * );
int pthread_rwlockattr_setpshared( pthread_rwlockattr_t *, int );
int pthread_rwlockattr_getpshared( const pthread_rwlockattr_t *, int * );

int pthread_barrier_init( pthread_barrier_t *, const pthread_barrierattr_t *, unsigned );
int pthread_barrier_destroy( pthread_barrier_t * );
int pthread_barrier_wait( pthread_barrier_t * );
int pthread_barrierattr_init( pthread_barrierattr_t * );
int pthread_barrierattr_destroy( pthread_barrierattr_t * );
int pthread_barrierattr_setpshared( pthread_barrierattr_t *, int );
int pthread_barrierattr_getpshared( const pthread_barrierattr_t *, int * );

int pthread_once( pthread_once_t *, void ( * )( void ) );
int pthread_key_create( pthread_key_t *, void ( * )( void * ) );
int pthread_key_delete( pthread_key_t );
void *pthread_getspecific( pthread_key_t );
int pthread_setspecific( pthread_key_t, const void * );

int pthread_spin_init( pthread_spinlock_t *, int );
int pthread_spin_destroy( pthread_spinlock_t * );
int pthread_spin_lock( pthread_spinlock_t * );
int pthread_spin_trylock( pthread_spinlock_t * );
int pthread_spin_unlock( pthread_spinlock_t * );

int pthread_cancel( pthread_t );
int pthread_setcancelstate( int, int * );
int pthread_setcanceltype( int, int * );
void pthread_testcancel( void );

struct __pthread_cleanup { void ( *fn )( void * ); void *arg; struct __pthread_cleanup *next; };
void __pthread_cleanup_push( struct __pthread_cleanup *, void ( * )( void * ), void * );
void __pthread_cleanup_pop( struct __pthread_cleanup *, int );
#define pthread_cleanup_push( fn, arg ) \
    { struct __pthread_cleanup __cleanup; __pthread_cleanup_push( &__cleanup, ( fn ), ( arg ) );
#define pthread_cleanup_pop( execute ) \
    __pthread_cleanup_pop( &__cleanup, ( execute ) ); }

#ifdef __cplusplus
}
#endif
#endif
