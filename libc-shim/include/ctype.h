/* <ctype.h>: real functions, C locale only. */
#ifndef _CTYPE_H
#define _CTYPE_H 1

#include <bits/divm_cdefs.h>

__DIVM_BEGIN_DECLS
int isalnum(int);
int isalpha(int);
int isblank(int);
int iscntrl(int);
int isdigit(int);
int isgraph(int);
int islower(int);
int isprint(int);
int ispunct(int);
int isspace(int);
int isupper(int);
int isxdigit(int);
int isascii(int);
int toascii(int);
int tolower(int);
int toupper(int);
int _tolower(int);
int _toupper(int);
__DIVM_END_DECLS

#endif
