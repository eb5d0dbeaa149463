/* <assert.h>: may be included several times with NDEBUG changing. */
#include <bits/divm_cdefs.h>

#undef assert
#ifndef __DIVM_ASSERT_DECLARED
#define __DIVM_ASSERT_DECLARED
__DIVM_BEGIN_DECLS
void __assert_fail(const char *__assertion, const char *__file, unsigned int __line,
                   const char *__function) __DIVM_NORETURN;
void __assert_perror_fail(int __errnum, const char *__file, unsigned int __line,
                          const char *__function) __DIVM_NORETURN;
void __assert(const char *__assertion, const char *__file, int __line) __DIVM_NORETURN;
__DIVM_END_DECLS
#endif

#ifdef NDEBUG
#define assert(expr) ((void)0)
#else
#if defined(__cplusplus)
#define __DIVM_ASSERT_FUNCTION __extension__ __PRETTY_FUNCTION__
#else
#define __DIVM_ASSERT_FUNCTION __func__
#endif
#define assert(expr) \
    ((expr) ? (void)0 : __assert_fail(#expr, __FILE__, __LINE__, __DIVM_ASSERT_FUNCTION))
#endif

#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && __STDC_VERSION__ < 202311L
#undef static_assert
#define static_assert _Static_assert
#endif
