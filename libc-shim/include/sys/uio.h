/* <sys/uio.h>: scatter/gather buffers (for sendmsg, recvmsg, readv, writev) */
#ifndef _SYS_UIO_H
#define _SYS_UIO_H 1

#include <bits/divm_cdefs.h>
#include <sys/types.h>
#define __need_size_t
#include <stddef.h>

__DIVM_BEGIN_DECLS

struct iovec
{
    void *iov_base;
    size_t iov_len;
};

#define IOV_MAX 1024

ssize_t readv(int, const struct iovec *, int);
ssize_t writev(int, const struct iovec *, int);

__DIVM_END_DECLS

#endif
