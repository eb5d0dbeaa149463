/* <err.h>: BSD error reporting to stderr. */
#ifndef _ERR_H
#define _ERR_H 1

#include <bits/divm_cdefs.h>
#define __need___va_list
#include <stdarg.h>

__DIVM_BEGIN_DECLS
void warn(const char *, ...) __DIVM_PRINTF(1, 2);
void vwarn(const char *, __gnuc_va_list) __DIVM_PRINTF(1, 0);
void warnx(const char *, ...) __DIVM_PRINTF(1, 2);
void vwarnx(const char *, __gnuc_va_list) __DIVM_PRINTF(1, 0);
void err(int, const char *, ...) __DIVM_NORETURN __DIVM_PRINTF(2, 3);
void verr(int, const char *, __gnuc_va_list) __DIVM_NORETURN __DIVM_PRINTF(2, 0);
void errx(int, const char *, ...) __DIVM_NORETURN __DIVM_PRINTF(2, 3);
void verrx(int, const char *, __gnuc_va_list) __DIVM_NORETURN __DIVM_PRINTF(2, 0);
__DIVM_END_DECLS

#endif
