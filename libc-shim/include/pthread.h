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
typedef struct { int detach; int __pad0; unsigned long stacksize; int __pad[10]; } pthread_attr_t;
typedef struct { int __owner, __count, __type, __inited; int __pad[6]; } pthread_mutex_t;
typedef struct { int type; int pshared; } pthread_mutexattr_t;
typedef struct { int __waiters; int __pad[11]; } pthread_cond_t;
typedef struct { int clock; } pthread_condattr_t;
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

enum { PTHREAD_CREATE_JOINABLE, PTHREAD_CREATE_DETACHED };
enum { PTHREAD_MUTEX_NORMAL, PTHREAD_MUTEX_RECURSIVE, PTHREAD_MUTEX_ERRORCHECK,
       PTHREAD_MUTEX_DEFAULT = PTHREAD_MUTEX_NORMAL };
#define PTHREAD_MUTEX_TIMED_NP PTHREAD_MUTEX_NORMAL
#define PTHREAD_MUTEX_RECURSIVE_NP PTHREAD_MUTEX_RECURSIVE
#define PTHREAD_MUTEX_ERRORCHECK_NP PTHREAD_MUTEX_ERRORCHECK
enum { PTHREAD_PROCESS_PRIVATE, PTHREAD_PROCESS_SHARED };
enum { PTHREAD_CANCEL_ENABLE, PTHREAD_CANCEL_DISABLE };
enum { PTHREAD_CANCEL_DEFERRED, PTHREAD_CANCEL_ASYNCHRONOUS };
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
int pthread_attr_setstacksize( pthread_attr_t *, unsigned long );
int pthread_attr_getstacksize( const pthread_attr_t *, unsigned long * );

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

int pthread_cond_init( pthread_cond_t *, const pthread_condattr_t * );
int pthread_cond_destroy( pthread_cond_t * );
int pthread_cond_wait( pthread_cond_t *, pthread_mutex_t * );
int pthread_cond_timedwait( pthread_cond_t *, pthread_mutex_t *, const struct timespec * );
int pthread_cond_signal( pthread_cond_t * );
int pthread_cond_broadcast( pthread_cond_t * );
int pthread_condattr_init( pthread_condattr_t * );
int pthread_condattr_destroy( pthread_condattr_t * );

int pthread_rwlock_init( pthread_rwlock_t *, const pthread_rwlockattr_t * );
int pthread_rwlock_destroy( pthread_rwlock_t * );
int pthread_rwlock_rdlock( pthread_rwlock_t * );
int pthread_rwlock_wrlock( pthread_rwlock_t * );
int pthread_rwlock_tryrdlock( pthread_rwlock_t * );
int pthread_rwlock_trywrlock( pthread_rwlock_t * );
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
