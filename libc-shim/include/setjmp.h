/* <setjmp.h>: declarations only, the VM implements these natively. */
#ifndef _SETJMP_H
#define _SETJMP_H 1

#include <bits/divm_cdefs.h>

__DIVM_BEGIN_DECLS
/* 8-byte words (long under LP64, long long under LLP64): the VM keeps a
 * pointer in the first */
typedef __INT64_TYPE__ jmp_buf[8];
typedef __INT64_TYPE__ sigjmp_buf[9];

int setjmp(jmp_buf) __attribute__((__returns_twice__));
int _setjmp(jmp_buf) __attribute__((__returns_twice__));
int sigsetjmp(sigjmp_buf, int) __attribute__((__returns_twice__));
void longjmp(jmp_buf, int) __DIVM_NORETURN;
void _longjmp(jmp_buf, int) __DIVM_NORETURN;
void siglongjmp(sigjmp_buf, int) __DIVM_NORETURN;
__DIVM_END_DECLS

#define setjmp setjmp

#endif
