/* <sys/un.h>: UNIX domain socket addresses (a path; unnamed and abstract
 * addresses are not supported by bind and connect). */
#ifndef _SYS_UN_H
#define _SYS_UN_H 1

#include <sys/socket.h>

struct sockaddr_un
{
    sa_family_t sun_family;
    char sun_path[108];
};

#endif
