/* <sys/syscall.h>: Linux x86-64 system call numbers for syscall(2).  Under
 * divm, syscall() runs libc-shim's function for the calls listed here (the
 * file system ones act on the in-memory file system); any other number
 * fails with ENOSYS. */
#ifndef _SYS_SYSCALL_H
#define _SYS_SYSCALL_H 1

#define SYS_read 0
#define SYS_write 1
#define SYS_open 2
#define SYS_close 3
#define SYS_stat 4
#define SYS_fstat 5
#define SYS_lstat 6
#define SYS_lseek 8
#define SYS_pread64 17
#define SYS_pwrite64 18
#define SYS_access 21
#define SYS_pipe 22
#define SYS_sched_yield 24
#define SYS_dup 32
#define SYS_dup2 33
#define SYS_getpid 39
#define SYS_exit 60
#define SYS_kill 62
#define SYS_fcntl 72
#define SYS_fsync 74
#define SYS_truncate 76
#define SYS_ftruncate 77
#define SYS_getcwd 79
#define SYS_chdir 80
#define SYS_fchdir 81
#define SYS_rename 82
#define SYS_mkdir 83
#define SYS_rmdir 84
#define SYS_creat 85
#define SYS_link 86
#define SYS_unlink 87
#define SYS_symlink 88
#define SYS_readlink 89
#define SYS_chmod 90
#define SYS_fchmod 91
#define SYS_umask 95
#define SYS_getuid 102
#define SYS_getgid 104
#define SYS_geteuid 107
#define SYS_getegid 108
#define SYS_setpgid 109
#define SYS_getppid 110
#define SYS_getpgrp 111
#define SYS_setsid 112
#define SYS_getpgid 121
#define SYS_getsid 124
#define SYS_mknod 133
#define SYS_gettid 186
#define SYS_exit_group 231
#define SYS_openat 257
#define SYS_mkdirat 258
#define SYS_unlinkat 263
#define SYS_pipe2 293

#define __NR_read SYS_read
#define __NR_write SYS_write
#define __NR_open SYS_open
#define __NR_close SYS_close
#define __NR_getpid SYS_getpid
#define __NR_gettid SYS_gettid
#define __NR_exit SYS_exit
#define __NR_exit_group SYS_exit_group

#endif
