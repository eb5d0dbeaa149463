#include <dios.h>
/* <unistd.h>: descriptors 0-2 go to DiOS; files and processes do not
 * exist yet, so the rest fail as a system without them would. */
#define _GNU_SOURCE 1
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/dios_syscall.h>

ssize_t write(int fd, const void *buf, size_t n)
{
    long r = __dios_write(fd, buf, n);
    if (r < 0) {
        errno = (int)-r;
        return -1;
    }
    return r;
}

ssize_t read(int fd, void *buf, size_t n)
{
    long r = __dios_read(fd, buf, n);
    if (r < 0) {
        errno = (int)-r;
        return -1;
    }
    return r;
}

static int stdfd(int fd)
{
    if (fd >= 0 && fd <= 2)
        return 1;
    errno = EBADF;
    return 0;
}

ssize_t pread(int fd, void *buf, size_t n, off_t off)
{
    (void)buf; (void)n; (void)off;
    errno = stdfd(fd) ? ESPIPE : EBADF;
    return -1;
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t off)
{
    (void)buf; (void)n; (void)off;
    errno = stdfd(fd) ? ESPIPE : EBADF;
    return -1;
}

int close(int fd)
{
    return stdfd(fd) ? 0 : -1;
}

off_t lseek(int fd, off_t off, int whence)
{
    (void)off; (void)whence;
    if (stdfd(fd))
        errno = ESPIPE;
    return -1;
}

int dup(int fd)
{
    if (stdfd(fd))
        errno = EMFILE;
    return -1;
}

int dup2(int fd, int fd2)
{
    if (!stdfd(fd))
        return -1;
    if (fd == fd2)
        return fd2;
    errno = EMFILE;
    return -1;
}

int pipe(int fds[2])
{
    (void)fds;
    errno = EMFILE;
    return -1;
}

int fsync(int fd) { return stdfd(fd) ? 0 : -1; }
int fdatasync(int fd) { return stdfd(fd) ? 0 : -1; }

int ftruncate(int fd, off_t len)
{
    (void)len;
    if (stdfd(fd))
        errno = EINVAL;
    return -1;
}

int truncate(const char *path, off_t len)
{
    (void)path; (void)len;
    errno = ENOENT;
    return -1;
}

int isatty(int fd)
{
    if (stdfd(fd))
        errno = ENOTTY;
    return 0;
}

static int noent(void)
{
    errno = ENOENT;
    return -1;
}

int access(const char *p, int m) { (void)p; (void)m; return noent(); }
int unlink(const char *p) { (void)p; return noent(); }
int rmdir(const char *p) { (void)p; return noent(); }
int link(const char *a, const char *b) { (void)a; (void)b; return noent(); }
int symlink(const char *a, const char *b) { (void)a; (void)b; errno = EROFS; return -1; }
ssize_t readlink(const char *__restrict p, char *__restrict b, size_t n) { (void)p; (void)b; (void)n; return noent(); }
int chdir(const char *p) { (void)p; return noent(); }
int chown(const char *p, uid_t u, gid_t g) { (void)p; (void)u; (void)g; return noent(); }

char *getcwd(char *buf, size_t n)
{
    if (!buf) {
        errno = EINVAL; /* no allocation for the program here */
        return 0;
    }
    if (n < 2) {
        errno = ERANGE;
        return 0;
    }
    buf[0] = '/';
    buf[1] = 0;
    return buf;
}

int open(const char *path, int flags, ...)
{
    (void)path; (void)flags;
    return noent();
}

int openat(int dir, const char *path, int flags, ...)
{
    (void)dir; (void)path; (void)flags;
    return noent();
}

int creat(const char *path, mode_t mode)
{
    (void)path; (void)mode;
    errno = EROFS;
    return -1;
}

int fcntl(int fd, int cmd, ...)
{
    if (!stdfd(fd))
        return -1;
    switch (cmd) {
    case F_GETFD:
        return 0;
    case F_GETFL:
        return fd == 0 ? O_RDONLY : O_WRONLY;
    case F_SETFD:
    case F_SETFL:
        return 0;
    }
    errno = EINVAL;
    return -1;
}

int stat(const char *__restrict p, struct stat *__restrict st) { (void)p; (void)st; return noent(); }
int lstat(const char *__restrict p, struct stat *__restrict st) { (void)p; (void)st; return noent(); }

int fstat(int fd, struct stat *st)
{
    if (!stdfd(fd))
        return -1;
    memset(st, 0, sizeof *st);
    st->st_mode = S_IFIFO | 0600;
    st->st_nlink = 1;
    st->st_blksize = 4096;
    return 0;
}

int mkdir(const char *p, mode_t m) { (void)p; (void)m; errno = EROFS; return -1; }
int chmod(const char *p, mode_t m) { (void)p; (void)m; return noent(); }
int fchmod(int fd, mode_t m) { (void)m; return stdfd(fd) ? 0 : -1; }
int mkfifo(const char *p, mode_t m) { (void)p; (void)m; errno = EROFS; return -1; }

mode_t umask(mode_t m)
{
    static mode_t cur = 022;
    mode_t old = cur;
    cur = m & 0777;
    return old;
}

pid_t getpid(void) { return 1; }
pid_t getppid(void) { return 0; }
pid_t getpgrp(void) { return 1; }
pid_t setsid(void) { errno = EPERM; return -1; }
pid_t fork(void) { errno = ENOSYS; return -1; }
pid_t vfork(void) { errno = ENOSYS; return -1; }
int execv(const char *p, char *const a[]) { (void)p; (void)a; return noent(); }
int execvp(const char *p, char *const a[]) { (void)p; (void)a; return noent(); }
int execve(const char *p, char *const a[], char *const e[]) { (void)p; (void)a; (void)e; return noent(); }
int execl(const char *p, const char *a, ...) { (void)p; (void)a; return noent(); }
int execlp(const char *p, const char *a, ...) { (void)p; (void)a; return noent(); }
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
/* no real waiting: sleeping is a scheduling point */
unsigned int sleep(unsigned int s) { (void)s; __dios_reschedule(); return 0; }
int usleep(useconds_t us) { (void)us; __dios_reschedule(); return 0; }
unsigned int alarm(unsigned int s) { (void)s; return 0; }

int pause(void)
{
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
