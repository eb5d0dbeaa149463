/* <limits.h>: clang's own limits.h plus the POSIX limits glibc adds. */
#include_next <limits.h>

#ifndef __DIVM_LIMITS_H
#define __DIVM_LIMITS_H
#ifndef SSIZE_MAX
/* ssize_t is pointer-sized (bits/divm_types.h): long long under LLP64 */
#define SSIZE_MAX __PTRDIFF_MAX__
#endif
#ifndef PATH_MAX
#define PATH_MAX 4096
#endif
#ifndef NAME_MAX
#define NAME_MAX 255
#endif
#ifndef PIPE_BUF
#define PIPE_BUF 4096
#endif
#ifndef LINE_MAX
#define LINE_MAX 2048
#endif
#ifndef NGROUPS_MAX
#define NGROUPS_MAX 65536
#endif
#ifndef IOV_MAX
#define IOV_MAX 1024
#endif
#ifndef NL_ARGMAX
#define NL_ARGMAX 4096
#endif
#ifndef NZERO
#define NZERO 20
#endif
#ifndef PTHREAD_KEYS_MAX
#define PTHREAD_KEYS_MAX 1024
#endif
#ifndef PTHREAD_STACK_MIN
#define PTHREAD_STACK_MIN 16384
#endif
#ifndef _POSIX_PATH_MAX
#define _POSIX_PATH_MAX 256
#endif
#ifndef _POSIX_NAME_MAX
#define _POSIX_NAME_MAX 14
#endif
#ifndef HOST_NAME_MAX
#define HOST_NAME_MAX 64
#endif
#endif
