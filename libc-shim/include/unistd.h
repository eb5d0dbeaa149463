/* <unistd.h>: descriptors 0-2 reach DiOS, the rest divm's in-memory file
 * system; processes cannot be started (exec and fork fail). */
#ifndef _UNISTD_H
#define _UNISTD_H 1

#include <bits/divm_cdefs.h>
#define __need_size_t
#define __need_NULL
#include <stddef.h>
#include <stdint.h>
#define __DIVM_NEED_ssize_t
#define __DIVM_NEED_off_t
#define __DIVM_NEED_pid_t
#define __DIVM_NEED_uid_t
#define __DIVM_NEED_useconds_t
#include <bits/divm_types.h>

__DIVM_BEGIN_DECLS

#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2
#ifndef SEEK_SET
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#endif
#define R_OK 4
#define W_OK 2
#define X_OK 1
#define F_OK 0
#define _POSIX_VERSION 200809L
#define _POSIX_THREADS 200809L
#define _POSIX_TIMERS 200809L
#define _POSIX_MONOTONIC_CLOCK 0

#define _SC_ARG_MAX 0
#define _SC_CHILD_MAX 1
#define _SC_CLK_TCK 2
#define _SC_NGROUPS_MAX 3
#define _SC_OPEN_MAX 4
#define _SC_PAGESIZE 30
#define _SC_PAGE_SIZE _SC_PAGESIZE
#define _SC_NPROCESSORS_CONF 83
#define _SC_NPROCESSORS_ONLN 84
#define _SC_PHYS_PAGES 85
#define _SC_LINE_MAX 43
#define _SC_THREAD_STACK_MIN 75

ssize_t read(int, void *, size_t);
ssize_t write(int, const void *, size_t);
ssize_t pread(int, void *, size_t, off_t);
ssize_t pwrite(int, const void *, size_t, off_t);
int close(int);
off_t lseek(int, off_t, int);
int dup(int);
int dup2(int, int);
int pipe(int[2]);
int fsync(int);
int fdatasync(int);
int ftruncate(int, off_t);
int truncate(const char *, off_t);
int isatty(int);
int access(const char *, int);
int unlink(const char *);
int rmdir(const char *);
int link(const char *, const char *);
int symlink(const char *, const char *);
ssize_t readlink(const char *__DIVM_RESTRICT, char *__DIVM_RESTRICT, size_t);
int chdir(const char *);
char *getcwd(char *, size_t);
int chown(const char *, uid_t, gid_t);
int fchdir(int);
int dup3(int, int, int);
int pipe2(int[2], int);
int unlinkat(int, const char *, int);
int faccessat(int, const char *, int, int);
#ifdef __DIVM_MISC
char *get_current_dir_name(void);
int eaccess(const char *, int);
int euidaccess(const char *, int);
#endif

pid_t getpid(void);
pid_t getppid(void);
pid_t getpgrp(void);
pid_t setsid(void);
pid_t getpgid(pid_t);
pid_t getsid(pid_t);
int setpgid(pid_t, pid_t);
void swab(const void *__DIVM_RESTRICT, void *__DIVM_RESTRICT, ssize_t);
long syscall(long, ...);
pid_t fork(void);
pid_t vfork(void);
int execv(const char *, char *const[]);
int execvp(const char *, char *const[]);
int execve(const char *, char *const[], char *const[]);
int execl(const char *, const char *, ...);
int execlp(const char *, const char *, ...);
int execle(const char *, const char *, ...);
int execvpe(const char *, char *const[], char *const[]);
int fexecve(int, char *const[], char *const[]);
uid_t getuid(void);
uid_t geteuid(void);
gid_t getgid(void);
gid_t getegid(void);
int setuid(uid_t);
int setgid(gid_t);
int gethostname(char *, size_t);
char *getlogin(void);

unsigned int sleep(unsigned int);
int usleep(useconds_t);
unsigned int alarm(unsigned int);
int pause(void);
void _exit(int) __DIVM_NORETURN;
long sysconf(int);
int getpagesize(void);
int brk(void *);
void *sbrk(intptr_t);

extern char **environ;
extern char *optarg;
extern int optind, opterr, optopt;
#if (defined(_POSIX_C_SOURCE) || defined(_XOPEN_SOURCE)) && !defined(_GNU_SOURCE) && !defined(_GETOPT_H)
/* as glibc: an explicitly POSIX program gets getopt without permutation */
int getopt(int, char *const[], const char *) __asm__("__posix_getopt");
#else
int getopt(int, char *const[], const char *);
#endif

__DIVM_END_DECLS

#endif
