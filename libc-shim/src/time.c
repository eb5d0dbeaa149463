/* <time.h> in UTC.  The clocks are DiOS's (-o clock-type, as DIVINE's):
 * by default they stand still at clock-start (0): time() is 0, clock() is
 * 0.  The program may set the real-time clock (clock_settime,
 * settimeofday); it then reads the time set, plus what the clocks advance
 * after. */
#include "internal.h"
#include <sys/dios_syscall.h>

typedef long time_t;
typedef long clock_t;
struct tm
{
    int tm_sec, tm_min, tm_hour, tm_mday, tm_mon, tm_year, tm_wday, tm_yday, tm_isdst;
    long tm_gmtoff;
    const char *tm_zone;
};
struct timespec { time_t tv_sec; long tv_nsec; };
struct timeval { time_t tv_sec; long tv_usec; };
struct timezone { int tz_minuteswest, tz_dsttime; };

char *tzname[2] = { "GMT", "GMT" };
long timezone;
int daylight;

void tzset(void)
{
}

/* the real-time clock, once the program set it: the time set, less what
 * the clocks had advanced then */
static struct timespec realtime;
static int realtime_set;

#define CLOCK_REALTIME 0
#define CLOCK_REALTIME_COARSE 5
#define CLOCK_TAI 11

/* a reading of a real-time clock (real) or of one that counts from clock-start */
static void now(int real, struct timespec *ts)
{
    long delta = __dios_clock_read();
    if (real && realtime_set) {
        ts->tv_sec = realtime.tv_sec + delta;
        ts->tv_nsec = realtime.tv_nsec;
    } else {
        ts->tv_sec = __dios_clock_start() + delta;
        ts->tv_nsec = 0;
    }
}

static void set_realtime(time_t sec, long nsec)
{
    realtime.tv_sec = sec - __dios_clock_delta();
    realtime.tv_nsec = nsec;
    realtime_set = 1;
}

time_t time(time_t *t)
{
    struct timespec ts;
    now(1, &ts);
    if (t)
        *t = ts.tv_sec;
    return ts.tv_sec;
}

/* processor time: what the clocks advanced */
clock_t clock(void)
{
    return __dios_clock_read() * 1000000L;
}

int clock_gettime(int clk, struct timespec *ts)
{
    if (clk < 0 || clk > CLOCK_TAI || clk == 10) {
        errno = EINVAL;
        return -1;
    }
    now(clk == CLOCK_REALTIME || clk == CLOCK_REALTIME_COARSE || clk == CLOCK_TAI, ts);
    return 0;
}

/* only the real-time clock can be set */
int clock_settime(int clk, const struct timespec *ts)
{
    if (clk != CLOCK_REALTIME || ts->tv_nsec < 0 || ts->tv_nsec >= 1000000000L || ts->tv_sec < 0) {
        errno = EINVAL;
        return -1;
    }
    set_realtime(ts->tv_sec, ts->tv_nsec);
    return 0;
}

int settimeofday(const struct timeval *tv, const void *tz)
{
    (void)tz;
    if (!tv)
        return 0;
    if (tv->tv_usec < 0 || tv->tv_usec >= 1000000L || tv->tv_sec < 0) {
        errno = EINVAL;
        return -1;
    }
    set_realtime(tv->tv_sec, tv->tv_usec * 1000L);
    return 0;
}

int clock_getres(int clk, struct timespec *ts)
{
    (void)clk;
    if (ts) {
        ts->tv_sec = 0;
        ts->tv_nsec = 1;
    }
    return 0;
}

int timespec_get(struct timespec *ts, int base)
{
    if (base != 1)
        return 0;
    now(1, ts);
    return base;
}

int gettimeofday(struct timeval *__restrict tv, void *__restrict tz)
{
    if (tv) {
        struct timespec ts;
        now(1, &ts);
        tv->tv_sec = ts.tv_sec, tv->tv_usec = ts.tv_nsec / 1000;
    }
    if (tz)
        ((struct timezone *)tz)->tz_minuteswest = 0, ((struct timezone *)tz)->tz_dsttime = 0;
    return 0;
}

void __dios_cancel_point(void);   /* DiOS: a pending pthread_cancel is acted on */

int nanosleep(const struct timespec *req, struct timespec *rem)
{
    (void)req;
    __dios_cancel_point();
    if (rem)
        rem->tv_sec = 0, rem->tv_nsec = 0;
    return 0;
}

