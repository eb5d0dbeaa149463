/* <stdio.h> of libc-shim (glibc x86_64 ABI values). */
#ifndef _STDIO_H
#define _STDIO_H 1

#include <bits/divm_cdefs.h>
#define __need_size_t
#define __need_NULL
#include <stddef.h>
#define __need___va_list
#include <stdarg.h>
#ifndef _VA_LIST
#define _VA_LIST
typedef __gnuc_va_list va_list;
#endif
#define __DIVM_NEED_ssize_t
#define __DIVM_NEED_off_t
#include <bits/divm_types.h>

__DIVM_BEGIN_DECLS

typedef struct _IO_FILE FILE;
typedef struct _IO_FILE __FILE;
typedef struct _G_fpos_t
{
    long __pos;
    struct { int __count; union { unsigned int __wch; char __wchb[4]; } __value; } __state;
} fpos_t;

#define EOF (-1)
#define BUFSIZ 8192
#define FILENAME_MAX 4096
#define FOPEN_MAX 16
#define L_tmpnam 20
#define L_ctermid 9
#define TMP_MAX 238328
#define P_tmpdir "/tmp"
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#define _IOFBF 0
#define _IOLBF 1
#define _IONBF 2

extern FILE *stdin;
extern FILE *stdout;
extern FILE *stderr;
#define stdin stdin
#define stdout stdout
#define stderr stderr

FILE *fopen(const char *__DIVM_RESTRICT, const char *__DIVM_RESTRICT);
FILE *freopen(const char *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, FILE *__DIVM_RESTRICT);
FILE *fdopen(int, const char *);
FILE *tmpfile(void);
char *tmpnam(char *);
int fclose(FILE *);
int fflush(FILE *);
void setbuf(FILE *__DIVM_RESTRICT, char *__DIVM_RESTRICT);
int setvbuf(FILE *__DIVM_RESTRICT, char *__DIVM_RESTRICT, int, size_t);
void setbuffer(FILE *, char *, size_t);
void setlinebuf(FILE *);
int remove(const char *);
int rename(const char *, const char *);

int printf(const char *__DIVM_RESTRICT, ...) __DIVM_PRINTF(1, 2);
int fprintf(FILE *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, ...) __DIVM_PRINTF(2, 3);
int sprintf(char *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, ...) __DIVM_PRINTF(2, 3);
int snprintf(char *__DIVM_RESTRICT, size_t, const char *__DIVM_RESTRICT, ...) __DIVM_PRINTF(3, 4);
int dprintf(int, const char *__DIVM_RESTRICT, ...) __DIVM_PRINTF(2, 3);
int asprintf(char **__DIVM_RESTRICT, const char *__DIVM_RESTRICT, ...) __DIVM_PRINTF(2, 3);
int vprintf(const char *__DIVM_RESTRICT, __gnuc_va_list) __DIVM_PRINTF(1, 0);
int vfprintf(FILE *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, __gnuc_va_list) __DIVM_PRINTF(2, 0);
int vsprintf(char *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, __gnuc_va_list) __DIVM_PRINTF(2, 0);
int vsnprintf(char *__DIVM_RESTRICT, size_t, const char *__DIVM_RESTRICT, __gnuc_va_list) __DIVM_PRINTF(3, 0);
int vdprintf(int, const char *__DIVM_RESTRICT, __gnuc_va_list) __DIVM_PRINTF(2, 0);
int vasprintf(char **__DIVM_RESTRICT, const char *__DIVM_RESTRICT, __gnuc_va_list) __DIVM_PRINTF(2, 0);

int scanf(const char *__DIVM_RESTRICT, ...) __DIVM_SCANF(1, 2);
int fscanf(FILE *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, ...) __DIVM_SCANF(2, 3);
int sscanf(const char *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, ...) __DIVM_SCANF(2, 3);
int vscanf(const char *__DIVM_RESTRICT, __gnuc_va_list) __DIVM_SCANF(1, 0);
int vfscanf(FILE *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, __gnuc_va_list) __DIVM_SCANF(2, 0);
int vsscanf(const char *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, __gnuc_va_list) __DIVM_SCANF(2, 0);

int fgetc(FILE *);
int getc(FILE *);
int getchar(void);
int fputc(int, FILE *);
int putc(int, FILE *);
int putchar(int);
int getc_unlocked(FILE *);
int getchar_unlocked(void);
int fgetc_unlocked(FILE *);
int putc_unlocked(int, FILE *);
int putchar_unlocked(int);
int fputc_unlocked(int, FILE *);
char *fgets(char *__DIVM_RESTRICT, int, FILE *__DIVM_RESTRICT);
int fputs(const char *__DIVM_RESTRICT, FILE *__DIVM_RESTRICT);
int fputs_unlocked(const char *__DIVM_RESTRICT, FILE *__DIVM_RESTRICT);
int puts(const char *);
int ungetc(int, FILE *);
#ifdef __DIVM_POSIX
__divm_ssize_t getline(char **__DIVM_RESTRICT, size_t *__DIVM_RESTRICT, FILE *__DIVM_RESTRICT);
__divm_ssize_t getdelim(char **__DIVM_RESTRICT, size_t *__DIVM_RESTRICT, int, FILE *__DIVM_RESTRICT);
#endif
size_t fread(void *__DIVM_RESTRICT, size_t, size_t, FILE *__DIVM_RESTRICT);
size_t fwrite(const void *__DIVM_RESTRICT, size_t, size_t, FILE *__DIVM_RESTRICT);
size_t fread_unlocked(void *__DIVM_RESTRICT, size_t, size_t, FILE *__DIVM_RESTRICT);
size_t fwrite_unlocked(const void *__DIVM_RESTRICT, size_t, size_t, FILE *__DIVM_RESTRICT);
int fseek(FILE *, long, int);
int fseeko(FILE *, __divm_off_t, int);
long ftell(FILE *);
__divm_off_t ftello(FILE *);
void rewind(FILE *);
int fgetpos(FILE *__DIVM_RESTRICT, fpos_t *__DIVM_RESTRICT);
int fsetpos(FILE *, const fpos_t *);
void clearerr(FILE *);
int feof(FILE *);
int ferror(FILE *);
int fileno(FILE *);
void clearerr_unlocked(FILE *);
int feof_unlocked(FILE *);
int ferror_unlocked(FILE *);
int fileno_unlocked(FILE *);
int fflush_unlocked(FILE *);
void perror(const char *);
void flockfile(FILE *);
int ftrylockfile(FILE *);
void funlockfile(FILE *);
char *ctermid(char *);
FILE *popen(const char *, const char *);
int pclose(FILE *);

__DIVM_END_DECLS

#endif
