/* <sys/un.h>: UNIX domain socket addresses.  There are no sockets under
 * divm: socket() fails with EACCES, the other socket calls with EBADF or
 * ENOTSOCK (see <sys/socket.h>). */
#ifndef _SYS_UN_H
#define _SYS_UN_H 1

#include <sys/socket.h>

struct sockaddr_un
{
    sa_family_t sun_family;
    char sun_path[108];
};

#endif
