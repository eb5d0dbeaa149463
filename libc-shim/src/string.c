/* <string.h> and <strings.h>.  memcpy/memmove/memset use the builtins so the
 * VM runs them as intrinsics (keeping pointer and definedness shadows); the
 * rest are plain loops. */
#include "internal.h"

/* (a native gcc build would turn these builtins back into calls of
 * themselves; the native tests use the host's) */
#ifndef __DIVM_NATIVE_TEST
void *memcpy(void *__restrict d, const void *__restrict s, size_t n)
{
    __builtin_memcpy(d, s, n);
    return d;
}

void *memmove(void *d, const void *s, size_t n)
{
    __builtin_memmove(d, s, n);
    return d;
}

void *memset(void *d, int c, size_t n)
{
    __builtin_memset(d, c, n);
    return d;
}
#endif

void *mempcpy(void *__restrict d, const void *__restrict s, size_t n)
{
    __builtin_memcpy(d, s, n);
    return (char *)d + n;
}

void *memccpy(void *__restrict d, const void *__restrict s, int c, size_t n)
{
    unsigned char *dp = d;
    const unsigned char *sp = s;
    for (; n; n--) {
        unsigned char ch = *sp++;
        *dp++ = ch;
        if (ch == (unsigned char)c)
            return dp;
    }
    return 0;
}

void bzero(void *d, size_t n)
{
    __builtin_memset(d, 0, n);
}

void explicit_bzero(void *d, size_t n)
{
    __builtin_memset(d, 0, n);
}

void bcopy(const void *s, void *d, size_t n)
{
    __builtin_memmove(d, s, n);
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;
    for (; n; n--, p++, q++)
        if (*p != *q)
            return *p - *q;
    return 0;
}

int bcmp(const void *a, const void *b, size_t n)
{
    return memcmp(a, b, n);
}

void *memchr(const void *s, int c, size_t n)
{
    const unsigned char *p = s;
    for (; n; n--, p++)
        if (*p == (unsigned char)c)
            return (void *)p;
    return 0;
}

void *memrchr(const void *s, int c, size_t n)
{
    const unsigned char *p = (const unsigned char *)s + n;
    while (n--)
        if (*--p == (unsigned char)c)
            return (void *)p;
    return 0;
}

void *rawmemchr(const void *s, int c)
{
    const unsigned char *p = s;
    while (*p != (unsigned char)c)
        p++;
    return (void *)p;
}

void *memmem(const void *h, size_t hl, const void *n, size_t nl)
{
    const unsigned char *hp = h, *np = n;
    if (nl == 0)
        return (void *)h;
    for (size_t i = 0; i + nl <= hl; i++)
        if (hp[i] == np[0] && memcmp(hp + i, np, nl) == 0)
            return (void *)(hp + i);
    return 0;
}

size_t strlen(const char *s)
{
    const char *p = s;
    while (*p)
        p++;
    return p - s;
}

size_t strnlen(const char *s, size_t max)
{
    size_t n = 0;
    while (n < max && s[n])
        n++;
    return n;
}

int strcmp(const char *a, const char *b)
{
    const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
    while (*p && *p == *q)
        p++, q++;
    return *p - *q;
}

int strncmp(const char *a, const char *b, size_t n)
{
    const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
    for (; n; n--, p++, q++) {
        if (*p != *q)
            return *p - *q;
        if (!*p)
            return 0;
    }
    return 0;
}

/* C locale: collation is byte order */
int strcoll(const char *a, const char *b)
{
    return strcmp(a, b);
}

size_t strxfrm(char *__restrict d, const char *__restrict s, size_t n)
{
    size_t l = strlen(s);
    if (l < n)
        __builtin_memcpy(d, s, l + 1);
    return l;
}

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

int strcasecmp(const char *a, const char *b)
{
    const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
    while (*p && lower(*p) == lower(*q))
        p++, q++;
    return lower(*p) - lower(*q);
}

int strncasecmp(const char *a, const char *b, size_t n)
{
    const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
    for (; n; n--, p++, q++) {
        if (lower(*p) != lower(*q))
            return lower(*p) - lower(*q);
        if (!*p)
            return 0;
    }
    return 0;
}

