/* <sys/types.h> (pthread types come from DiOS's <pthread.h>, not here). */
#ifndef _SYS_TYPES_H
#define _SYS_TYPES_H 1

#include <bits/divm_cdefs.h>
#include <stdint.h>
#define __DIVM_NEED_ssize_t
#define __DIVM_NEED_off_t
#define __DIVM_NEED_pid_t
#define __DIVM_NEED_time_t
#define __DIVM_NEED_clock_t
#define __DIVM_NEED_uid_t
#define __DIVM_NEED_mode_t
#define __DIVM_NEED_useconds_t
#define __DIVM_NEED_suseconds_t
#include <bits/divm_types.h>

typedef unsigned long dev_t;
typedef unsigned long ino_t;
typedef unsigned long nlink_t;
typedef long blksize_t;
typedef long blkcnt_t;
typedef unsigned long fsblkcnt_t;
typedef unsigned long fsfilcnt_t;
typedef unsigned int id_t;
typedef int key_t;
typedef int clockid_t;
typedef void *timer_t;
/* the 64-bit ones stay 64 bits where long is 32 (LLP64) */
typedef int64_t off64_t;
typedef uint64_t ino64_t;
typedef char *caddr_t;
typedef int64_t loff_t;
typedef unsigned char u_char;
typedef unsigned short u_short;
typedef unsigned int u_int;
typedef unsigned long u_long;
typedef int64_t quad_t;
typedef uint64_t u_quad_t;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef uint8_t u_int8_t;
typedef uint16_t u_int16_t;
typedef uint32_t u_int32_t;
typedef uint64_t u_int64_t;
typedef int register_t;

#endif