double difftime(time_t a, time_t b)
{
    return (double)a - (double)b; /* (a - b may overflow a 32-bit time_t) */
}

static int leap(long long y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

/* days from 1970-01-01 to y-m-d (m 1..12), proleptic Gregorian (the calendar
 * arithmetic is in long long: a long is 32 bits under LLP64) */
static long long days_from_civil(long long y, long long m, long long d)
{
    y -= m <= 2;
    long long era = (y >= 0 ? y : y - 399) / 400;
    long long yoe = y - era * 400;
    long long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

struct tm *gmtime_r(const time_t *__restrict t, struct tm *__restrict tm)
{
    long long s = *t, days = s / 86400, rem = s % 86400;
    if (rem < 0)
        rem += 86400, days--;
    tm->tm_hour = (int)(rem / 3600);
    tm->tm_min = (int)(rem / 60 % 60);
    tm->tm_sec = (int)(rem % 60);
    tm->tm_wday = (int)((4 + days % 7 + 7) % 7);
    /* civil from days (H. Hinnant's algorithm) */
    long long z = days + 719468;
    long long era = (z >= 0 ? z : z - 146096) / 146097;
    long long doe = z - era * 146097;
    long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long long y = yoe + era * 400;
    long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long long mp = (5 * doy + 2) / 153;
    long long d = doy - (153 * mp + 2) / 5 + 1;
    long long m = mp + (mp < 10 ? 3 : -9);
    y += m <= 2;
    if (y - 1900 > INT_MAX || y - 1900 < INT_MIN) {
        __divm_errno = EOVERFLOW;
        return 0;
    }
    tm->tm_year = (int)(y - 1900);
    tm->tm_mon = (int)(m - 1);
    tm->tm_mday = (int)d;
    tm->tm_yday = (int)(days - days_from_civil(y, 1, 1));
    tm->tm_isdst = 0;
    tm->tm_gmtoff = 0;
    tm->tm_zone = "GMT";
    return tm;
}

struct tm *gmtime(const time_t *t)
{
    static struct tm tm;
    return gmtime_r(t, &tm);
}

struct tm *localtime_r(const time_t *__restrict t, struct tm *__restrict tm)
{
    return gmtime_r(t, tm);
}

struct tm *localtime(const time_t *t)
{
    static struct tm tm;
    return gmtime_r(t, &tm);
}

time_t timegm(struct tm *tm)
{
    long long mon = tm->tm_mon, year = (long long)tm->tm_year + 1900;
    year += mon / 12;
    mon %= 12;
    if (mon < 0)
        mon += 12, year--;
    long long days = days_from_civil(year, mon + 1, 1) + tm->tm_mday - 1;
    long long secs = days * 86400 + (long long)tm->tm_hour * 3600 + (long long)tm->tm_min * 60 + tm->tm_sec;
    time_t t = (time_t)secs;
    if (t != secs) { /* beyond a 32-bit time_t (LLP64, as gcc -m32's) */
        __divm_errno = EOVERFLOW;
        return -1;
    }
    struct tm r;
    if (!gmtime_r(&t, &r))
        return -1;
    *tm = r;
    return t;
}

time_t mktime(struct tm *tm)
{
    return timegm(tm);
}

const char *const __divm_wday_name[] = { "Sunday", "Monday", "Tuesday", "Wednesday",
                                         "Thursday", "Friday", "Saturday" };
const char *const __divm_mon_name[] = { "January", "February", "March", "April", "May", "June",
                                        "July", "August", "September", "October", "November",
                                        "December" };

/* minimal decimal formatting without the printf engine */
static char *put_num(char *p, long long v, int width, char padc)
{
    char b[24];
    int n = 0, neg = v < 0;
    unsigned long long u = neg ? 0 - (unsigned long long)v : (unsigned long long)v;
    do
        b[n++] = (char)('0' + u % 10);
    while (u /= 10);
    if (neg)
        *p++ = '-';
    for (int i = n + neg; i < width; i++)
        *p++ = padc;
    while (n)
        *p++ = b[--n];
    return p;
}

char *asctime_r(const struct tm *__restrict tm, char *__restrict buf)
{
    /* "%.3s %.3s%3d %.2d:%.2d:%.2d %d\n" */
    char *p = buf;
    const char *w = tm->tm_wday >= 0 && tm->tm_wday < 7 ? __divm_wday_name[tm->tm_wday] : "???";
    const char *m = tm->tm_mon >= 0 && tm->tm_mon < 12 ? __divm_mon_name[tm->tm_mon] : "???";
    for (int i = 0; i < 3; i++)
        *p++ = w[i];
    *p++ = ' ';
    for (int i = 0; i < 3; i++)
        *p++ = m[i];
    p = put_num(p, tm->tm_mday, 3, ' ');
    *p++ = ' ';
    p = put_num(p, tm->tm_hour, 2, '0');
    *p++ = ':';
    p = put_num(p, tm->tm_min, 2, '0');
    *p++ = ':';
    p = put_num(p, tm->tm_sec, 2, '0');
    *p++ = ' ';
    p = put_num(p, (long long)tm->tm_year + 1900, 0, ' ');
    *p++ = '\n';
    *p = 0;
    return buf;
}

char *asctime(const struct tm *tm)
{
    static char buf[64];
    return asctime_r(tm, buf);
}

char *ctime_r(const time_t *t, char *buf)
{
    struct tm tm;
    if (!gmtime_r(t, &tm))
        return 0;
    return asctime_r(&tm, buf);
}

char *ctime(const time_t *t)
{
    static char buf[64];
    return ctime_r(t, buf);
}

/* ISO 8601 week-based year and week number */
static int iso_week(const struct tm *tm, long long *year)
{
    long long y = (long long)tm->tm_year + 1900;
    int yday = tm->tm_yday, wday = tm->tm_wday;
    int wk = (yday - (wday + 6) % 7 + 10) / 7;
    if (wk < 1) {
        y--;
        int pyd = yday + 365 + leap(y);
        wk = (pyd - (wday + 6) % 7 + 10) / 7;
    } else if (wk == 53) {
        int days = 365 + leap(y);
        if (yday - (wday + 6) % 7 + 3 >= days) /* Thursday of this week is next year */
            wk = 1, y++;
    }
    *year = y;
    return wk;
}

size_t strftime(char *__restrict s, size_t max, const char *__restrict fmt, const struct tm *__restrict tm)
{
    size_t n = 0;
    char tmp[128];
    for (const char *f = fmt; *f; f++) {
        if (*f != '%') {
            if (n + 1 >= max)
                return 0;
            s[n++] = *f;
            continue;
        }
        const char *start = f;
        f++;
        char flag = 0;
        while (*f == '_' || *f == '-' || *f == '0' || *f == '^' || *f == '#')
            flag = *f++;
        int width = -1;
        if (*f >= '1' && *f <= '9') {
            width = 0;
            while (*f >= '0' && *f <= '9')
                width = width * 10 + (*f++ - '0');
        }
        if (*f == 'E' || *f == 'O')
            f++;
        char *p = tmp;
        int numw = 0;     /* natural width of a numeric field */
        long long num = 0;
        char npad = '0';
        int isnum = 0, upcase = flag == '^';
        const char *str = 0;
        switch (*f) {
        case 'a': str = tm->tm_wday >= 0 && tm->tm_wday < 7 ? __divm_wday_name[tm->tm_wday] : "?"; p = tmp; for (int i = 0; i < 3 && str[i]; i++) *p++ = str[i]; str = 0; break;
        case 'A': str = tm->tm_wday >= 0 && tm->tm_wday < 7 ? __divm_wday_name[tm->tm_wday] : "?"; break;
        case 'b': case 'h': str = tm->tm_mon >= 0 && tm->tm_mon < 12 ? __divm_mon_name[tm->tm_mon] : "?"; p = tmp; for (int i = 0; i < 3 && str[i]; i++) *p++ = str[i]; str = 0; break;
        case 'B': str = tm->tm_mon >= 0 && tm->tm_mon < 12 ? __divm_mon_name[tm->tm_mon] : "?"; break;
        case 'c': p += strftime(p, sizeof tmp, "%a %b %e %H:%M:%S %Y", tm); break;
        case 'C': isnum = 1; num = ((long long)tm->tm_year + 1900) / 100 - (((long long)tm->tm_year + 1900) % 100 < 0); numw = 2; break;
        case 'd': isnum = 1; num = tm->tm_mday; numw = 2; break;
        case 'D': p += strftime(p, sizeof tmp, "%m/%d/%y", tm); break;
        case 'e': isnum = 1; num = tm->tm_mday; numw = 2; npad = ' '; break;
        case 'F': p += strftime(p, sizeof tmp, "%Y-%m-%d", tm); break;
        case 'g': { long long y; iso_week(tm, &y); isnum = 1; num = (y % 100 + 100) % 100; numw = 2; break; }
        case 'G': { long long y; iso_week(tm, &y); isnum = 1; num = y; numw = 1; break; }
        case 'H': isnum = 1; num = tm->tm_hour; numw = 2; break;
        case 'I': isnum = 1; num = tm->tm_hour % 12 ? tm->tm_hour % 12 : 12; numw = 2; break;
        case 'j': isnum = 1; num = tm->tm_yday + 1; numw = 3; break;
        case 'k': isnum = 1; num = tm->tm_hour; numw = 2; npad = ' '; break;
        case 'l': isnum = 1; num = tm->tm_hour % 12 ? tm->tm_hour % 12 : 12; numw = 2; npad = ' '; break;
        case 'm': isnum = 1; num = tm->tm_mon + 1; numw = 2; break;
        case 'M': isnum = 1; num = tm->tm_min; numw = 2; break;
        case 'n': *p++ = '\n'; break;
        case 'p': str = tm->tm_hour >= 12 ? "PM" : "AM"; if (flag == '#') str = tm->tm_hour >= 12 ? "pm" : "am"; break;
        case 'P': str = tm->tm_hour >= 12 ? "pm" : "am"; break;
        case 'r': p += strftime(p, sizeof tmp, "%I:%M:%S %p", tm); break;
        case 'R': p += strftime(p, sizeof tmp, "%H:%M", tm); break;
        case 's': { struct tm c = *tm; isnum = 1; num = timegm(&c); numw = 1; break; }
        case 'S': isnum = 1; num = tm->tm_sec; numw = 2; break;
        case 't': *p++ = '\t'; break;
        case 'T': p += strftime(p, sizeof tmp, "%H:%M:%S", tm); break;
        case 'u': isnum = 1; num = tm->tm_wday ? tm->tm_wday : 7; numw = 1; break;
        case 'U': isnum = 1; num = (tm->tm_yday - tm->tm_wday + 7) / 7; numw = 2; break;
        case 'V': { long long y; isnum = 1; num = iso_week(tm, &y); numw = 2; break; }
        case 'w': isnum = 1; num = tm->tm_wday; numw = 1; break;
        case 'W': isnum = 1; num = (tm->tm_yday - (tm->tm_wday + 6) % 7 + 7) / 7; numw = 2; break;
        case 'x': p += strftime(p, sizeof tmp, "%m/%d/%y", tm); break;
        case 'X': p += strftime(p, sizeof tmp, "%H:%M:%S", tm); break;
        case 'y': isnum = 1; num = (((long long)tm->tm_year + 1900) % 100 + 100) % 100; numw = 2; break;
        case 'Y': isnum = 1; num = (long long)tm->tm_year + 1900; numw = 1; break;
        case 'z': {
            long long off = tm->tm_gmtoff;
            *p++ = off < 0 ? '-' : '+';
            if (off < 0)
                off = -off;
            p = put_num(p, off / 3600 * 100 + off / 60 % 60, 4, '0');
            break;
        }
        case 'Z': str = tm->tm_zone ? tm->tm_zone : ""; break;
        case '%': *p++ = '%'; break;
        default:
            /* unknown: copy the spec as is */
            for (const char *q = start; q <= f && *q; q++)
                *p++ = *q;
            if (!*f)
                f--;
            break;
        }
        if (isnum) {
            int w = width >= 0 ? width : numw;
            char padc = flag == '_' ? ' ' : flag == '0' ? '0' : npad;
            if (flag == '-')
                w = 0;
            p = put_num(tmp, num, w, padc);
        } else if (str) {
            size_t l = strlen(str);
            for (size_t i = 0; i < l; i++)
                tmp[i] = str[i];
            p = tmp + l;
        }
        if (upcase)
            for (char *q = tmp; q < p; q++)
                if (*q >= 'a' && *q <= 'z')
                    *q -= 32;
        size_t len = p - tmp;
        if (!isnum && width > (int)len) {
            /* pad text to the width: glibc pads with spaces, '0' flag with zeros */
            size_t padn = width - len;
            if (n + padn >= max)
                return 0;
            for (size_t i = 0; i < padn; i++)
                s[n++] = flag == '0' ? '0' : ' ';
        }
        if (n + len >= max)
            return 0;
        for (size_t i = 0; i < len; i++)
            s[n++] = tmp[i];
    }
    if (n >= max)
        return 0;
    s[n] = 0;
    return n;
}
