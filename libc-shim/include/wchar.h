/* <wchar.h>: wide strings; conversions in the C locale (ASCII). */
#ifndef _WCHAR_H
#define _WCHAR_H 1

#include <bits/divm_cdefs.h>
#define __need_size_t
#define __need_wchar_t
#define __need_NULL
#include <stddef.h>
#define __need___va_list
#include <stdarg.h>
#define __DIVM_NEED_wint_t
#define __DIVM_NEED_mbstate_t
#include <bits/divm_types.h>

__DIVM_BEGIN_DECLS

#ifndef WEOF
#define WEOF (0xffffffffu)
#endif
#ifndef WCHAR_MIN
#define WCHAR_MIN __WCHAR_MIN__
#define WCHAR_MAX __WCHAR_MAX__
#endif

struct _IO_FILE;
struct tm;

size_t wcslen(const wchar_t *);
size_t wcsnlen(const wchar_t *, size_t);
wchar_t *wcscpy(wchar_t *__DIVM_RESTRICT, const wchar_t *__DIVM_RESTRICT);
wchar_t *wcsncpy(wchar_t *__DIVM_RESTRICT, const wchar_t *__DIVM_RESTRICT, size_t);
wchar_t *wcscat(wchar_t *__DIVM_RESTRICT, const wchar_t *__DIVM_RESTRICT);
wchar_t *wcsncat(wchar_t *__DIVM_RESTRICT, const wchar_t *__DIVM_RESTRICT, size_t);
int wcscmp(const wchar_t *, const wchar_t *);
int wcsncmp(const wchar_t *, const wchar_t *, size_t);
int wcscoll(const wchar_t *, const wchar_t *);
wchar_t *wcschr(const wchar_t *, wchar_t);
wchar_t *wcsrchr(const wchar_t *, wchar_t);
wchar_t *wcsstr(const wchar_t *, const wchar_t *);
size_t wcsspn(const wchar_t *, const wchar_t *);
size_t wcscspn(const wchar_t *, const wchar_t *);
wchar_t *wcsdup(const wchar_t *);
wchar_t *wmemcpy(wchar_t *__DIVM_RESTRICT, const wchar_t *__DIVM_RESTRICT, size_t);
wchar_t *wmemmove(wchar_t *, const wchar_t *, size_t);
wchar_t *wmemset(wchar_t *, wchar_t, size_t);
int wmemcmp(const wchar_t *, const wchar_t *, size_t);
wchar_t *wmemchr(const wchar_t *, wchar_t, size_t);
wint_t btowc(int);
int wctob(wint_t);
int mbsinit(const mbstate_t *);
size_t mbrtowc(wchar_t *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, size_t, mbstate_t *__DIVM_RESTRICT);
size_t mbrlen(const char *__DIVM_RESTRICT, size_t, mbstate_t *__DIVM_RESTRICT);
size_t wcrtomb(char *__DIVM_RESTRICT, wchar_t, mbstate_t *__DIVM_RESTRICT);
size_t mbsrtowcs(wchar_t *__DIVM_RESTRICT, const char **__DIVM_RESTRICT, size_t, mbstate_t *__DIVM_RESTRICT);
size_t wcsrtombs(char *__DIVM_RESTRICT, const wchar_t **__DIVM_RESTRICT, size_t, mbstate_t *__DIVM_RESTRICT);
int wcwidth(wchar_t);

__DIVM_END_DECLS

#endif
