#include <dios.h>
/* <unistd.h>: identity, sleeping, limits.  Files and descriptors are in
 * fs.c, processes (which cannot be started) in proc.c. */
#define _GNU_SOURCE 1
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/dios_syscall.h>

/* files and descriptors from 3 up: fs.c */


mode_t __divm_umask = 022;

mode_t umask(mode_t m)
{
    mode_t old = __divm_umask;
    __divm_umask = m & 0777;
    return old;
}

/* processes are DiOS's (dios/src/proc.c) */
int __dios_getpid(void);
int __dios_getppid(void);
int __dios_getpgid(int pid);
int __dios_getsid(int pid);
int __dios_setsid(void);
int __dios_setpgid(int pid, int pgid);
pid_t getpid(void) { return __dios_getpid(); }
pid_t getppid(void) { return __dios_getppid(); }
pid_t getpgrp(void) { return __dios_getpgid(0); }
pid_t setsid(void) { return __dios_setsid(); }
pid_t getpgid(pid_t pid) { return __dios_getpgid(pid); }
pid_t getsid(pid_t pid) { return __dios_getsid(pid); }
int setpgid(pid_t pid, pid_t pgid) { return __dios_setpgid(pid, pgid); }
int setpgrp(void) { return __dios_setpgid(0, 0); }

/* swaps the bytes of each pair (an odd last byte is not copied) */
void swab(const void *__restrict from, void *__restrict to, ssize_t n)
{
    const unsigned char *s = from;
    unsigned char *d = to;
    for (ssize_t i = 0; i + 1 < n; i += 2) {
        unsigned char a = s[i], b = s[i + 1];
        d[i] = b;
        d[i + 1] = a;
    }
}
uid_t getuid(void) { return 0; }
uid_t geteuid(void) { return 0; }
gid_t getgid(void) { return 0; }
gid_t getegid(void) { return 0; }
int setuid(uid_t u) { return u == 0 ? 0 : (errno = EPERM, -1); }
int setgid(gid_t g) { return g == 0 ? 0 : (errno = EPERM, -1); }

int gethostname(char *name, size_t n)
{
    static const char h[] = "divm";
    if (n < sizeof h) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(name, h, sizeof h);
    return 0;
}

char *getlogin(void)
{
    static char name[] = "root";
    return name;
}

/* time does not pass for a verified program */
/* no real waiting: sleeping is a scheduling point, and a cancellation
 * point (DiOS acts there on a pending pthread_cancel) */
void __dios_cancel_point(void);
unsigned int sleep(unsigned int s) { (void)s; __dios_reschedule(); __dios_cancel_point(); return 0; }
int usleep(useconds_t us) { (void)us; __dios_reschedule(); __dios_cancel_point(); return 0; }
unsigned int alarm(unsigned int s) { (void)s; return 0; }

/* blocks until a cancellation, or a handler run by kill from another process */
int __dios_pause(void);
int pause(void)
{
    __dios_pause();
    errno = EINTR;
    return -1;
}

void _exit(int status)
{
    __dios_exit(status);
}

long sysconf(int name)
{
    switch (name) {
    case _SC_ARG_MAX: return 2097152;
    case _SC_CHILD_MAX: return 1;
    case _SC_CLK_TCK: return 100;
    case _SC_NGROUPS_MAX: return 65536;
    case _SC_OPEN_MAX: return 1024;
    case _SC_PAGESIZE: return 4096;
    case _SC_NPROCESSORS_CONF:
    case _SC_NPROCESSORS_ONLN: return 1;
    case _SC_PHYS_PAGES: return 262144;
    case _SC_LINE_MAX: return 2048;
    case _SC_THREAD_STACK_MIN: return 16384;
    }
    errno = EINVAL;
    return -1;
}

int getpagesize(void) { return 4096; }
int brk(void *p) { (void)p; errno = ENOMEM; return -1; }
void *sbrk(intptr_t n) { (void)n; errno = ENOMEM; return (void *)-1; }
