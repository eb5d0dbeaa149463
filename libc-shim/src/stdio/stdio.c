/* Streams: the three standard streams (DiOS's descriptors 0-2) and files
 * of the in-memory file system (fs.c) opened with fopen.  Output is
 * unbuffered: each call writes its bytes at once, printf in chunks of up to
 * 512.  Input is buffered, with room for several ungetc; a seek, a write or
 * fflush gives unread input back to the file. */
#define _GNU_SOURCE 1
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/dios_syscall.h>
#include <fcntl.h>
#include "../internal.h"


enum { F_READ = 1, F_WRITE = 2, F_EOF = 4, F_ERR = 8, F_CLOSED = 16 };

struct _IO_FILE
{
    int fd;
    int flags;
    unsigned char *buf; /* input buffer (internal allocation, made on first read) */
    size_t rpos, rend;
    unsigned char unget[8];
    int nunget;
};

#define IBUF 1024

static struct _IO_FILE f_in = { 0, F_READ, 0, 0, 0, { 0 }, 0 };
static struct _IO_FILE f_out = { 1, F_WRITE, 0, 0, 0, { 0 }, 0 };
static struct _IO_FILE f_err = { 2, F_WRITE, 0, 0, 0, { 0 }, 0 };

#undef stdin
#undef stdout
#undef stderr
FILE *stdin = &f_in;
FILE *stdout = &f_out;
FILE *stderr = &f_err;

/* ---- raw output ---- */

/* writes everything or fails with errno set */
int __divm_write_all(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n) {
        ptrdiff_t r = fd >= 0 && fd <= 2 ? __dios_write(fd, p, n) : __divm_syswrite(fd, p, n);
        if (r < 0) {
            errno = (int)-r;
            return -1;
        }
        if (r == 0) {
            errno = EIO;
            return -1;
        }
        p += r;
        n -= (size_t)r;
    }
    return 0;
}

static int can_write(FILE *f)
{
    if ((f->flags & F_CLOSED) || !(f->flags & F_WRITE)) {
        errno = EBADF;
        f->flags |= F_ERR;
        return 0;
    }
    return 1;
}

/* unread buffered input goes back to the file (before a write or a seek);
 * 0, or -1 if the file cannot seek (a standard stream) */
static int drop_input(FILE *f)
{
    size_t unread = f->rend - f->rpos + (size_t)f->nunget;
    if (!unread)
        return 0;
    if (f->fd < 3 || __divm_lseek(f->fd, -(off_t)unread, SEEK_CUR) < 0)
        return -1;
    f->rpos = f->rend = 0;
    f->nunget = 0;
    return 0;
}

static int fwrite_bytes(FILE *f, const void *p, size_t n)
{
    if (!can_write(f))
        return -1;
    if (f->rpos != f->rend || f->nunget)
        drop_input(f);
    if (n && __divm_write_all(f->fd, p, n) < 0) {
        f->flags |= F_ERR;
        return -1;
    }
    return 0;
}

/* ---- printf family ---- */

struct fsink
{
    struct __divm_sink s;
    FILE *f;
    int fd;
    char buf[512];
};

static int sink_flush(struct __divm_sink *s)
{
    struct fsink *fs = (struct fsink *)s;
    int r = 0;
    if (s->len)
        r = fs->f ? fwrite_bytes(fs->f, fs->buf, s->len) : __divm_write_all(fs->fd, fs->buf, s->len);
    s->len = 0;
    return r;
}

static int vformat_to(FILE *f, int fd, const char *fmt, va_list ap)
{
    struct fsink fs;
    if (f && !can_write(f))
        return -1;
    fs.s.buf = fs.buf;
    fs.s.cap = sizeof fs.buf;
    fs.s.len = 0;
    fs.s.total = 0;
    fs.s.flush = sink_flush;
    fs.s.ctx = 0;
    fs.s.error = 0;
    fs.f = f;
    fs.fd = fd;
    int r = __divm_vformat(&fs.s, fmt, ap);
    if (!fs.s.error && fs.s.len && sink_flush(&fs.s) < 0)
        return -1;
    return fs.s.error ? -1 : r;
}

