/* syscall(2): the calls <sys/syscall.h> lists go to libc-shim's functions
 * (the in-memory file system, the one process); anything else is ENOSYS. */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define P(i) ((void *)a[i])
#define I(i) ((int)a[i])

long syscall(long nr, ...)
{
    intptr_t a[6];   /* a register's worth: pointers too (not long: 32 bits under LLP64) */
    va_list ap;
    va_start(ap, nr);
    for (int i = 0; i < 6; i++)
        a[i] = 0;
    /* arguments are read as the call needs them (reading more than were
     * passed would read undefined values) */
    int n = 0;
    switch (nr) {
    case SYS_getpid: case SYS_getppid: case SYS_getuid: case SYS_getgid: case SYS_geteuid:
    case SYS_getegid: case SYS_getpgrp: case SYS_setsid: case SYS_sched_yield: case SYS_gettid:
        n = 0; break;
    case SYS_close: case SYS_dup: case SYS_exit: case SYS_exit_group: case SYS_fsync: case SYS_chdir:
    case SYS_fchdir: case SYS_rmdir: case SYS_unlink: case SYS_umask: case SYS_getpgid: case SYS_getsid:
    case SYS_pipe:
        n = 1; break;
    case SYS_stat: case SYS_fstat: case SYS_lstat: case SYS_access: case SYS_dup2: case SYS_kill:
    case SYS_truncate: case SYS_ftruncate: case SYS_getcwd: case SYS_rename: case SYS_mkdir:
    case SYS_creat: case SYS_link: case SYS_symlink: case SYS_chmod: case SYS_fchmod: case SYS_setpgid:
    case SYS_pipe2:
        n = 2; break;
    case SYS_open: case SYS_fcntl: /* the mode / argument follows when the call takes one */
        n = 2; break;
    case SYS_openat:
        n = 3; break;
    case SYS_read: case SYS_write: case SYS_lseek: case SYS_readlink:
    case SYS_mkdirat: case SYS_unlinkat:
        n = 3; break;
    case SYS_pread64: case SYS_pwrite64:
        n = 4; break;
    default:
        va_end(ap);
        errno = ENOSYS;
        return -1;
    }
    for (int i = 0; i < n; i++)
        a[i] = va_arg(ap, intptr_t);
    if ((nr == SYS_open && (a[1] & O_CREAT)) || (nr == SYS_openat && (a[2] & O_CREAT)))
        a[n] = va_arg(ap, intptr_t);
    if (nr == SYS_fcntl && a[1] != F_GETFD && a[1] != F_GETFL)
        a[2] = va_arg(ap, intptr_t);
    va_end(ap);
    switch (nr) {
    case SYS_read: return read(I(0), P(1), (size_t)a[2]);
    case SYS_write: return write(I(0), P(1), (size_t)a[2]);
    case SYS_open: return open(P(0), I(1), (mode_t)a[2]);
    case SYS_close: return close(I(0));
    case SYS_stat: return stat(P(0), P(1));
    case SYS_fstat: return fstat(I(0), P(1));
    case SYS_lstat: return lstat(P(0), P(1));
    case SYS_lseek: return lseek(I(0), (off_t)a[1], I(2));
    case SYS_pread64: return pread(I(0), P(1), (size_t)a[2], (off_t)a[3]);
    case SYS_pwrite64: return pwrite(I(0), P(1), (size_t)a[2], (off_t)a[3]);
    case SYS_access: return access(P(0), I(1));
    case SYS_pipe: return pipe(P(0));
    case SYS_pipe2: return pipe2(P(0), I(1));
    case SYS_sched_yield: return sched_yield();
    case SYS_dup: return dup(I(0));
    case SYS_dup2: return dup2(I(0), I(1));
    case SYS_getpid: case SYS_gettid: return getpid();
    case SYS_exit: case SYS_exit_group: _exit(I(0));
    case SYS_kill: return kill((pid_t)a[0], I(1));
    case SYS_fcntl: return fcntl(I(0), I(1), (long)a[2]);
    case SYS_fsync: return fsync(I(0));
    case SYS_truncate: return truncate(P(0), (off_t)a[1]);
    case SYS_ftruncate: return ftruncate(I(0), (off_t)a[1]);
    case SYS_getcwd: { /* the kernel's getcwd returns the length */
        char *r = getcwd(P(0), (size_t)a[1]);
        if (!r)
            return -1;
        size_t l = 0;
        while (r[l])
            l++;
        return (long)l + 1;
    }
    case SYS_chdir: return chdir(P(0));
    case SYS_fchdir: return fchdir(I(0));
    case SYS_rename: return rename(P(0), P(1));
    case SYS_mkdir: return mkdir(P(0), (mode_t)a[1]);
    case SYS_rmdir: return rmdir(P(0));
    case SYS_creat: return creat(P(0), (mode_t)a[1]);
    case SYS_link: return link(P(0), P(1));
    case SYS_unlink: return unlink(P(0));
    case SYS_symlink: return symlink(P(0), P(1));
    case SYS_readlink: return readlink(P(0), P(1), (size_t)a[2]);
    case SYS_chmod: return chmod(P(0), (mode_t)a[1]);
    case SYS_fchmod: return fchmod(I(0), (mode_t)a[1]);
    case SYS_umask: return umask((mode_t)a[0]);
    case SYS_getuid: return getuid();
    case SYS_getgid: return getgid();
    case SYS_geteuid: return geteuid();
    case SYS_getegid: return getegid();
    case SYS_setpgid: return setpgid((pid_t)a[0], (pid_t)a[1]);
    case SYS_getppid: return getppid();
    case SYS_getpgrp: return getpgrp();
    case SYS_setsid: return setsid();
    case SYS_getpgid: return getpgid((pid_t)a[0]);
    case SYS_getsid: return getsid((pid_t)a[0]);
    case SYS_openat: return openat(I(0), P(1), I(2), (mode_t)a[3]);
    case SYS_mkdirat: return mkdirat(I(0), P(1), (mode_t)a[2]);
    case SYS_unlinkat: return unlinkat(I(0), P(1), I(2));
    }
    errno = ENOSYS;
    return -1;
}
