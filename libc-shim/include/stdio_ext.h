/* <stdio_ext.h>: glibc's stream inspection functions.  libc-shim's output
 * is not buffered (every write reaches the file at once), so no output is
 * ever pending; input may be read ahead into a buffer. */
#ifndef _STDIO_EXT_H
#define _STDIO_EXT_H 1
#include <stdio.h>

__DIVM_BEGIN_DECLS

enum { FSETLOCKING_QUERY = 0, FSETLOCKING_INTERNAL, FSETLOCKING_BYCALLER };
#define FSETLOCKING_QUERY FSETLOCKING_QUERY
#define FSETLOCKING_INTERNAL FSETLOCKING_INTERNAL
#define FSETLOCKING_BYCALLER FSETLOCKING_BYCALLER

size_t __fbufsize(FILE *);
int __freading(FILE *);
int __fwriting(FILE *);
int __freadable(FILE *);
int __fwritable(FILE *);
int __flbf(FILE *);
void __fpurge(FILE *);
size_t __fpending(FILE *);
void _flushlbf(void);
int __fsetlocking(FILE *, int);

__DIVM_END_DECLS
#endif
