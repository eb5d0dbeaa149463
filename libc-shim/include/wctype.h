/* <wctype.h>: ASCII character classes. */
#ifndef _WCTYPE_H
#define _WCTYPE_H 1

#include <bits/divm_cdefs.h>
#define __DIVM_NEED_wint_t
#include <bits/divm_types.h>

__DIVM_BEGIN_DECLS

#ifndef WEOF
#define WEOF (0xffffffffu)
#endif
typedef unsigned long wctype_t;

int iswalnum(wint_t);
int iswalpha(wint_t);
int iswblank(wint_t);
int iswcntrl(wint_t);
int iswdigit(wint_t);
int iswgraph(wint_t);
int iswlower(wint_t);
int iswprint(wint_t);
int iswpunct(wint_t);
int iswspace(wint_t);
int iswupper(wint_t);
int iswxdigit(wint_t);
wint_t towlower(wint_t);
wint_t towupper(wint_t);
wctype_t wctype(const char *);
int iswctype(wint_t, wctype_t);

__DIVM_END_DECLS

#endif
