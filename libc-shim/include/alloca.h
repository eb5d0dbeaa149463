#ifndef _ALLOCA_H
#define _ALLOCA_H 1
#define __need_size_t
#include <stddef.h>
#undef alloca
#define alloca(size) __builtin_alloca(size)
#endif
