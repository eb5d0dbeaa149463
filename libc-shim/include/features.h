/* <features.h>: libc-shim is not glibc, so __GLIBC__ stays undefined. */
#ifndef _FEATURES_H
#define _FEATURES_H 1
#include <bits/divm_cdefs.h>
#define __DIVM_LIBC_SHIM 1
#endif