/* Copying between overlapping ranges is undefined (the arguments are
 * restrict): a memory error in the copying function, whose caller is the
 * frame at the call.  Pointers of different objects never overlap: the
 * object id is the high half of a pointer. */
#ifndef __DIVM_NATIVE_TEST
void __dios_fault(int kind, const char *msg);
#define overlap_fault(msg) __dios_fault(4 /* _VM_F_Memory */, msg)
#else
#define overlap_fault(msg) ((void)0)
#endif

/* the start of p's object (its offset is the low half) */
static const char *object_of(const void *p)
{
    return (const char *)p - ((uintptr_t)p & 0xFFFFFFFFu);
}

/* Pointers are compared only within one object: the order of two objects
 * would be a fact about their numbering, which heap symmetry lets differ
 * between states it takes for one (divm/vm/order.py). */
static int overlap(const void *d, size_t dn, const void *s, size_t sn)
{
    uintptr_t a = (uintptr_t)d & 0xFFFFFFFFu, b = (uintptr_t)s & 0xFFFFFFFFu;  /* offsets */
    return dn && sn && object_of(d) == object_of(s) && a < b + sn && b < a + dn;
}

char *strcpy(char *__restrict d, const char *__restrict s)
{
    size_t n = __divm_strlen(s) + 1;
    if (overlap(d, n, s, n))
        overlap_fault("strcpy between overlapping strings");
    __builtin_memmove(d, s, n);
    return d;
}

char *stpcpy(char *__restrict d, const char *__restrict s)
{
    size_t n = __divm_strlen(s) + 1;
    if (overlap(d, n, s, n))
        overlap_fault("stpcpy between overlapping strings");
    __builtin_memmove(d, s, n);
    return d + n - 1;
}

/* the bytes strncpy reads: up to n, the terminator included if it is */
static size_t ncopied(const char *s, size_t n)
{
    size_t l = 0;
    while (l < n && s[l])
        l++;
    return l < n ? l + 1 : l;
}

char *strncpy(char *__restrict d, const char *__restrict s, size_t n)
{
    if (overlap(d, n, s, ncopied(s, n)))
        overlap_fault("strncpy between overlapping ranges");
    size_t i = 0;
    for (; i < n && s[i]; i++)
        d[i] = s[i];
    for (; i < n; i++)
        d[i] = 0;
    return d;
}

char *stpncpy(char *__restrict d, const char *__restrict s, size_t n)
{
    if (overlap(d, n, s, ncopied(s, n)))
        overlap_fault("stpncpy between overlapping ranges");
    size_t i = 0;
    for (; i < n && s[i]; i++)
        d[i] = s[i];
    char *r = d + i;
    for (; i < n; i++)
        d[i] = 0;
    return r;
}

size_t strlcpy(char *__restrict d, const char *__restrict s, size_t n)
{
    size_t l = strlen(s);
    if (n) {
        size_t c = l < n - 1 ? l : n - 1;
        for (size_t i = 0; i < c; i++)
            d[i] = s[i];
        d[c] = 0;
    }
    return l;
}

size_t strlcat(char *__restrict d, const char *__restrict s, size_t n)
{
    size_t dl = strnlen(d, n);
    if (dl == n)
        return n + strlen(s);
    return dl + strlcpy(d + dl, s, n - dl);
}

char *strcat(char *__restrict d, const char *__restrict s)
{
    strcpy(d + strlen(d), s);
    return d;
}

char *strncat(char *__restrict d, const char *__restrict s, size_t n)
{
    char *p = d + strlen(d);
    while (n-- && *s)
        *p++ = *s++;
    *p = 0;
    return d;
}

char *strchr(const char *s, int c)
{
    for (;; s++) {
        if (*s == (char)c)
            return (char *)s;
        if (!*s)
            return 0;
    }
}

char *strchrnul(const char *s, int c)
{
    while (*s && *s != (char)c)
        s++;
    return (char *)s;
}

char *strrchr(const char *s, int c)
{
    const char *r = 0;
    for (;; s++) {
        if (*s == (char)c)
            r = s;
        if (!*s)
            return (char *)r;
    }
}

char *index(const char *s, int c)
{
    return strchr(s, c);
}

char *rindex(const char *s, int c)
{
    return strrchr(s, c);
}