int vfprintf(FILE *__restrict f, const char *__restrict fmt, va_list ap)
{
    return vformat_to(f, -1, fmt, ap);
}

int fprintf(FILE *__restrict f, const char *__restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vformat_to(f, -1, fmt, ap);
    va_end(ap);
    return r;
}

int vprintf(const char *__restrict fmt, va_list ap)
{
    return vformat_to(stdout, -1, fmt, ap);
}

int printf(const char *__restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vformat_to(stdout, -1, fmt, ap);
    va_end(ap);
    return r;
}

int vdprintf(int fd, const char *__restrict fmt, va_list ap)
{
    return vformat_to(0, fd, fmt, ap);
}

int dprintf(int fd, const char *__restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vformat_to(0, fd, fmt, ap);
    va_end(ap);
    return r;
}

/* ---- character and string output ---- */

int fputc(int c, FILE *f)
{
    unsigned char ch = (unsigned char)c;
    return fwrite_bytes(f, &ch, 1) < 0 ? EOF : ch;
}

int putc(int c, FILE *f) { return fputc(c, f); }
int putchar(int c) { return fputc(c, stdout); }
int fputc_unlocked(int c, FILE *f) { return fputc(c, f); }
int putc_unlocked(int c, FILE *f) { return fputc(c, f); }
int putchar_unlocked(int c) { return fputc(c, stdout); }

int fputs(const char *__restrict s, FILE *__restrict f)
{
    return fwrite_bytes(f, s, __divm_strlen(s)) < 0 ? EOF : 1;
}

int fputs_unlocked(const char *__restrict s, FILE *__restrict f)
{
    return fputs(s, f);
}

int puts(const char *s)
{
    size_t n = __divm_strlen(s);
    char b[256];
    if (n < sizeof b) {
        /* one write for the line and its newline */
        __builtin_memcpy(b, s, n);
        b[n] = '\n';
        return fwrite_bytes(stdout, b, n + 1) < 0 ? EOF : 1;
    }
    if (fwrite_bytes(stdout, s, n) < 0 || fwrite_bytes(stdout, "\n", 1) < 0)
        return EOF;
    return 1;
}

size_t fwrite(const void *__restrict p, size_t size, size_t n, FILE *__restrict f)
{
    size_t t;
    if (!size || !n)
        return 0;
    if (__builtin_mul_overflow(size, n, &t)) {
        errno = EINVAL;
        return 0;
    }
    return fwrite_bytes(f, p, t) < 0 ? 0 : n;
}

size_t fwrite_unlocked(const void *__restrict p, size_t size, size_t n, FILE *__restrict f)
{
    return fwrite(p, size, n, f);
}

void perror(const char *s)
{
    const char *m = strerror(errno);
    size_t ls = s && *s ? __divm_strlen(s) : 0, lm = __divm_strlen(m);
    char b[512];
    if (ls + lm + 3 <= sizeof b) {
        size_t k = 0;
        if (ls) {
            __builtin_memcpy(b, s, ls);
            b[ls] = ':';
            b[ls + 1] = ' ';
            k = ls + 2;
        }
        __builtin_memcpy(b + k, m, lm);
        b[k + lm] = '\n';
        fwrite_bytes(stderr, b, k + lm + 1);
    } else
        fprintf(stderr, "%s: %s\n", s, m);
}

/* ---- input ---- */

static int can_read(FILE *f)
{
    if ((f->flags & F_CLOSED) || !(f->flags & F_READ)) {
        errno = EBADF;
        f->flags |= F_ERR;
        return 0;
    }
    return 1;
}

/* refills the buffer; returns 0 on end of file or error */
static int refill(FILE *f)
{
    if (!f->buf)
        f->buf = __divm_ialloc(IBUF);
    ptrdiff_t r = f->fd == 0 ? __dios_read(0, f->buf, IBUF) : __divm_sysread(f->fd, f->buf, IBUF);
    if (r < 0) {
        errno = (int)-r;
        f->flags |= F_ERR;
        return 0;
    }
    if (r == 0) {
        f->flags |= F_EOF;
        return 0;
    }
    f->rpos = 0;
    f->rend = (size_t)r;
    return 1;
}

