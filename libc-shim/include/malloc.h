/* <malloc.h>: the malloc family (blocks are VM heap objects). */
#ifndef _MALLOC_H
#define _MALLOC_H 1
#include <bits/divm_cdefs.h>
#include <stdlib.h>
__DIVM_BEGIN_DECLS
void *pvalloc(size_t);
size_t malloc_usable_size(void *);
int malloc_trim(size_t);
int mallopt(int, int);
__DIVM_END_DECLS
#endif
