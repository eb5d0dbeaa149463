/* The public interface of DiOS, the operating system running inside divm. */
#ifndef __DIOS_H__
#define __DIOS_H__

#include <sys/divm.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* printf-style text attached to the current transition (not program output) */
void __dios_trace_f( const char *fmt, ... ) __attribute__((format(printf, 1, 2)));
void __dios_trace_t( const char *text );
/* give up the processor: a scheduling point */
void __dios_reschedule( void );
/* raise a fault of kind _VM_F_* with a message, as if the VM had detected it */
void __dios_fault( int kind, const char *msg );

typedef struct __dios_task *__dios_task;
/* start an OS-level task running fn(arg); returns its handle */
__dios_task __dios_start_task( void ( *fn )( void * ), void *arg, int tls_size );
/* end the calling task */
void __dios_suicide( void ) __attribute__((noreturn));

#ifdef __cplusplus
}
#endif
#endif