int fgetc(FILE *f)
{
    if (!can_read(f))
        return EOF;
    if (f->nunget)
        return f->unget[--f->nunget];
    if (f->rpos == f->rend && !refill(f))
        return EOF;
    return f->buf[f->rpos++];
}

int getc(FILE *f) { return fgetc(f); }
int getchar(void) { return fgetc(stdin); }
int fgetc_unlocked(FILE *f) { return fgetc(f); }
int getc_unlocked(FILE *f) { return fgetc(f); }
int getchar_unlocked(void) { return fgetc(stdin); }

int ungetc(int c, FILE *f)
{
    if (c == EOF || f->nunget == (int)sizeof f->unget)
        return EOF;
    f->unget[f->nunget++] = (unsigned char)c;
    f->flags &= ~F_EOF;
    return (unsigned char)c;
}

char *fgets(char *__restrict s, int n, FILE *__restrict f)
{
    if (n <= 0) {
        errno = EINVAL;
        return 0;
    }
    int i = 0;
    while (i < n - 1) {
        int c = fgetc(f);
        if (c == EOF) {
            if (i == 0 || (f->flags & F_ERR))
                return 0;
            break;
        }
        s[i++] = (char)c;
        if (c == '\n')
            break;
    }
    s[i] = 0;
    return s;
}

size_t fread(void *__restrict p, size_t size, size_t n, FILE *__restrict f)
{
    size_t t;
    if (!size || !n)
        return 0;
    if (__builtin_mul_overflow(size, n, &t) || !can_read(f))
        return 0;
    unsigned char *d = p;
    size_t got = 0;
    while (got < t && f->nunget)
        d[got++] = f->unget[--f->nunget];
    if (got < t && f->rpos < f->rend) {
        size_t k = f->rend - f->rpos;
        if (k > t - got)
            k = t - got;
        __builtin_memcpy(d + got, f->buf + f->rpos, k);
        f->rpos += k;
        got += k;
    }
    while (got < t) {
        ptrdiff_t r = __divm_sysread(f->fd, d + got, t - got);
        if (r < 0) {
            errno = (int)-r;
            f->flags |= F_ERR;
            break;
        }
        if (r == 0) {
            f->flags |= F_EOF;
            break;
        }
        got += (size_t)r;
    }
    return got / size;
}

size_t fread_unlocked(void *__restrict p, size_t size, size_t n, FILE *__restrict f)
{
    return fread(p, size, n, f);
}

ssize_t getdelim(char **__restrict line, size_t *__restrict cap, int delim, FILE *__restrict f)
{
    if (!line || !cap) {
        errno = EINVAL;
        return -1;
    }
    /* collect into an internal buffer; the program's buffer is grown once */
    size_t n = 0, tcap = 128;
    char *t = __divm_ialloc(tcap);
    int c;
    while ((c = fgetc(f)) != EOF) {
        if (n + 1 >= tcap) {
            char *nt = __divm_ialloc(tcap * 2);
            __builtin_memcpy(nt, t, n);
            __divm_ifree(t);
            t = nt;
            tcap *= 2;
        }
        t[n++] = (char)c;
        if (c == delim)
            break;
    }
    if (n == 0) {
        __divm_ifree(t);
        return -1;
    }
    if (!*line || *cap < n + 1) {
        size_t want = n + 1 < 120 ? 120 : n + 1;
        char *nl = realloc(*line, want);
        if (!nl) {
            __divm_ifree(t);
            return -1;
        }
        *line = nl;
        *cap = want;
    }
    __builtin_memcpy(*line, t, n);
    (*line)[n] = 0;
    __divm_ifree(t);
    return (ssize_t)n;
}

ssize_t getline(char **__restrict line, size_t *__restrict cap, FILE *__restrict f)
{
    return getdelim(line, cap, '\n', f);
}

/* ---- scanf family ---- */

static int src_get(struct __divm_src *s)
{
    return fgetc((FILE *)s->ctx);
}

