/* <fcntl.h>: open() and friends on divm's in-memory file system. */
#ifndef _FCNTL_H
#define _FCNTL_H 1

#include <bits/divm_cdefs.h>
#include <sys/types.h>

__DIVM_BEGIN_DECLS

#define O_ACCMODE 0003
#define O_RDONLY 00
#define O_WRONLY 01
#define O_RDWR 02
#define O_CREAT 0100
#define O_EXCL 0200
#define O_NOCTTY 0400
#define O_TRUNC 01000
#define O_APPEND 02000
#define O_NONBLOCK 04000
#define O_NDELAY O_NONBLOCK
#define O_SYNC 04010000
#define O_DSYNC 010000
#define O_DIRECTORY 0200000
#define O_NOFOLLOW 0400000
#define O_CLOEXEC 02000000
#define F_DUPFD 0
#define F_GETFD 1
#define F_SETFD 2
#define F_GETFL 3
#define F_SETFL 4
#define FD_CLOEXEC 1
#define F_DUPFD_CLOEXEC 1030
#define AT_FDCWD (-100)
#define AT_SYMLINK_NOFOLLOW 0x100
#define AT_REMOVEDIR 0x200
#define AT_SYMLINK_FOLLOW 0x400
#define AT_EACCESS 0x200
#define AT_EMPTY_PATH 0x1000
#define O_LARGEFILE 0
#define O_RSYNC O_SYNC
#define O_TMPFILE 020200000

int open(const char *, int, ...);
int openat(int, const char *, int, ...);
int creat(const char *, mode_t);
int fcntl(int, int, ...);
int open64(const char *, int, ...);
int unlinkat(int, const char *, int);
int faccessat(int, const char *, int, int);

__DIVM_END_DECLS

#endif