char *strstr(const char *h, const char *n)
{
    size_t nl = strlen(n);
    if (!nl)
        return (char *)h;
    for (; *h; h++)
        if (*h == *n && strncmp(h, n, nl) == 0)
            return (char *)h;
    return 0;
}

char *strcasestr(const char *h, const char *n)
{
    size_t nl = strlen(n);
    for (; ; h++) {
        if (strncasecmp(h, n, nl) == 0)
            return (char *)h;
        if (!*h)
            return 0;
    }
}

size_t strspn(const char *s, const char *acc)
{
    size_t n = 0;
    for (; s[n]; n++) {
        const char *a = acc;
        while (*a && *a != s[n])
            a++;
        if (!*a)
            break;
    }
    return n;
}

size_t strcspn(const char *s, const char *rej)
{
    size_t n = 0;
    for (; s[n]; n++) {
        const char *r = rej;
        while (*r && *r != s[n])
            r++;
        if (*r)
            break;
    }
    return n;
}

char *strpbrk(const char *s, const char *acc)
{
    s += strcspn(s, acc);
    return *s ? (char *)s : 0;
}

char *strtok_r(char *__restrict s, const char *__restrict delim, char **__restrict save)
{
    if (!s)
        s = *save;
    if (!s)
        return 0;
    s += strspn(s, delim);
    if (!*s) {
        *save = s;
        return 0;
    }
    char *e = s + strcspn(s, delim);
    if (*e)
        *e++ = 0;
    *save = e;
    return s;
}

char *strtok(char *__restrict s, const char *__restrict delim)
{
    static char *save;
    return strtok_r(s, delim, &save);
}

char *strsep(char **sp, const char *delim)
{
    char *s = *sp;
    if (!s)
        return 0;
    char *e = s + strcspn(s, delim);
    if (*e)
        *e++ = 0, *sp = e;
    else
        *sp = 0;
    return s;
}

char *strdup(const char *s)
{
    size_t l = strlen(s) + 1;
    char *d = malloc(l);
    if (d)
        __builtin_memcpy(d, s, l);
    return d;
}

char *strndup(const char *s, size_t n)
{
    size_t l = strnlen(s, n);
    char *d = malloc(l + 1);
    if (d) {
        __builtin_memcpy(d, s, l);
        d[l] = 0;
    }
    return d;
}

int ffs(int i)
{
    return i ? __builtin_ctz((unsigned)i) + 1 : 0;
}

int ffsl(long i)
{
    return i ? __builtin_ctzl((unsigned long)i) + 1 : 0;
}

int ffsll(long long i)
{
    return i ? __builtin_ctzll((unsigned long long)i) + 1 : 0;
}

