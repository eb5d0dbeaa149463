/* The narrow interface libc-shim uses to reach DiOS.  Not for programs. */
#ifndef __SYS_DIOS_SYSCALL_H__
#define __SYS_DIOS_SYSCALL_H__

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 1 if this allocation must fail (a choice unless -o nofail:malloc) */
int __dios_alloc_fails( void );
/* output to descriptors 1 and 2 reaches the user; returns bytes written or -errno */
long __dios_write( int fd, const void *buf, size_t n );
/* reads from descriptor 0 (the --stdin contents); returns bytes read or -errno */
long __dios_read( int fd, void *buf, size_t n );
/* end the whole program with this exit status (atexit handlers already ran) */
void __dios_exit( int status ) __attribute__((noreturn));
void __dios_exit_point( void );
/* the same for a program a signal's default action ends: that status is
 * not the program reporting failure, so verify does not treat it as one */
void __dios_exit_signal( int status ) __attribute__((noreturn));
/* the value of an environment variable the user passed, or NULL */
const char *__dios_getenv( const char *name );
/* the fault handler treats faults of this kind as errors unless told to ignore */
void __dios_fault( int kind, const char *msg );
/* the {key, value, size} array __boot received (files: key "divm.file",
 * value NAME '\0' CONTENTS) */
struct _VM_Env;
const struct _VM_Env *__dios_boot_env( void );
/* an action on shared OS-level data (the file system): an interrupt point
 * when there are threads */
void __dios_visible_io( void *obj );
/* a reading of the clocks (-o clock-type): seconds since clock-start, and
 * maybe a tick after it; the seconds advanced without a reading; clock-start */
long __dios_clock_read( void );
long __dios_clock_delta( void );
long __dios_clock_start( void );
/* blocks the calling thread until *word is 0 (another thread clears it);
 * when no thread can run, that is a deadlock */
void __dios_wait_zero( volatile int *word );
/* the calling thread's errno (what __errno_location returns) */
int *__dios_errno( void );

#ifdef __cplusplus
}
#endif
#endif
