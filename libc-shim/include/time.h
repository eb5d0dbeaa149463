/* <time.h>: UTC only; the clocks stand still at 0 unless -o clock-type says otherwise. */
#ifndef _TIME_H
#define _TIME_H 1

#include <bits/divm_cdefs.h>
#define __need_size_t
#define __need_NULL
#include <stddef.h>
#define __DIVM_NEED_time_t
#define __DIVM_NEED_clock_t
#define __DIVM_NEED_timespec
#define __DIVM_NEED_pid_t
#define __DIVM_NEED_locale_t
#include <bits/divm_types.h>

__DIVM_BEGIN_DECLS

#ifndef __clockid_t_defined
#define __clockid_t_defined
typedef int clockid_t;
#endif
#ifndef __timer_t_defined
#define __timer_t_defined
typedef void *timer_t;
#endif

struct tm
{
    int tm_sec;
    int tm_min;
    int tm_hour;
    int tm_mday;
    int tm_mon;
    int tm_year;
    int tm_wday;
    int tm_yday;
    int tm_isdst;
    long tm_gmtoff;
    const char *tm_zone;
};

struct itimerspec { struct timespec it_interval; struct timespec it_value; };

#define CLOCKS_PER_SEC ((__divm_clock_t)1000000)
#define TIME_UTC 1
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID 3
#define CLOCK_MONOTONIC_RAW 4
#define CLOCK_REALTIME_COARSE 5
#define CLOCK_MONOTONIC_COARSE 6
#define CLOCK_BOOTTIME 7
#define TIMER_ABSTIME 1

clock_t clock(void);
time_t time(time_t *);
double difftime(time_t, time_t);
time_t mktime(struct tm *);
time_t timegm(struct tm *);
size_t strftime(char *__DIVM_RESTRICT, size_t, const char *__DIVM_RESTRICT, const struct tm *__DIVM_RESTRICT);
struct tm *gmtime(const time_t *);
struct tm *localtime(const time_t *);
struct tm *gmtime_r(const time_t *__DIVM_RESTRICT, struct tm *__DIVM_RESTRICT);
struct tm *localtime_r(const time_t *__DIVM_RESTRICT, struct tm *__DIVM_RESTRICT);
char *asctime(const struct tm *);
char *ctime(const time_t *);
char *asctime_r(const struct tm *__DIVM_RESTRICT, char *__DIVM_RESTRICT);
char *ctime_r(const time_t *__DIVM_RESTRICT, char *__DIVM_RESTRICT);
int nanosleep(const struct timespec *, struct timespec *);
int clock_getres(clockid_t, struct timespec *);
int clock_gettime(clockid_t, struct timespec *);
int clock_settime(clockid_t, const struct timespec *);
int timespec_get(struct timespec *, int);
void tzset(void);
extern char *tzname[2];
extern long timezone;
extern int daylight;

__DIVM_END_DECLS

#endif
