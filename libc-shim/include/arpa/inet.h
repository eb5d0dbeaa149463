/* <arpa/inet.h>: address conversions (pure computation, no network). */
#ifndef _ARPA_INET_H
#define _ARPA_INET_H 1

#include <bits/divm_cdefs.h>
#include <netinet/in.h>

__DIVM_BEGIN_DECLS

in_addr_t inet_addr(const char *);
int inet_aton(const char *, struct in_addr *);
char *inet_ntoa(struct in_addr);
int inet_pton(int, const char *__DIVM_RESTRICT, void *__DIVM_RESTRICT);
const char *inet_ntop(int, const void *__DIVM_RESTRICT, char *__DIVM_RESTRICT, socklen_t);

__DIVM_END_DECLS

#endif
