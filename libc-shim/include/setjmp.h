/* <setjmp.h>: declarations only, the VM implements these natively. */
#ifndef _SETJMP_H
#define _SETJMP_H 1

#include <bits/divm_cdefs.h>

__DIVM_BEGIN_DECLS
typedef long jmp_buf[8];
typedef long sigjmp_buf[9];

int setjmp(jmp_buf) __attribute__((__returns_twice__));
int _setjmp(jmp_buf) __attribute__((__returns_twice__));
int sigsetjmp(sigjmp_buf, int) __attribute__((__returns_twice__));
void longjmp(jmp_buf, int) __DIVM_NORETURN;
void _longjmp(jmp_buf, int) __DIVM_NORETURN;
void siglongjmp(sigjmp_buf, int) __DIVM_NORETURN;
__DIVM_END_DECLS

#define setjmp setjmp

#endif
