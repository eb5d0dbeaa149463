/* C11 threads, implemented by DiOS on top of its POSIX threads
 * (dios/src/c11threads.c).  Values and sizes follow glibc. */
#ifndef _THREADS_H
#define _THREADS_H 1

#include <time.h>

#ifdef __cplusplus
extern "C" {
#endif

#if !defined( __cplusplus ) && ( !defined( __STDC_VERSION__ ) || __STDC_VERSION__ < 202311L )
#define thread_local _Thread_local
#endif

#define TSS_DTOR_ITERATIONS 4

typedef unsigned long thrd_t;
typedef int ( *thrd_start_t )( void * );
typedef unsigned tss_t;
typedef void ( *tss_dtor_t )( void * );
typedef int once_flag;
#define ONCE_FLAG_INIT 0

/* the layouts of pthread_mutex_t and pthread_cond_t */
typedef struct { int __owner, __count, __type, __inited; int __pad[6]; } mtx_t;
typedef struct { int __waiters; int __pad[11]; } cnd_t;

enum { thrd_success = 0, thrd_busy = 1, thrd_error = 2, thrd_nomem = 3, thrd_timedout = 4 };
enum { mtx_plain = 0, mtx_recursive = 1, mtx_timed = 2 };

int thrd_create( thrd_t *, thrd_start_t, void * );
int thrd_equal( thrd_t, thrd_t );
thrd_t thrd_current( void );
int thrd_sleep( const struct timespec *, struct timespec * );
void thrd_exit( int ) __attribute__((__noreturn__));
int thrd_detach( thrd_t );
int thrd_join( thrd_t, int * );
void thrd_yield( void );

int mtx_init( mtx_t *, int );
int mtx_lock( mtx_t * );
int mtx_timedlock( mtx_t *__restrict, const struct timespec *__restrict );
int mtx_trylock( mtx_t * );
int mtx_unlock( mtx_t * );
void mtx_destroy( mtx_t * );

void call_once( once_flag *, void ( * )( void ) );

int cnd_init( cnd_t * );
int cnd_signal( cnd_t * );
int cnd_broadcast( cnd_t * );
int cnd_wait( cnd_t *, mtx_t * );
int cnd_timedwait( cnd_t *__restrict, mtx_t *__restrict, const struct timespec *__restrict );
void cnd_destroy( cnd_t * );

int tss_create( tss_t *, tss_dtor_t );
void *tss_get( tss_t );
int tss_set( tss_t, void * );
void tss_delete( tss_t );

#ifdef __cplusplus
}
#endif
#endif
