/* <sys/param.h>: glibc's old BSD constants and macros. */
#ifndef _SYS_PARAM_H
#define _SYS_PARAM_H 1

#include <limits.h>
#include <sys/types.h>

#define NBBY CHAR_BIT
#define MAXPATHLEN PATH_MAX
#define MAXHOSTNAMELEN HOST_NAME_MAX
#define NOFILE 256
#define NGROUPS 65536
#define MAXSYMLINKS 20
#define DEV_BSIZE 512

#define setbit(a, i) ((a)[(i) / NBBY] |= 1 << ((i) % NBBY))
#define clrbit(a, i) ((a)[(i) / NBBY] &= ~(1 << ((i) % NBBY)))
#define isset(a, i) ((a)[(i) / NBBY] & (1 << ((i) % NBBY)))
#define isclr(a, i) (((a)[(i) / NBBY] & (1 << ((i) % NBBY))) == 0)
#define howmany(x, y) (((x) + ((y) - 1)) / (y))
#define roundup(x, y) ((((x) + ((y) - 1)) / (y)) * (y))
#define powerof2(x) ((((x) - 1) & (x)) == 0)
#ifndef MIN
#define MIN(a, b) (((a) < (b)) ? (a) : (b))
#endif
#ifndef MAX
#define MAX(a, b) (((a) > (b)) ? (a) : (b))
#endif

#endif
