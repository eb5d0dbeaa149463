/* <sys/socket.h>: AF_UNIX sockets, SOCK_STREAM and SOCK_DGRAM (socket,
 * socketpair, bind, listen, connect, accept, send/recv and the rest), living
 * in the program's file system (libc-shim's fs.c); there is no network under
 * divm: an AF_INET or AF_INET6 socket() fails with EACCES, SOCK_SEQPACKET
 * with EPROTONOSUPPORT. */
#ifndef _SYS_SOCKET_H
#define _SYS_SOCKET_H 1

#include <bits/divm_cdefs.h>
#include <sys/types.h>
#define __need_size_t
#include <stddef.h>
#include <sys/uio.h>

__DIVM_BEGIN_DECLS

typedef unsigned int socklen_t;
typedef unsigned short sa_family_t;

struct sockaddr
{
    sa_family_t sa_family;
    char sa_data[14];
};

struct sockaddr_storage
{
    sa_family_t ss_family;
    char __ss_padding[128 - sizeof(sa_family_t) - sizeof(unsigned long)];   /* 128 bytes with a 32-bit long too */
    unsigned long __ss_align;
};

struct msghdr
{
    void *msg_name;
    socklen_t msg_namelen;
    struct iovec *msg_iov;
    size_t msg_iovlen;
    void *msg_control;
    size_t msg_controllen;
    int msg_flags;
};

#define SOCK_STREAM 1
#define SOCK_DGRAM 2
#define SOCK_RAW 3
#define SOCK_SEQPACKET 5
#define SOCK_NONBLOCK 04000
#define SOCK_CLOEXEC 02000000
#define AF_UNSPEC 0
#define AF_UNIX 1
#define AF_LOCAL AF_UNIX
#define AF_INET 2
#define AF_INET6 10
#define PF_UNSPEC AF_UNSPEC
#define PF_UNIX AF_UNIX
#define PF_LOCAL AF_LOCAL
#define PF_INET AF_INET
#define PF_INET6 AF_INET6
#define SOL_SOCKET 1
#define SO_DEBUG 1
#define SO_REUSEADDR 2
#define SO_TYPE 3
#define SO_ERROR 4
#define SO_BROADCAST 6
#define SO_SNDBUF 7
#define SO_RCVBUF 8
#define SO_KEEPALIVE 9
#define SO_LINGER 13
#define SO_REUSEPORT 15
#define SO_RCVTIMEO 20
#define SO_SNDTIMEO 21
#define SO_ACCEPTCONN 30
#define SOMAXCONN 4096
#define MSG_OOB 1
#define MSG_PEEK 2
#define MSG_DONTWAIT 0x40
#define MSG_WAITALL 0x100
#define MSG_NOSIGNAL 0x4000
#define SHUT_RD 0
#define SHUT_WR 1
#define SHUT_RDWR 2

int socket(int, int, int);
int socketpair(int, int, int, int[2]);
int bind(int, const struct sockaddr *, socklen_t);
int connect(int, const struct sockaddr *, socklen_t);
int listen(int, int);
int accept(int, struct sockaddr *__DIVM_RESTRICT, socklen_t *__DIVM_RESTRICT);
int accept4(int, struct sockaddr *__DIVM_RESTRICT, socklen_t *__DIVM_RESTRICT, int);
int shutdown(int, int);
ssize_t send(int, const void *, size_t, int);
ssize_t recv(int, void *, size_t, int);
ssize_t sendto(int, const void *, size_t, int, const struct sockaddr *, socklen_t);
ssize_t recvfrom(int, void *__DIVM_RESTRICT, size_t, int, struct sockaddr *__DIVM_RESTRICT,
                 socklen_t *__DIVM_RESTRICT);
ssize_t sendmsg(int, const struct msghdr *, int);
ssize_t recvmsg(int, struct msghdr *, int);
int getsockopt(int, int, int, void *__DIVM_RESTRICT, socklen_t *__DIVM_RESTRICT);
int setsockopt(int, int, int, const void *, socklen_t);
int getsockname(int, struct sockaddr *__DIVM_RESTRICT, socklen_t *__DIVM_RESTRICT);
int getpeername(int, struct sockaddr *__DIVM_RESTRICT, socklen_t *__DIVM_RESTRICT);

__DIVM_END_DECLS

#endif
