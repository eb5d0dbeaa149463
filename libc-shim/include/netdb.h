/* <netdb.h>: name resolution always fails under divm (no network). */
#ifndef _NETDB_H
#define _NETDB_H 1

#include <bits/divm_cdefs.h>
#include <netinet/in.h>

__DIVM_BEGIN_DECLS

struct hostent
{
    char *h_name;
    char **h_aliases;
    int h_addrtype;
    int h_length;
    char **h_addr_list;
};
#define h_addr h_addr_list[0]

struct addrinfo
{
    int ai_flags;
    int ai_family;
    int ai_socktype;
    int ai_protocol;
    socklen_t ai_addrlen;
    struct sockaddr *ai_addr;
    char *ai_canonname;
    struct addrinfo *ai_next;
};

#define AI_PASSIVE 1
#define AI_CANONNAME 2
#define AI_NUMERICHOST 4
#define AI_NUMERICSERV 0x400
#define EAI_BADFLAGS (-1)
#define EAI_NONAME (-2)
#define EAI_AGAIN (-3)
#define EAI_FAIL (-4)
#define EAI_FAMILY (-6)
#define EAI_SOCKTYPE (-7)
#define EAI_SERVICE (-8)
#define EAI_MEMORY (-10)
#define EAI_SYSTEM (-11)
#define HOST_NOT_FOUND 1
#define TRY_AGAIN 2
#define NO_RECOVERY 3
#define NO_DATA 4

extern int h_errno;
struct hostent *gethostbyname(const char *);
struct hostent *gethostbyaddr(const void *, socklen_t, int);
int getaddrinfo(const char *__DIVM_RESTRICT, const char *__DIVM_RESTRICT, const struct addrinfo *__DIVM_RESTRICT,
                struct addrinfo **__DIVM_RESTRICT);
void freeaddrinfo(struct addrinfo *);
const char *gai_strerror(int);
int getnameinfo(const struct sockaddr *__DIVM_RESTRICT, socklen_t, char *__DIVM_RESTRICT, socklen_t,
                char *__DIVM_RESTRICT, socklen_t, int);

__DIVM_END_DECLS

#endif
