/* Private declarations shared by libc-shim sources.
 *
 * "Core" sources (string.c, ctype.c, stdio/vformat.c, stdio/vscan.c,
 * stdlib/strtol.c, stdlib/strtod.c, stdlib/qsort.c, stdlib/rand.c, time.c,
 * wchar.c) include only this header and compiler headers, so that
 * tests/run_native_tests.sh can also build them against glibc (with public
 * names renamed by tests/native_rename.h) and compare results. */
#ifndef __DIVM_INTERNAL_H
#define __DIVM_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include <limits.h>
#include <errno.h>

#define __divm_errno (*__errno_location())

/* internal allocations never fail (bitcode: __vm_obj_make directly) */
void *__divm_ialloc(size_t n);
void __divm_ifree(void *p);

/* an output sink for the printf engine: bytes go to buf[0..cap); when it is
 * full, flush (if any) is called to empty it, otherwise bytes are dropped but
 * still counted */
struct __divm_sink
{
    char *buf;
    size_t cap;
    size_t len;     /* bytes now in buf */
    size_t total;   /* bytes produced in all */
    int (*flush)(struct __divm_sink *); /* returns 0 or -1 (error) */
    void *ctx;
    int error;
};
int __divm_vformat(struct __divm_sink *s, const char *fmt, va_list ap);

/* an input source for the scanf engine */
struct __divm_src
{
    const unsigned char *str;  /* string source when get == 0 */
    int (*get)(struct __divm_src *);       /* next byte or -1 */
    void (*unget)(struct __divm_src *, int);
    void *ctx;
    int c23;                   /* C23's rules: %b, and %i takes 0b */
};
int __divm_vscan(struct __divm_src *s, const char *fmt, va_list ap);

/* string to floating point: kind 0 float, 1 double, 2 long double */
void __divm_strtofp(const char *s, char **end, int kind, void *out);

/* private copies of tiny helpers, so that a program defining its own
 * strlen or isspace cannot change libc-shim's behaviour */
static inline size_t __divm_strlen(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

static inline size_t __divm_strnlen(const char *s, size_t max)
{
    size_t n = 0;
    while (n < max && s[n])
        n++;
    return n;
}

static inline int __divm_isspace(int c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

long __divm_strtol(const char *s, char **end, int base);
unsigned long __divm_strtoul(const char *s, char **end, int base);
long __divm_strtol23(const char *s, char **end, int base);
unsigned long __divm_strtoul23(const char *s, char **end, int base);
/* (scanf's 64-bit conversions: a long is 32 bits under LLP64) */
long long __divm_strtoll(const char *s, char **end, int base);
unsigned long long __divm_strtoull(const char *s, char **end, int base);
long long __divm_strtoll23(const char *s, char **end, int base);
unsigned long long __divm_strtoull23(const char *s, char **end, int base);

/* the file system (fs.c) under names a program cannot take over; a count
 * or -errno is an ssize_t (ptrdiff_t: not long, 32 bits under LLP64) */
ptrdiff_t __divm_sysread(int fd, void *buf, size_t n);
ptrdiff_t __divm_syswrite(int fd, const void *buf, size_t n);
int __divm_open(const char *path, int flags, unsigned mode);
int __divm_close(int fd);
long __divm_lseek(int fd, long off, int whence);
int __divm_fcntl(int fd, int cmd, long arg);
struct stat;
int __divm_fstat(int fd, struct stat *st);
int __divm_access(const char *path, int mode);
int __divm_anon_file(void);

/* public functions the core sources call */
size_t strlen(const char *);
size_t strnlen(const char *, size_t);
void *memcpy(void *__restrict, const void *__restrict, size_t);
void *memset(void *, int, size_t);
char *strerror(int);
long strtol(const char *__restrict, char **__restrict, int);
unsigned long strtoul(const char *__restrict, char **__restrict, int);
unsigned long long strtoull(const char *__restrict, char **__restrict, int);
void *malloc(size_t);
void *realloc(void *, size_t);
void free(void *);
int isspace(int);

#endif