static void src_unget(struct __divm_src *s, int c)
{
    ungetc(c, (FILE *)s->ctx);
}

static int scan_file(FILE *f, const char *fmt, va_list ap, int c23)
{
    struct __divm_src s = { 0, src_get, src_unget, f, c23 };
    if (!can_read(f))
        return EOF;
    return __divm_vscan(&s, fmt, ap);
}

int vfscanf(FILE *__restrict f, const char *__restrict fmt, va_list ap)
{
    return scan_file(f, fmt, ap, 0);
}

/* glibc 2.38's <stdio.h> renames the scanf family under C23 or _GNU_SOURCE */
int __isoc23_vfscanf(FILE *__restrict f, const char *__restrict fmt, va_list ap)
{
    return scan_file(f, fmt, ap, 1);
}

int __isoc23_vscanf(const char *__restrict fmt, va_list ap)
{
    return scan_file(stdin, fmt, ap, 1);
}

int __isoc23_fscanf(FILE *__restrict f, const char *__restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = scan_file(f, fmt, ap, 1);
    va_end(ap);
    return r;
}

int __isoc23_scanf(const char *__restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = scan_file(stdin, fmt, ap, 1);
    va_end(ap);
    return r;
}

int fscanf(FILE *__restrict f, const char *__restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vfscanf(f, fmt, ap);
    va_end(ap);
    return r;
}

int vscanf(const char *__restrict fmt, va_list ap)
{
    return vfscanf(stdin, fmt, ap);
}

int scanf(const char *__restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vfscanf(stdin, fmt, ap);
    va_end(ap);
    return r;
}

/* ---- stream state ---- */

int feof(FILE *f) { return (f->flags & F_EOF) != 0; }
int ferror(FILE *f) { return (f->flags & F_ERR) != 0; }
void clearerr(FILE *f) { f->flags &= ~(F_EOF | F_ERR); }
int feof_unlocked(FILE *f) { return feof(f); }
int ferror_unlocked(FILE *f) { return ferror(f); }
void clearerr_unlocked(FILE *f) { clearerr(f); }

int fileno(FILE *f)
{
    if (f->flags & F_CLOSED) {
        errno = EBADF;
        return -1;
    }
    return f->fd;
}

int fileno_unlocked(FILE *f) { return fileno(f); }

/* output is never buffered; unread input goes back to a file */
int fflush(FILE *f)
{
    if (f && (f->flags & F_CLOSED)) {
        errno = EBADF;
        return EOF;
    }
    if (f && (f->flags & F_READ) && f->fd >= 3)
        drop_input(f);
    return 0;
}

int fflush_unlocked(FILE *f) { return fflush(f); }

static int is_std(FILE *f)
{
    return f == &f_in || f == &f_out || f == &f_err;
}

int fclose(FILE *f)
{
    if (f->flags & F_CLOSED) {
        errno = EBADF;
        return EOF;
    }
    int r = 0;
    if (f->fd >= 3 && __divm_close(f->fd) < 0)
        r = EOF;
    if (f->buf)
        __divm_ifree(f->buf);
    f->buf = 0;
    f->rpos = f->rend = 0;
    f->nunget = 0;
    f->flags = F_CLOSED;
    if (!is_std(f))
        __divm_ifree(f); /* a later use of the stream is a use after free */
    return r;
}

int setvbuf(FILE *__restrict f, char *__restrict buf, int mode, size_t size)
{
    (void)f;
    (void)buf;
    (void)size;
    if (mode != _IOFBF && mode != _IOLBF && mode != _IONBF) {
        errno = EINVAL;
        return -1;
    }
    return 0;
}

void setbuf(FILE *__restrict f, char *__restrict buf) { (void)f; (void)buf; }
void setbuffer(FILE *f, char *buf, size_t size) { (void)f; (void)buf; (void)size; }
void setlinebuf(FILE *f) { (void)f; }
void flockfile(FILE *f) { (void)f; }
int ftrylockfile(FILE *f) { (void)f; return 0; }
void funlockfile(FILE *f) { (void)f; }

