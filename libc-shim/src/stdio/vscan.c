/* The scanf engine, following glibc 2.36's vfscanf step by step (which
 * characters are consumed, when a conversion fails, what is returned),
 * in the C locale and in ISO C99 mode (%a is a float conversion). */
#include "../internal.h"

#define SEOF (-1)

enum
{
    LONG = 1, LONGDBL = 2, SHORT = 4, CHAR = 8, SUPPRESS = 16, MALLOC = 32,
    SIGNED = 64, READ_POINTER = 128, HEXA_FLOAT = 256,
    WIDE = 512  /* a 64-bit integer (ll, q, L, j, z, t, p): wider than LONG under LLP64 */
};

struct st
{
    struct __divm_src *src;
    int c;          /* the last character read (SEOF sticks) */
    long read_in;   /* characters consumed, for %n */
    int eof_errno;  /* errno when the end was met; glibc restores it on every later read */
};

static int src_get(struct __divm_src *s)
{
    if (s->get)
        return s->get(s);
    if (!*s->str)
        return SEOF;
    return *s->str++;
}

static int inchar(struct st *t)
{
    if (t->c == SEOF) {
        __divm_errno = t->eof_errno;
        return SEOF;
    }
    t->c = src_get(t->src);
    if (t->c != SEOF)
        t->read_in++;
    else
        t->eof_errno = __divm_errno;
    return t->c;
}

static void unget(struct st *t, int c)
{
    if (c == SEOF)
        return;
    t->read_in--;
    if (t->src->get)
        t->src->unget(t->src, c);
    else
        t->src->str--;
}

