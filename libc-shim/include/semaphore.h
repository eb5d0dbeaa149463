/* POSIX unnamed semaphores, implemented by DiOS (dios/src/semaphore.c). */
#ifndef _SEMAPHORE_H
#define _SEMAPHORE_H 1

#include <time.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 32 bytes like glibc's; __value is the count */
typedef struct { int __value; int __pshared; int __pad[6]; } sem_t;

#define SEM_VALUE_MAX 2147483647
#define SEM_FAILED ( ( sem_t * ) 0 )

int sem_init( sem_t *, int, unsigned );
int sem_destroy( sem_t * );
int sem_wait( sem_t * );
int sem_trywait( sem_t * );
int sem_timedwait( sem_t *, const struct timespec * );
int sem_post( sem_t * );
int sem_getvalue( sem_t *, int * );

#ifdef __cplusplus
}
#endif
#endif