/* the standard streams are pipes: not seekable; files are */
int fseeko(FILE *f, off_t off, int whence)
{
    if (f->flags & F_CLOSED) {
        errno = EBADF;
        return -1;
    }
    if (whence != SEEK_SET && whence != SEEK_CUR && whence != SEEK_END) {
        errno = EINVAL;
        return -1;
    }
    if (f->fd < 3) {
        errno = ESPIPE;
        return -1;
    }
    if (__divm_lseek(f->fd, 0, SEEK_CUR) < 0 || drop_input(f) < 0 || __divm_lseek(f->fd, off, whence) < 0)
        return -1;
    f->flags &= ~F_EOF;
    return 0;
}

int fseek(FILE *f, long off, int whence)
{
    return fseeko(f, off, whence);
}

off_t ftello(FILE *f)
{
    if (f->flags & F_CLOSED) {
        errno = EBADF;
        return -1;
    }
    off_t pos = __divm_lseek(f->fd, 0, SEEK_CUR);
    if (pos < 0)
        return -1;
    pos -= (off_t)(f->rend - f->rpos) + f->nunget;
    return pos < 0 ? 0 : pos;
}

long ftell(FILE *f)
{
    return ftello(f);
}

void rewind(FILE *f)
{
    int save = errno;
    fseek(f, 0, SEEK_SET);
    clearerr(f);
    errno = save;
}

int fgetpos(FILE *__restrict f, fpos_t *__restrict pos)
{
    off_t p = ftello(f);
    if (p < 0)
        return -1;
    memset(pos, 0, sizeof *pos);
    pos->__pos = p;
    return 0;
}

int fsetpos(FILE *f, const fpos_t *pos)
{
    return fseeko(f, pos->__pos, SEEK_SET);
}

/* ---- opening ---- */

/* open(2) flags and stream flags for an fopen mode; 0 if it is invalid */
static int parse_mode(const char *mode, int *oflags)
{
    int fl, o;
    switch (*mode) {
    case 'r': fl = F_READ; o = O_RDONLY; break;
    case 'w': fl = F_WRITE; o = O_WRONLY | O_CREAT | O_TRUNC; break;
    case 'a': fl = F_WRITE; o = O_WRONLY | O_CREAT | O_APPEND; break;
    default: return 0;
    }
    for (const char *m = mode + 1; *m; m++)
        if (*m == '+') {
            fl = F_READ | F_WRITE;
            o = (o & ~O_ACCMODE) | O_RDWR;
        } else if (*m == 'x')
            o |= O_EXCL;
        else if (*m == 'e')
            o |= O_CLOEXEC;
    *oflags = o;
    return fl;
}

static FILE *new_stream(FILE *f, int fd, int fl)
{
    if (!f) {
        f = __divm_ialloc(sizeof *f);
        f->buf = 0;
    }
    f->fd = fd;
    f->flags = fl;
    f->rpos = f->rend = 0;
    f->nunget = 0;
    return f;
}

FILE *fopen(const char *__restrict path, const char *__restrict mode)
{
    int o, fl = parse_mode(mode, &o);
    if (!fl) {
        errno = EINVAL;
        return 0;
    }
    int fd = __divm_open(path, o, 0666);
    if (fd < 0)
        return 0;
    return new_stream(0, fd, fl);
}

FILE *fopen64(const char *__restrict path, const char *__restrict mode) __attribute__((alias("fopen")));

FILE *freopen(const char *__restrict path, const char *__restrict mode, FILE *__restrict f)
{
    int o, fl = parse_mode(mode, &o);
    if (!fl) {
        fclose(f);
        errno = EINVAL;
        return 0;
    }
    if (!path) { /* the same file in another mode (freopen(NULL, "rb", stdin)) */
        if (f->flags & F_CLOSED) {
            errno = EBADF;
            return 0;
        }
        if (f->fd >= 3) {
            int cur = __divm_fcntl(f->fd, F_GETFL, 0);
            if (cur < 0 || ((fl & F_READ) && (cur & O_ACCMODE) == O_WRONLY) ||
                ((fl & F_WRITE) && (cur & O_ACCMODE) == O_RDONLY)) {
                fclose(f);
                errno = EBADF;
                return 0;
            }
            fflush(f);
        } else if (fl != (f->fd == 0 ? F_READ : F_WRITE)) {
            fclose(f);
            errno = EBADF;
            return 0;
        }
        f->flags = (f->flags & ~(F_READ | F_WRITE)) | fl;
        return f;
    }
    int fd = __divm_open(path, o, 0666);
    int std = is_std(f);
    if (!(f->flags & F_CLOSED)) {
        if (f->fd >= 3)
            __divm_close(f->fd);
        f->flags = F_CLOSED;
    }
    if (fd < 0) {
        if (!std)
            __divm_ifree(f);
        return 0;
    }
    return new_stream(f, fd, fl);
}