static int sp(int c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

static int dig(int c)
{
    return c >= '0' && c <= '9';
}

static int xdig(int c)
{
    return dig(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static int low(int c)
{
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

/* a growable character buffer; the heap part never fails */
struct cbuf
{
    char *p;
    size_t n, cap;
    char small[128];
};

static void cb_init(struct cbuf *b)
{
    b->p = b->small;
    b->n = 0;
    b->cap = sizeof b->small;
}

static void cb_add(struct cbuf *b, char c)
{
    if (b->n == b->cap) {
        char *q = __divm_ialloc(b->cap * 2);
        __builtin_memcpy(q, b->p, b->n);
        if (b->p != b->small)
            __divm_ifree(b->p);
        b->p = q;
        b->cap *= 2;
    }
    b->p[b->n++] = c;
}

static void cb_free(struct cbuf *b)
{
    if (b->p != b->small)
        __divm_ifree(b->p);
    cb_init(b);
}

static int rdint(const unsigned char **f)
{
    long v = 0;
    while (dig(**f)) {
        if (v < INT_MAX)
            v = v * 10 + (**f - '0');
        (*f)++;
    }
    return v > INT_MAX ? INT_MAX : (int)v;
}

/* the argument of a conversion: next one, or the argpos-th */
static void *arg(va_list *seq, va_list orig, int argpos)
{
    if (!argpos)
        return va_arg(*seq, void *);
    va_list a;
    va_copy(a, orig);
    for (int i = 1; i < argpos; i++)
        (void)va_arg(a, void *);
    void *p = va_arg(a, void *);
    va_end(a);
    return p;
}

/* stores a finished %m string; returns -1 if the allocation fails */
static int store_malloc(void *dst, struct cbuf *b, int wide)
{
    size_t n = b->n, sz = wide ? (n + 1) * sizeof(int) : n + 1;
    char *m = malloc(sz);
    if (!m)
        return -1;
    if (wide) {
        int *w = (int *)m;
        for (size_t i = 0; i < n; i++)
            w[i] = (unsigned char)b->p[i];
        w[n] = 0;
    } else {
        __builtin_memcpy(m, b->p, n);
        m[n] = 0;
    }
    *(void **)dst = m;
    return 0;
}

int __divm_vscan(struct __divm_src *src, const char *format, va_list ap)
{
    struct st t = { src, 0, 0, 0 };
    va_list args, orig;
    va_copy(args, ap);
    va_copy(orig, ap);
    const unsigned char *f = (const unsigned char *)format;
    int done = 0, skip_space = 0, c = 0;
    struct cbuf cb;
    cb_init(&cb);

#define INCHAR() (c = inchar(&t))
#define UNGETC(ch) unget(&t, (ch))
#define INPUT_ERROR() do { if (done == 0) done = SEOF; goto out; } while (0)
#define CONV_ERROR() goto out

    while (*f) {
        int fc = *f++;
        if (fc != '%') {
            if (sp(fc)) {
                skip_space = 1;
                continue;
            }
            INCHAR();
            if (c == SEOF)
                INPUT_ERROR();
            if (skip_space) {
                while (sp(c))
                    if (INCHAR() == SEOF)
                        INPUT_ERROR();
                skip_space = 0;
            }
            if (c != fc) {
                UNGETC(c);
                CONV_ERROR();
            }
            continue;
        }

        int flags = 0, argpos = 0, width;
        cb_free(&cb);
        if (dig(*f)) {
            argpos = rdint(&f);
            if (*f == '$')
                ++f;
            else {
                width = argpos;
                argpos = 0;
                goto got_width;
            }
        }
        while (*f == '*' || *f == '\'' || *f == 'I')
            if (*f++ == '*')
                flags |= SUPPRESS;
        width = 0;
        if (dig(*f))
            width = rdint(&f);
    got_width:
        if (width == 0)
            width = -1;
        switch (*f++) {
        case 'h':
            if (*f == 'h')
                ++f, flags |= CHAR;
            else
                flags |= SHORT;
            break;
        case 'l':
            if (*f == 'l')
                ++f, flags |= LONGDBL | LONG | WIDE;
            else
                flags |= LONG;
            break;
        case 'q':
        case 'L':
            flags |= LONGDBL | LONG | WIDE;
            break;
        case 'm':
            flags |= MALLOC;
            if (*f == 'l')
                ++f, flags |= LONG;
            break;
        case 'z':
        case 'j':
        case 't':
            flags |= LONG | WIDE;
            break;
        default:
            --f;
            break;
        }
        if (!*f)
            CONV_ERROR();
        fc = *f++;
        if (skip_space || (fc != '[' && fc != 'c' && fc != 'C' && fc != 'n')) {
            int save = __divm_errno;
            __divm_errno = 0;
            if (c != SEOF) {
                do
                    INCHAR();
                while (sp(c));
            }
            __divm_errno = save;
            UNGETC(c);
            skip_space = 0;
        }

        int base = 0;
        switch (fc) {
        case '%':
            INCHAR();
            if (c == SEOF)
                INPUT_ERROR();
            if (c != fc) {
                UNGETC(c);
                CONV_ERROR();
            }
            break;

        case 'n':
            if (!(flags & SUPPRESS)) {
                void *p = arg(&args, orig, argpos);
                if (flags & WIDE)
                    *(long long *)p = t.read_in;
                else if (flags & LONG)
                    *(long *)p = t.read_in;
                else if (flags & SHORT)
                    *(short *)p = (short)t.read_in;
                else if (!(flags & CHAR))
                    *(int *)p = (int)t.read_in;
                else
                    *(char *)p = (char)t.read_in;
            }
            break;

        case 'C':
            flags |= LONG;
            /* fall through */
        case 'c': {
            if (width == -1)
                width = 1;
            void *dst = 0;
            if (!(flags & SUPPRESS))
                dst = arg(&args, orig, argpos);
            INCHAR();
            if (c == SEOF)
                INPUT_ERROR();
            char *s = (char *)dst;
            int *w = (int *)dst;
            do {
                if (flags & SUPPRESS)
                    continue;
                if (flags & MALLOC)
                    cb_add(&cb, (char)c);
                else if (flags & LONG)
                    *w++ = c;
                else
                    *s++ = (char)c;
            } while (--width > 0 && INCHAR() != SEOF);
            if (!(flags & SUPPRESS)) {
                if (flags & MALLOC) {
                    /* %mc stores no terminator, but one byte more does no harm */
                    if (store_malloc(dst, &cb, flags & LONG) < 0) {
                        done = SEOF;
                        goto out;
                    }
                }
                ++done;
            }
            break;
        }

        case 'S':
            flags |= LONG;
            /* fall through */
        case 's': {
            void *dst = 0;
            if (!(flags & SUPPRESS))
                dst = arg(&args, orig, argpos);
            INCHAR();
            if (c == SEOF)
                INPUT_ERROR();
            char *s = (char *)dst;
            int *w = (int *)dst;
            do {
                if (sp(c)) {
                    UNGETC(c);
                    break;
                }
                if (flags & SUPPRESS)
                    continue;
                if (flags & MALLOC)
                    cb_add(&cb, (char)c);
                else if (flags & LONG)
                    *w++ = c;
                else
                    *s++ = (char)c;
            } while ((width <= 0 || --width > 0) && INCHAR() != SEOF);
            if (!(flags & SUPPRESS)) {
                if (flags & MALLOC) {
                    if (store_malloc(dst, &cb, flags & LONG) < 0) {
                        done = SEOF;
                        goto out;
                    }
                } else if (flags & LONG)
                    *w = 0;
                else
                    *s = 0;
                ++done;
            }
            break;
        }

        case 'x':
        case 'X':
            base = 16;
            goto number;
        case 'o':
            base = 8;
            goto number;
        case 'b':
            if (!src->c23)
                CONV_ERROR();
            base = 2;
            goto number;
        case 'u':
            base = 10;
            goto number;
        case 'd':
            base = 10;
            flags |= SIGNED;
            goto number;
        case 'i':
            base = 0;
            flags |= SIGNED;
            goto number;
        case 'p':
            base = 16;
            flags &= ~(SHORT | LONGDBL | CHAR);
            flags |= LONG | WIDE | READ_POINTER;
            goto number;

        number: {
            INCHAR();
            if (c == SEOF)
                INPUT_ERROR();
            if (c == '-' || c == '+') {
                cb_add(&cb, (char)c);
                if (width > 0)
                    --width;
                INCHAR();
            }
            if (width != 0 && c == '0') {
                if (width > 0)
                    --width;
                cb_add(&cb, (char)c);
                INCHAR();
                if (width != 0 && low(c) == 'x') {
                    if (base == 0)
                        base = 16;
                    if (base == 16) {
                        if (width > 0)
                            --width;
                        INCHAR();
                    }
                } else if (width != 0 && src->c23 && low(c) == 'b' && (base == 0 || base == 2)) {
                    base = 2;
                    if (width > 0)
                        --width;
                    INCHAR();
                } else if (base == 0)
                    base = 8;
            }
            if (base == 0)
                base = 10;
            while (c != SEOF && width != 0) {
                if (base == 16) {
                    if (!xdig(c))
                        break;
                } else if (!dig(c) || c - '0' >= base)
                    break;
                cb_add(&cb, (char)c);
                if (width > 0)
                    --width;
                INCHAR();
            }
            if (cb.n == 0 || (cb.n == 1 && (cb.p[0] == '+' || cb.p[0] == '-'))) {
                /* no number; a pointer may be "(nil)" */
                if (cb.n == 0 && (flags & READ_POINTER) && (width < 0 || width >= 5) &&
                    c == '(' && low(INCHAR()) == 'n' && low(INCHAR()) == 'i' &&
                    low(INCHAR()) == 'l' && INCHAR() == ')') {
                    cb_add(&cb, '0');
                } else {
                    UNGETC(c);
                    CONV_ERROR();
                }
            } else
                UNGETC(c);
            cb_add(&cb, 0);
            char *end;
            long long sl = 0;
            unsigned long long ul = 0;
            /* as glibc: strtol's range unless the target is wider than a long */
            if (flags & WIDE) {
                if (flags & SIGNED)
                    sl = (src->c23 ? __divm_strtoll23 : __divm_strtoll)(cb.p, &end, base);
                else
                    ul = (src->c23 ? __divm_strtoull23 : __divm_strtoull)(cb.p, &end, base);
            } else if (flags & SIGNED)
                sl = (src->c23 ? __divm_strtol23 : __divm_strtol)(cb.p, &end, base);
            else
                ul = (src->c23 ? __divm_strtoul23 : __divm_strtoul)(cb.p, &end, base);
            if (end == cb.p)
                CONV_ERROR();
            if (!(flags & SUPPRESS)) {
                void *p = arg(&args, orig, argpos);
                if (flags & SIGNED) {
                    if (flags & WIDE)
                        *(long long *)p = sl;
                    else if (flags & LONG)
                        *(long *)p = (long)sl;
                    else if (flags & SHORT)
                        *(short *)p = (short)sl;
                    else if (!(flags & CHAR))
                        *(int *)p = (int)sl;
                    else
                        *(signed char *)p = (signed char)sl;
                } else {
                    if (flags & WIDE)
                        *(unsigned long long *)p = ul;
                    else if (flags & LONG)
                        *(unsigned long *)p = (unsigned long)ul;
                    else if (flags & SHORT)
                        *(unsigned short *)p = (unsigned short)ul;
                    else if (!(flags & CHAR))
                        *(unsigned int *)p = (unsigned int)ul;
                    else
                        *(unsigned char *)p = (unsigned char)ul;
                }
                ++done;
            }
            break;
        }

        case 'e': case 'E': case 'f': case 'F':
        case 'g': case 'G': case 'a': case 'A': {
            int got_digit = 0, got_dot = 0, got_e = 0, got_sign = 0;
            INCHAR();
            if (width > 0)
                --width;
            if (c == SEOF)
                INPUT_ERROR();
            if (c == '-' || c == '+') {
                got_sign = 1;
                cb_add(&cb, (char)c);
                if (width == 0 || INCHAR() == SEOF)
                    CONV_ERROR();
                if (width > 0)
                    --width;
            }
            if (low(c) == 'n') {
                static const char rest[] = "an";
                cb_add(&cb, (char)c);
                for (int k = 0; k < 2; k++) {
                    if (width == 0 || INCHAR() == SEOF || low(c) != rest[k])
                        CONV_ERROR();
                    if (width > 0)
                        --width;
                    cb_add(&cb, (char)c);
                }
                goto scan_float;
            } else if (low(c) == 'i') {
                static const char rest[] = "nf", rest2[] = "nity";
                cb_add(&cb, (char)c);
                for (int k = 0; k < 2; k++) {
                    if (width == 0 || INCHAR() == SEOF || low(c) != rest[k])
                        CONV_ERROR();
                    if (width > 0)
                        --width;
                    cb_add(&cb, (char)c);
                }
                if (width != 0 && INCHAR() != SEOF) {
                    if (low(c) == 'i') {
                        if (width > 0)
                            --width;
                        cb_add(&cb, (char)c);
                        for (int k = 0; k < 4; k++) {
                            if (width == 0 || INCHAR() == SEOF || low(c) != rest2[k])
                                CONV_ERROR();
                            if (width > 0)
                                --width;
                            cb_add(&cb, (char)c);
                        }
                    } else
                        UNGETC(c);
                }
                goto scan_float;
            }
            int exp_char = 'e';
            if (width != 0 && c == '0') {
                cb_add(&cb, (char)c);
                INCHAR();
                if (width > 0)
                    --width;
                if (width != 0 && low(c) == 'x') {
                    cb_add(&cb, (char)c);
                    flags |= HEXA_FLOAT;
                    exp_char = 'p';
                    INCHAR();
                    if (width > 0)
                        --width;
                } else
                    got_digit = 1;
            }
            for (;;) {
                if (dig(c)) {
                    cb_add(&cb, (char)c);
                    got_digit = 1;
                } else if (!got_e && (flags & HEXA_FLOAT) && xdig(c)) {
                    cb_add(&cb, (char)c);
                    got_digit = 1;
                } else if (got_e && cb.p[cb.n - 1] == exp_char && (c == '-' || c == '+')) {
                    cb_add(&cb, (char)c);
                } else if (got_digit && !got_e && low(c) == exp_char) {
                    cb_add(&cb, (char)exp_char);
                    got_e = got_dot = 1;
                } else if (!got_dot && c == '.') {
                    cb_add(&cb, (char)c);
                    got_dot = 1;
                } else {
                    UNGETC(c);
                    break;
                }
                if (width == 0 || INCHAR() == SEOF)
                    break;
                if (width > 0)
                    --width;
            }
            if (cb.n == (size_t)got_sign || ((flags & HEXA_FLOAT) && cb.n == (size_t)(2 + got_sign)))
                CONV_ERROR();
        scan_float:
            cb_add(&cb, 0);
            {
                char *end;
                union { float f; double d; long double ld; } v;
                int kind = (flags & LONGDBL) ? 2 : (flags & LONG) ? 1 : 0;
                __divm_strtofp(cb.p, &end, kind, &v);
                if (end == cb.p)
                    CONV_ERROR();
                if (!(flags & SUPPRESS)) {
                    void *p = arg(&args, orig, argpos);
                    if (kind == 2)
                        *(long double *)p = v.ld;
                    else if (kind == 1)
                        *(double *)p = v.d;
                    else
                        *(float *)p = v.f;
                    ++done;
                }
            }
            break;
        }

        case '[': {
            void *dst = 0;
            if (!(flags & SUPPRESS))
                dst = arg(&args, orig, argpos);
            int not_in = 0;
            if (*f == '^')
                ++f, not_in = 1;
            if (width < 0)
                width = INT_MAX;
            char set[256];
            __builtin_memset(set, 0, sizeof set);
            fc = *f;
            if (fc == ']' || fc == '-') {
                set[fc] = 1;
                ++f;
            }
            while ((fc = *f++) != '\0' && fc != ']') {
                if (fc == '-' && *f != '\0' && *f != ']' && f[-2] <= *f) {
                    for (fc = f[-2]; fc < *f; ++fc)
                        set[fc] = 1;
                } else
                    set[fc] = 1;
            }
            if (fc == '\0')
                CONV_ERROR();
            long now = t.read_in;
            if (INCHAR() == SEOF)
                INPUT_ERROR();
            char *s = (char *)dst;
            int *w = (int *)dst;
            do {
                if (set[c] == not_in) {
                    UNGETC(c);
                    break;
                }
                if (flags & SUPPRESS)
                    continue;
                if (flags & MALLOC)
                    cb_add(&cb, (char)c);
                else if (flags & LONG)
                    *w++ = c;
                else
                    *s++ = (char)c;
            } while (--width > 0 && INCHAR() != SEOF);
            if (now == t.read_in)
                CONV_ERROR();
            if (!(flags & SUPPRESS)) {
                if (flags & MALLOC) {
                    if (store_malloc(dst, &cb, flags & LONG) < 0) {
                        done = SEOF;
                        goto out;
                    }
                } else if (flags & LONG)
                    *w = 0;
                else
                    *s = 0;
                ++done;
            }
            break;
        }

        default:
            CONV_ERROR();
        }
    }

    /* white space at the end of the format consumes white space */
    if (skip_space) {
        do
            INCHAR();
        while (sp(c));
        UNGETC(c);
    }
out:
    cb_free(&cb);
    va_end(args);
    va_end(orig);
    return done;
}

int vsscanf(const char *__restrict str, const char *__restrict fmt, va_list ap)
{
    struct __divm_src s = { (const unsigned char *)str, 0, 0, 0, 0 };
    return __divm_vscan(&s, fmt, ap);
}

int __isoc23_vsscanf(const char *__restrict str, const char *__restrict fmt, va_list ap)
{
    struct __divm_src s = { (const unsigned char *)str, 0, 0, 0, 1 };
    return __divm_vscan(&s, fmt, ap);
}

int __isoc23_sscanf(const char *__restrict str, const char *__restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = __isoc23_vsscanf(str, fmt, ap);
    va_end(ap);
    return r;
}

int sscanf(const char *__restrict str, const char *__restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsscanf(str, fmt, ap);
    va_end(ap);
    return r;
}

/* glibc's <stdio.h> renames these (programs preprocessed with it call them) */
int __isoc99_sscanf(const char *__restrict, const char *__restrict, ...) __attribute__((alias("sscanf")));
int __isoc99_vsscanf(const char *__restrict, const char *__restrict, va_list) __attribute__((alias("vsscanf")));
