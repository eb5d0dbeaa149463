/* <libgen.h>: POSIX basename and dirname. */
#ifndef _LIBGEN_H
#define _LIBGEN_H 1
#include <bits/divm_cdefs.h>
__DIVM_BEGIN_DECLS
char *dirname(char *);
char *basename(char *) __asm__("__xpg_basename");
__DIVM_END_DECLS
#endif