FILE *fdopen(int fd, const char *mode)
{
    int o, fl = parse_mode(mode, &o);
    if (!fl) {
        errno = EINVAL;
        return 0;
    }
    if (fd >= 0 && fd <= 2) {
        FILE *f = fd == 0 ? stdin : fd == 1 ? stdout : stderr;
        if (f->flags & F_CLOSED) {
            errno = EBADF;
            return 0;
        }
        return f;
    }
    int cur = __divm_fcntl(fd, F_GETFL, 0);
    if (cur < 0)
        return 0;
    if (((fl & F_READ) && (cur & O_ACCMODE) == O_WRONLY) || ((fl & F_WRITE) && (cur & O_ACCMODE) == O_RDONLY)) {
        errno = EINVAL;
        return 0;
    }
    if (o & O_APPEND)
        __divm_fcntl(fd, F_SETFL, cur | O_APPEND);
    return new_stream(0, fd, fl);
}

FILE *tmpfile(void)
{
    int fd = __divm_anon_file();
    if (fd < 0)
        return 0;
    return new_stream(0, fd, F_READ | F_WRITE);
}

char *tmpnam(char *s)
{
    static char buf[L_tmpnam];
    static unsigned count;
    char *d = s ? s : buf;
    for (;;) {
        snprintf(d, L_tmpnam, "/tmp/tmp.%06u", count++);
        if (__divm_access(d, F_OK) < 0)
            return d;
    }
}

char *ctermid(char *s)
{
    static char tty[] = "/dev/tty";
    if (!s)
        return tty;
    strcpy(s, tty);
    return s;
}

/* ---- <stdio_ext.h> ---- */

/* output is never buffered: nothing is pending, no output buffer */
size_t __fpending(FILE *f)
{
    (void)f;
    return 0;
}

size_t __fbufsize(FILE *f)
{
    return f->buf ? IBUF : 0;
}

static int has_input(FILE *f)
{
    return f->rpos != f->rend || f->nunget;
}

int __freading(FILE *f)
{
    return (f->flags & F_READ) && (!(f->flags & F_WRITE) || has_input(f));
}

int __fwriting(FILE *f)
{
    return (f->flags & F_WRITE) && (!(f->flags & F_READ) || !has_input(f));
}

int __freadable(FILE *f) { return (f->flags & F_READ) != 0; }
int __fwritable(FILE *f) { return (f->flags & F_WRITE) != 0; }
int __flbf(FILE *f) { (void)f; return 0; }

/* discards buffered input (nothing of it goes back to the file) */
void __fpurge(FILE *f)
{
    f->rpos = f->rend = 0;
    f->nunget = 0;
}

void _flushlbf(void) {}

int __fsetlocking(FILE *f, int type)
{
    (void)f;
    (void)type;
    return 1; /* FSETLOCKING_INTERNAL */
}

/* glibc's <stdio.h> renames the scanf family to these (programs preprocessed with it call them) */
int __isoc99_fscanf(FILE *__restrict, const char *__restrict, ...) __attribute__((alias("fscanf")));
int __isoc99_scanf(const char *__restrict, ...) __attribute__((alias("scanf")));
int __isoc99_vfscanf(FILE *__restrict, const char *__restrict, va_list) __attribute__((alias("vfscanf")));
int __isoc99_vscanf(const char *__restrict, va_list) __attribute__((alias("vscanf")));