/* the texts are glibc 2.36's */
/* (extern, not static: keeps LLVM from turning them into relative tables) */
const char *const __divm_errmsg[] = {
    /*   0 */ "Success",
    /*   1 */ "Operation not permitted",
    /*   2 */ "No such file or directory",
    /*   3 */ "No such process",
    /*   4 */ "Interrupted system call",
    /*   5 */ "Input/output error",
    /*   6 */ "No such device or address",
    /*   7 */ "Argument list too long",
    /*   8 */ "Exec format error",
    /*   9 */ "Bad file descriptor",
    /*  10 */ "No child processes",
    /*  11 */ "Resource temporarily unavailable",
    /*  12 */ "Cannot allocate memory",
    /*  13 */ "Permission denied",
    /*  14 */ "Bad address",
    /*  15 */ "Block device required",
    /*  16 */ "Device or resource busy",
    /*  17 */ "File exists",
    /*  18 */ "Invalid cross-device link",
    /*  19 */ "No such device",
    /*  20 */ "Not a directory",
    /*  21 */ "Is a directory",
    /*  22 */ "Invalid argument",
    /*  23 */ "Too many open files in system",
    /*  24 */ "Too many open files",
    /*  25 */ "Inappropriate ioctl for device",
    /*  26 */ "Text file busy",
    /*  27 */ "File too large",
    /*  28 */ "No space left on device",
    /*  29 */ "Illegal seek",
    /*  30 */ "Read-only file system",
    /*  31 */ "Too many links",
    /*  32 */ "Broken pipe",
    /*  33 */ "Numerical argument out of domain",
    /*  34 */ "Numerical result out of range",
    /*  35 */ "Resource deadlock avoided",
    /*  36 */ "File name too long",
    /*  37 */ "No locks available",
    /*  38 */ "Function not implemented",
    /*  39 */ "Directory not empty",
    /*  40 */ "Too many levels of symbolic links",
    /*  41 */ 0,
    /*  42 */ "No message of desired type",
    /*  43 */ "Identifier removed",
    /*  44 */ "Channel number out of range",
    /*  45 */ "Level 2 not synchronized",
    /*  46 */ "Level 3 halted",
    /*  47 */ "Level 3 reset",
    /*  48 */ "Link number out of range",
    /*  49 */ "Protocol driver not attached",
    /*  50 */ "No CSI structure available",
    /*  51 */ "Level 2 halted",
    /*  52 */ "Invalid exchange",
    /*  53 */ "Invalid request descriptor",
    /*  54 */ "Exchange full",
    /*  55 */ "No anode",
    /*  56 */ "Invalid request code",
    /*  57 */ "Invalid slot",
    /*  58 */ 0,
    /*  59 */ "Bad font file format",
    /*  60 */ "Device not a stream",
    /*  61 */ "No data available",
    /*  62 */ "Timer expired",
    /*  63 */ "Out of streams resources",
    /*  64 */ "Machine is not on the network",
    /*  65 */ "Package not installed",
    /*  66 */ "Object is remote",
    /*  67 */ "Link has been severed",
    /*  68 */ "Advertise error",
    /*  69 */ "Srmount error",
    /*  70 */ "Communication error on send",
    /*  71 */ "Protocol error",
    /*  72 */ "Multihop attempted",
    /*  73 */ "RFS specific error",
    /*  74 */ "Bad message",
    /*  75 */ "Value too large for defined data type",
    /*  76 */ "Name not unique on network",
    /*  77 */ "File descriptor in bad state",
    /*  78 */ "Remote address changed",
    /*  79 */ "Can not access a needed shared library",
    /*  80 */ "Accessing a corrupted shared library",
    /*  81 */ ".lib section in a.out corrupted",
    /*  82 */ "Attempting to link in too many shared libraries",
    /*  83 */ "Cannot exec a shared library directly",
    /*  84 */ "Invalid or incomplete multibyte or wide character",
    /*  85 */ "Interrupted system call should be restarted",
    /*  86 */ "Streams pipe error",
    /*  87 */ "Too many users",
    /*  88 */ "Socket operation on non-socket",
    /*  89 */ "Destination address required",
    /*  90 */ "Message too long",
    /*  91 */ "Protocol wrong type for socket",
    /*  92 */ "Protocol not available",
    /*  93 */ "Protocol not supported",
    /*  94 */ "Socket type not supported",
    /*  95 */ "Operation not supported",
    /*  96 */ "Protocol family not supported",
    /*  97 */ "Address family not supported by protocol",
    /*  98 */ "Address already in use",
    /*  99 */ "Cannot assign requested address",
    /* 100 */ "Network is down",
    /* 101 */ "Network is unreachable",
    /* 102 */ "Network dropped connection on reset",
    /* 103 */ "Software caused connection abort",
    /* 104 */ "Connection reset by peer",
    /* 105 */ "No buffer space available",
    /* 106 */ "Transport endpoint is already connected",
    /* 107 */ "Transport endpoint is not connected",
    /* 108 */ "Cannot send after transport endpoint shutdown",
    /* 109 */ "Too many references: cannot splice",
    /* 110 */ "Connection timed out",
    /* 111 */ "Connection refused",
    /* 112 */ "Host is down",
    /* 113 */ "No route to host",
    /* 114 */ "Operation already in progress",
    /* 115 */ "Operation now in progress",
    /* 116 */ "Stale file handle",
    /* 117 */ "Structure needs cleaning",
    /* 118 */ "Not a XENIX named type file",
    /* 119 */ "No XENIX semaphores available",
    /* 120 */ "Is a named type file",
    /* 121 */ "Remote I/O error",
    /* 122 */ "Disk quota exceeded",
    /* 123 */ "No medium found",
    /* 124 */ "Wrong medium type",
    /* 125 */ "Operation canceled",
    /* 126 */ "Required key not available",
    /* 127 */ "Key has expired",
    /* 128 */ "Key has been revoked",
    /* 129 */ "Key was rejected by service",
    /* 130 */ "Owner died",
    /* 131 */ "State not recoverable",
    /* 132 */ "Operation not possible due to RF-kill",
    /* 133 */ "Memory page has hardware error",
};
const char *const __divm_sigmsg[] = {
    /*  0 */ "Unknown signal 0",
    /*  1 */ "Hangup",
    /*  2 */ "Interrupt",
    /*  3 */ "Quit",
    /*  4 */ "Illegal instruction",
    /*  5 */ "Trace/breakpoint trap",
    /*  6 */ "Aborted",
    /*  7 */ "Bus error",
    /*  8 */ "Floating point exception",
    /*  9 */ "Killed",
    /* 10 */ "User defined signal 1",
    /* 11 */ "Segmentation fault",
    /* 12 */ "User defined signal 2",
    /* 13 */ "Broken pipe",
    /* 14 */ "Alarm clock",
    /* 15 */ "Terminated",
    /* 16 */ "Stack fault",
    /* 17 */ "Child exited",
    /* 18 */ "Continued",
    /* 19 */ "Stopped (signal)",
    /* 20 */ "Stopped",
    /* 21 */ "Stopped (tty input)",
    /* 22 */ "Stopped (tty output)",
    /* 23 */ "Urgent I/O condition",
    /* 24 */ "CPU time limit exceeded",
    /* 25 */ "File size limit exceeded",
    /* 26 */ "Virtual timer expired",
    /* 27 */ "Profiling timer expired",
    /* 28 */ "Window changed",
    /* 29 */ "I/O possible",
    /* 30 */ "Power failure",
    /* 31 */ "Bad system call",
};

