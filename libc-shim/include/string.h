/* <string.h> of libc-shim. */
#ifndef _STRING_H
#define _STRING_H 1

#include <bits/divm_cdefs.h>
#define __need_size_t
#define __need_NULL
#include <stddef.h>
#ifdef __DIVM_MISC
#include <strings.h>
#endif

__DIVM_BEGIN_DECLS

void *memcpy(void *__DIVM_RESTRICT, const void *__DIVM_RESTRICT, size_t);
void *memmove(void *, const void *, size_t);
void *memset(void *, int, size_t);
int memcmp(const void *, const void *, size_t);
void *memchr(const void *, int, size_t);
void *memrchr(const void *, int, size_t);
void *rawmemchr(const void *, int);
void *memmem(const void *, size_t, const void *, size_t);
void *mempcpy(void *__DIVM_RESTRICT, const void *__DIVM_RESTRICT, size_t);
void *memccpy(void *__DIVM_RESTRICT, const void *__DIVM_RESTRICT, int, size_t);
void explicit_bzero(void *, size_t);

size_t strlen(const char *);
size_t strnlen(const char *, size_t);
char *strcpy(char *__DIVM_RESTRICT, const char *__DIVM_RESTRICT);
char *strncpy(char *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, size_t);
char *stpcpy(char *__DIVM_RESTRICT, const char *__DIVM_RESTRICT);
char *stpncpy(char *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, size_t);
size_t strlcpy(char *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, size_t);
size_t strlcat(char *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, size_t);
char *strcat(char *__DIVM_RESTRICT, const char *__DIVM_RESTRICT);
char *strncat(char *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, size_t);
int strcmp(const char *, const char *);
int strncmp(const char *, const char *, size_t);
int strcoll(const char *, const char *);
size_t strxfrm(char *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, size_t);
char *strchr(const char *, int);
char *strrchr(const char *, int);
char *strchrnul(const char *, int);
char *strstr(const char *, const char *);
char *strcasestr(const char *, const char *);
size_t strspn(const char *, const char *);
size_t strcspn(const char *, const char *);
char *strpbrk(const char *, const char *);
char *strtok(char *__DIVM_RESTRICT, const char *__DIVM_RESTRICT);
char *strtok_r(char *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, char **__DIVM_RESTRICT);
char *strsep(char **__DIVM_RESTRICT, const char *__DIVM_RESTRICT);
char *strdup(const char *) __attribute__((__malloc__));
char *strndup(const char *, size_t) __attribute__((__malloc__));
char *strerror(int);
char *strsignal(int);
#ifdef _GNU_SOURCE
char *strerror_r(int, char *, size_t) __asm__("__divm_gnu_strerror_r");
#else
int strerror_r(int, char *, size_t) __asm__("__xpg_strerror_r");
#endif

#if defined(_GNU_SOURCE) && !defined(__cplusplus)
#define strdupa(s) __extension__({ const char *__o = (s); size_t __l = strlen(__o) + 1; \
    (char *)memcpy(__builtin_alloca(__l), __o, __l); })
#endif

__DIVM_END_DECLS

#endif
