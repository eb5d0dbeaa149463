/* Shared typedefs (each guarded so several headers may provide them). */
#ifndef __DIVM_TYPES_H
#define __DIVM_TYPES_H

#define __need_size_t
#define __need_NULL
#include <stddef.h>

/* the signed size_t: long under LP64, long long under LLP64 (where long is
 * 32 bits and size_t 64) */
typedef __PTRDIFF_TYPE__ __divm_ssize_t;
typedef long __divm_off_t;
typedef int __divm_pid_t;
typedef long __divm_time_t;
typedef long __divm_clock_t;

#endif

#if defined(__DIVM_NEED_ssize_t) && !defined(__ssize_t_defined)
#define __ssize_t_defined
typedef __divm_ssize_t ssize_t;
#endif
#if defined(__DIVM_NEED_off_t) && !defined(__off_t_defined)
#define __off_t_defined
typedef __divm_off_t off_t;
#endif
#if defined(__DIVM_NEED_pid_t) && !defined(__pid_t_defined)
#define __pid_t_defined
typedef __divm_pid_t pid_t;
#endif
#if defined(__DIVM_NEED_time_t) && !defined(__time_t_defined)
#define __time_t_defined
typedef __divm_time_t time_t;
#endif
#if defined(__DIVM_NEED_clock_t) && !defined(__clock_t_defined)
#define __clock_t_defined
typedef __divm_clock_t clock_t;
#endif
#if defined(__DIVM_NEED_timespec) && !defined(__timespec_defined)
#define __timespec_defined
struct timespec { __divm_time_t tv_sec; long tv_nsec; };
#endif
#if defined(__DIVM_NEED_timeval) && !defined(__timeval_defined)
#define __timeval_defined
struct timeval { __divm_time_t tv_sec; long tv_usec; };
#endif
#if defined(__DIVM_NEED_uid_t) && !defined(__uid_t_defined)
#define __uid_t_defined
typedef unsigned int uid_t;
typedef unsigned int gid_t;
#endif
#if defined(__DIVM_NEED_mode_t) && !defined(__mode_t_defined)
#define __mode_t_defined
typedef unsigned int mode_t;
#endif
#if defined(__DIVM_NEED_useconds_t) && !defined(__useconds_t_defined)
#define __useconds_t_defined
typedef unsigned int useconds_t;
#endif
#if defined(__DIVM_NEED_suseconds_t) && !defined(__suseconds_t_defined)
#define __suseconds_t_defined
typedef long suseconds_t;
#endif
#if defined(__DIVM_NEED_locale_t) && !defined(__locale_t_defined)
#define __locale_t_defined
typedef struct __locale_struct *locale_t;
#endif
#if defined(__DIVM_NEED_sigset_t) && !defined(__sigset_t_defined)
#define __sigset_t_defined
typedef struct { unsigned long __val[1024 / (8 * sizeof(unsigned long))]; } sigset_t;   /* 128 bytes in both models */
#endif
#if defined(__DIVM_NEED_wint_t) && !defined(__wint_t_defined)
#define __wint_t_defined
typedef unsigned int wint_t;
#endif
#if defined(__DIVM_NEED_mbstate_t) && !defined(__mbstate_t_defined)
#define __mbstate_t_defined
typedef struct { int __count; union { unsigned int __wch; char __wchb[4]; } __value; } mbstate_t;
#endif
#if defined(__DIVM_NEED_va_list) && !defined(__DIVM_VA_LIST_DEFINED)
#define __DIVM_VA_LIST_DEFINED
typedef __builtin_va_list __gnuc_va_list;
#endif

#undef __DIVM_NEED_ssize_t
#undef __DIVM_NEED_off_t
#undef __DIVM_NEED_pid_t
#undef __DIVM_NEED_time_t
#undef __DIVM_NEED_clock_t
#undef __DIVM_NEED_timespec
#undef __DIVM_NEED_timeval
#undef __DIVM_NEED_uid_t
#undef __DIVM_NEED_mode_t
#undef __DIVM_NEED_useconds_t
#undef __DIVM_NEED_suseconds_t
#undef __DIVM_NEED_locale_t
#undef __DIVM_NEED_sigset_t
#undef __DIVM_NEED_wint_t
#undef __DIVM_NEED_mbstate_t
#undef __DIVM_NEED_va_list
