/* Common helpers for libc-shim headers (x86_64 Linux LP64, glibc ABI). */
#ifndef __DIVM_CDEFS_H
#define __DIVM_CDEFS_H

#ifdef __cplusplus
#define __DIVM_BEGIN_DECLS extern "C" {
#define __DIVM_END_DECLS }
#define __DIVM_NOEXCEPT noexcept
#define __DIVM_RESTRICT
#else
#define __DIVM_BEGIN_DECLS
#define __DIVM_END_DECLS
#define __DIVM_NOEXCEPT
#define __DIVM_RESTRICT __restrict
#endif

#define __DIVM_NORETURN __attribute__((__noreturn__))
#define __DIVM_PRINTF(f, a) __attribute__((__format__(__printf__, f, a)))
#define __DIVM_SCANF(f, a) __attribute__((__format__(__scanf__, f, a)))

/* Feature-test macros, as glibc reads them: without any, and not in a
 * strict -std=cNN mode, everything is visible; a strict mode or an explicit
 * _POSIX_C_SOURCE hides the BSD/GNU extras whose names programs often use
 * for their own functions (getline, index, gamma, ...). */
#if defined(_GNU_SOURCE) || defined(_DEFAULT_SOURCE) || defined(_BSD_SOURCE) || defined(_SVID_SOURCE) || \
    (!defined(__STRICT_ANSI__) && !defined(_ISOC99_SOURCE) && !defined(_ISOC11_SOURCE) && \
     !defined(_POSIX_SOURCE) && !defined(_POSIX_C_SOURCE) && !defined(_XOPEN_SOURCE))
#define __DIVM_MISC 1
#endif
#if defined(__DIVM_MISC) || defined(_POSIX_SOURCE) || defined(_POSIX_C_SOURCE) || defined(_XOPEN_SOURCE)
#define __DIVM_POSIX 1
#endif

/* glibc-compatible names some programs test for */
#ifndef __BEGIN_DECLS
#define __BEGIN_DECLS __DIVM_BEGIN_DECLS
#define __END_DECLS __DIVM_END_DECLS
#endif
#ifndef __THROW
#define __THROW
#endif

#endif
