/* <strings.h> of libc-shim. */
#ifndef _STRINGS_H
#define _STRINGS_H 1

#include <bits/divm_cdefs.h>
#define __need_size_t
#include <stddef.h>

__DIVM_BEGIN_DECLS
int bcmp(const void *, const void *, size_t);
void bcopy(const void *, void *, size_t);
void bzero(void *, size_t);
char *index(const char *, int);
char *rindex(const char *, int);
int ffs(int) __attribute__((__const__));
int ffsl(long) __attribute__((__const__));
int ffsll(long long) __attribute__((__const__));
int strcasecmp(const char *, const char *);
int strncasecmp(const char *, const char *, size_t);
__DIVM_END_DECLS

#endif
