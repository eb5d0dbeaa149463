/* <sys/time.h>: gettimeofday reports time 0, or what settimeofday set. */
#ifndef _SYS_TIME_H
#define _SYS_TIME_H 1

#include <bits/divm_cdefs.h>
#include <sys/types.h>
#define __DIVM_NEED_timeval
#include <bits/divm_types.h>

__DIVM_BEGIN_DECLS

struct timezone { int tz_minuteswest; int tz_dsttime; };
int gettimeofday(struct timeval *__DIVM_RESTRICT, void *__DIVM_RESTRICT);
int settimeofday(const struct timeval *, const void *);

#define timerisset(tvp) ((tvp)->tv_sec || (tvp)->tv_usec)
#define timerclear(tvp) ((tvp)->tv_sec = (tvp)->tv_usec = 0)
#define timercmp(a, b, CMP) (((a)->tv_sec == (b)->tv_sec) ? ((a)->tv_usec CMP (b)->tv_usec) : ((a)->tv_sec CMP (b)->tv_sec))
#define timeradd(a, b, result) do { (result)->tv_sec = (a)->tv_sec + (b)->tv_sec; \
    (result)->tv_usec = (a)->tv_usec + (b)->tv_usec; \
    if ((result)->tv_usec >= 1000000) { ++(result)->tv_sec; (result)->tv_usec -= 1000000; } } while (0)
#define timersub(a, b, result) do { (result)->tv_sec = (a)->tv_sec - (b)->tv_sec; \
    (result)->tv_usec = (a)->tv_usec - (b)->tv_usec; \
    if ((result)->tv_usec < 0) { --(result)->tv_sec; (result)->tv_usec += 1000000; } } while (0)

__DIVM_END_DECLS

#endif