/* "Unknown error N" / "Unknown signal N" into buf (at least 32 bytes) */
static char *unknown(char *buf, const char *what, int n)
{
    char tmp[16];
    int i = 0;
    unsigned u = n < 0 ? -(unsigned)n : (unsigned)n;
    do
        tmp[i++] = '0' + u % 10;
    while (u /= 10);
    char *p = buf;
    for (const char *w = what; *w; w++)
        *p++ = *w;
    if (n < 0)
        *p++ = '-';
    while (i)
        *p++ = tmp[--i];
    *p = 0;
    return buf;
}

static const char *errmsg(int e)
{
    if (e >= 0 && e < (int)(sizeof __divm_errmsg / sizeof *__divm_errmsg))
        return __divm_errmsg[e];
    return 0;
}

char *strerror(int e)
{
    static char buf[40];
    const char *m = errmsg(e);
    return m ? (char *)m : unknown(buf, "Unknown error ", e);
}

/* XSI strerror_r (the GNU variant is __divm_gnu_strerror_r) */
int __xpg_strerror_r(int e, char *buf, size_t n)
{
    char tmp[40];
    const char *m = errmsg(e);
    int r = 0;
    if (!m)
        m = unknown(tmp, "Unknown error ", e), r = EINVAL;
    size_t l = strlen(m);
    if (n == 0)
        return r ? r : ERANGE;
    if (l >= n) {
        __builtin_memcpy(buf, m, n - 1);
        buf[n - 1] = 0;
        return r ? r : ERANGE;
    }
    __builtin_memcpy(buf, m, l + 1);
    return r;
}

char *__divm_gnu_strerror_r(int e, char *buf, size_t n)
{
    if (errmsg(e))
        return (char *)errmsg(e);
    char tmp[40];
    unknown(tmp, "Unknown error ", e);
    if (n) {
        size_t l = strlen(tmp);
        if (l >= n)
            l = n - 1;
        __builtin_memcpy(buf, tmp, l);
        buf[l] = 0;
    }
    return buf;
}

char *strsignal(int sig)
{
    static char buf[40];
    if (sig >= 0 && sig < (int)(sizeof __divm_sigmsg / sizeof *__divm_sigmsg))
        return (char *)__divm_sigmsg[sig];
    if (sig >= 34 && sig <= 64)
        return unknown(buf, "Real-time signal ", sig - 34);
    return unknown(buf, "Unknown signal ", sig);
}
