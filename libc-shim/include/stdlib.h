/* <stdlib.h> of libc-shim (glibc x86_64 ABI). */
#ifndef _STDLIB_H
#define _STDLIB_H 1

#include <bits/divm_cdefs.h>
#define __need_size_t
#define __need_wchar_t
#define __need_NULL
#include <stddef.h>
#ifdef __DIVM_MISC
#include <sys/types.h>
#include <alloca.h>
#endif

__DIVM_BEGIN_DECLS

typedef struct { int quot, rem; } div_t;
typedef struct { long quot, rem; } ldiv_t;
typedef struct { long long quot, rem; } lldiv_t;

#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
#define MB_CUR_MAX ((size_t)1)

/* wait status macros, as glibc's <stdlib.h> provides them */
#define WEXITSTATUS(s) (((s) & 0xff00) >> 8)
#define WTERMSIG(s) ((s) & 0x7f)
#define WSTOPSIG(s) WEXITSTATUS(s)
#define WIFEXITED(s) (WTERMSIG(s) == 0)
#define WIFSIGNALED(s) (((signed char)(((s) & 0x7f) + 1) >> 1) > 0)
#define WIFSTOPPED(s) (((s) & 0xff) == 0x7f)

double atof(const char *);
int atoi(const char *);
long atol(const char *);
long long atoll(const char *);
double strtod(const char *__DIVM_RESTRICT, char **__DIVM_RESTRICT);
float strtof(const char *__DIVM_RESTRICT, char **__DIVM_RESTRICT);
long double strtold(const char *__DIVM_RESTRICT, char **__DIVM_RESTRICT);
long strtol(const char *__DIVM_RESTRICT, char **__DIVM_RESTRICT, int);
unsigned long strtoul(const char *__DIVM_RESTRICT, char **__DIVM_RESTRICT, int);
long long strtoll(const char *__DIVM_RESTRICT, char **__DIVM_RESTRICT, int);
unsigned long long strtoull(const char *__DIVM_RESTRICT, char **__DIVM_RESTRICT, int);
long long strtoq(const char *__DIVM_RESTRICT, char **__DIVM_RESTRICT, int);
unsigned long long strtouq(const char *__DIVM_RESTRICT, char **__DIVM_RESTRICT, int);

int rand(void);
void srand(unsigned int);
int rand_r(unsigned int *);
long random(void);
void srandom(unsigned int);
double drand48(void);
double erand48(unsigned short[3]);
long lrand48(void);
long nrand48(unsigned short[3]);
long mrand48(void);
long jrand48(unsigned short[3]);
void srand48(long);
unsigned short *seed48(unsigned short[3]);
void lcong48(unsigned short[7]);

void *malloc(size_t) __attribute__((__malloc__, __alloc_size__(1)));
void *calloc(size_t, size_t) __attribute__((__malloc__, __alloc_size__(1, 2)));
void *realloc(void *, size_t) __attribute__((__alloc_size__(2)));
void *reallocarray(void *, size_t, size_t);
void free(void *);
void *aligned_alloc(size_t, size_t);
int posix_memalign(void **, size_t, size_t);
void *valloc(size_t);
void *memalign(size_t, size_t);

void abort(void) __DIVM_NORETURN;
int atexit(void (*)(void));
int at_quick_exit(void (*)(void));
int on_exit(void (*)(int, void *), void *);
void exit(int) __DIVM_NORETURN;
void quick_exit(int) __DIVM_NORETURN;
void _Exit(int) __DIVM_NORETURN;

char *getenv(const char *);
char *secure_getenv(const char *);
int setenv(const char *, const char *, int);
int unsetenv(const char *);
int putenv(char *);
int clearenv(void);
int system(const char *);
char *realpath(const char *__DIVM_RESTRICT, char *__DIVM_RESTRICT);
int mkstemp(char *);
char *mktemp(char *);
char *mkdtemp(char *);
int mkostemp(char *, int);

void *bsearch(const void *, const void *, size_t, size_t, int (*)(const void *, const void *));
void qsort(void *, size_t, size_t, int (*)(const void *, const void *));
void qsort_r(void *, size_t, size_t, int (*)(const void *, const void *, void *), void *);

int abs(int) __attribute__((__const__));
long labs(long) __attribute__((__const__));
long long llabs(long long) __attribute__((__const__));
div_t div(int, int) __attribute__((__const__));
ldiv_t ldiv(long, long) __attribute__((__const__));
lldiv_t lldiv(long long, long long) __attribute__((__const__));

int mblen(const char *, size_t);
int mbtowc(wchar_t *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, size_t);
int wctomb(char *, wchar_t);
size_t mbstowcs(wchar_t *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, size_t);
size_t wcstombs(char *__DIVM_RESTRICT, const wchar_t *__DIVM_RESTRICT, size_t);

__DIVM_END_DECLS

#endif
