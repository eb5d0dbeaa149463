/* The printf engine: byte-identical to glibc 2.36 in the C locale.
 * Floating point is converted exactly (big integers in 32-bit words) and
 * rounded half-to-even on the exact binary value, as glibc does in the
 * default rounding mode.  No floating-point operation is used.  Counts,
 * widths and exponents are long long, integer arguments are held as long long
 * (a long is 32 bits under LLP64, where divm's pointers stay 64). */
#include "../internal.h"

/* ---- output ---- */

static void out(struct __divm_sink *s, const char *p, size_t n)
{
    s->total += n;
    while (n) {
        if (s->len >= s->cap) {
            if (!s->flush)
                return;
            if (s->flush(s) < 0) {
                s->error = 1;
                s->flush = 0;
                s->len = s->cap;
                return;
            }
        }
        size_t k = s->cap - s->len;
        if (k > n)
            k = n;
        __builtin_memcpy(s->buf + s->len, p, k);
        s->len += k;
        p += k;
        n -= k;
    }
}

static void pad(struct __divm_sink *s, char c, long long n)
{
    char b[32];
    if (n <= 0)
        return;
    __builtin_memset(b, c, sizeof b);
    while (n > 0) {
        long long k = n < 32 ? n : 32;
        out(s, b, k);
        n -= k;
    }
}

/* ---- conversion specifications ---- */

enum { F_MINUS = 1, F_PLUS = 2, F_SPACE = 4, F_HASH = 8, F_ZERO = 16, F_QUOTE = 32, F_I18N = 64 };
enum { L_NONE, L_HH, L_H, L_L, L_LL, L_J, L_Z, L_T, L_BIG };
/* TY_LONG is a long (32 bits under LLP64), TY_LLONG a long long or intmax_t
 * (64 bits in both models), TY_SIZE a size_t or ptrdiff_t */
enum { TY_NONE, TY_INT, TY_LONG, TY_LLONG, TY_SIZE, TY_PTR, TY_DBL, TY_LDBL };

struct spec
{
    int flags, width, prec, len;
    int argpos, wpos, ppos; /* positional: 1-based, 0 = next, -1 = none */
    int overflow;           /* a number in the spec did not fit an int */
    char conv;
};

union val
{
    long long l;   /* any integer argument (the widest) */
    void *p;
    double d;
    long double ld;
};

struct args
{
    va_list ap;
    union val *vals; /* positional mode */
    int nvals;
};

/* a decimal number; -1 if it does not fit an int (glibc: EOVERFLOW) */
static int rdint(const char **f)
{
    long long v = 0;
    while (**f >= '0' && **f <= '9') {
        if (v <= INT_MAX)
            v = v * 10 + (**f - '0');
        (*f)++;
    }
    return v > INT_MAX ? -1 : (int)v;
}

/* parses the spec after '%'; *f ends after the conversion character */
static void parse(const char **fp, struct spec *sp)
{
    const char *f = *fp;
    sp->flags = 0;
    sp->width = 0;
    sp->prec = -1;
    sp->len = L_NONE;
    sp->argpos = 0;
    sp->wpos = -1;
    sp->ppos = -1;
    sp->overflow = 0;
    if (*f >= '1' && *f <= '9') {
        const char *g = f;
        int n = rdint(&g);
        if (*g == '$') {
            sp->argpos = n;
            sp->overflow |= n < 0;
            f = g + 1;
        }
    }
    for (;; f++) {
        switch (*f) {
        case '-': sp->flags |= F_MINUS; continue;
        case '+': sp->flags |= F_PLUS; continue;
        case ' ': sp->flags |= F_SPACE; continue;
        case '#': sp->flags |= F_HASH; continue;
        case '0': sp->flags |= F_ZERO; continue;
        case '\'': sp->flags |= F_QUOTE; continue;
        case 'I': sp->flags |= F_I18N; continue;
        }
        break;
    }
    if (*f == '*') {
        f++;
        sp->wpos = 0;
        if (*f >= '1' && *f <= '9') {
            const char *g = f;
            int n = rdint(&g);
            if (*g == '$')
                sp->wpos = n, f = g + 1;
            sp->overflow |= n < 0;
        }
    } else if (*f >= '0' && *f <= '9') {
        sp->width = rdint(&f);
        if (sp->width < 0)
            sp->overflow = 1, sp->width = 0;
    }
    if (*f == '.') {
        f++;
        if (*f == '*') {
            f++;
            sp->ppos = 0;
            if (*f >= '1' && *f <= '9') {
                const char *g = f;
                int n = rdint(&g);
                if (*g == '$')
                    sp->ppos = n, f = g + 1;
                sp->overflow |= n < 0;
            }
        } else {
            sp->prec = rdint(&f);
            if (sp->prec < 0)
                sp->overflow = 1;
        }
    }
    switch (*f) {
    case 'h':
        f++;
        if (*f == 'h')
            f++, sp->len = L_HH;
        else
            sp->len = L_H;
        break;
    case 'l':
        f++;
        if (*f == 'l')
            f++, sp->len = L_LL;
        else
            sp->len = L_L;
        break;
    case 'q': f++; sp->len = L_LL; break;
    case 'L': f++; sp->len = L_BIG; break;
    case 'j': f++; sp->len = L_J; break;
    case 'z': case 'Z': f++; sp->len = L_Z; break;
    case 't': f++; sp->len = L_T; break;
    }
    sp->conv = *f;
    if (*f)
        f++;
    *fp = f;
}

/* the type of the argument a conversion consumes */
static int argtype(const struct spec *sp)
{
    switch (sp->conv) {
    case 'd': case 'i': case 'o': case 'u': case 'x': case 'X':
        switch (sp->len) {
        case L_NONE: case L_HH: case L_H: return TY_INT;
        case L_L: return TY_LONG;
        case L_Z: case L_T: return TY_SIZE;
        }
        return TY_LLONG; /* ll, q, j and L (glibc reads %Ld as %lld) */
    case 'c': case 'C':
        return TY_INT;
    case 's': case 'S': case 'p': case 'n':
        return TY_PTR;
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
        return sp->len == L_BIG ? TY_LDBL : TY_DBL;
    }
    return TY_NONE;
}

/* the argument into *v: written, not returned (a union with a long double
 * comes back as one, which would carry a pointer's bytes as data and make
 * divm keep heap objects' raw order) */
static void fetch(struct args *a, int pos, int ty, union val *v)
{
    if (a->vals) {
        if (pos >= 1 && pos <= a->nvals)
            *v = a->vals[pos - 1];
        else
            v->ld = 0;
        return;
    }
    switch (ty) {
    case TY_INT: v->l = va_arg(a->ap, int); break;
    case TY_LONG: v->l = va_arg(a->ap, long); break;
    case TY_LLONG: v->l = va_arg(a->ap, long long); break;
    case TY_SIZE: v->l = (long long)va_arg(a->ap, size_t); break;
    case TY_PTR: v->p = va_arg(a->ap, void *); break;
    case TY_DBL: v->d = va_arg(a->ap, double); break;
    case TY_LDBL: v->ld = va_arg(a->ap, long double); break;
    default: v->l = 0;
    }
}

/* ---- integers ---- */

static void fmt_int(struct __divm_sink *s, const struct spec *sp, unsigned long long v, int neg,
                    int base, int upper, int is_signed, int is_ptr)
{
    char buf[24];
    const char *digs = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    int n = 0;
    int prec = sp->prec, flags = sp->flags;
    while (v) {
        buf[sizeof buf - 1 - n++] = digs[v % base];
        v /= base;
    }
    int iszero = n == 0;
    if (prec < 0)
        prec = 1;
    else
        flags &= ~F_ZERO;
    long long zeros = prec > n ? prec - n : 0;
    if (base == 8 && (flags & F_HASH) && zeros == 0 && (n == 0 || buf[sizeof buf - n] != '0'))
        zeros = 1;
    char pre[3];
    int np = 0;
    if (is_signed) {
        if (neg)
            pre[np++] = '-';
        else if (flags & F_PLUS)
            pre[np++] = '+';
        else if (flags & F_SPACE)
            pre[np++] = ' ';
    }
    if (base == 16 && ((flags & F_HASH) || is_ptr) && !iszero) {
        pre[np++] = '0';
        pre[np++] = upper ? 'X' : 'x';
    }
    long long total = np + zeros + n;
    long long w = sp->width - total;
    if (!(flags & F_MINUS)) {
        if (flags & F_ZERO)
            zeros += w > 0 ? w : 0;
        else
            pad(s, ' ', w);
    }
    out(s, pre, np);
    pad(s, '0', zeros);
    out(s, buf + sizeof buf - n, n);
    if (flags & F_MINUS)
        pad(s, ' ', w);
}

/* ---- strings ---- */

static void fmt_str(struct __divm_sink *s, const struct spec *sp, const char *str, size_t len)
{
    long long w = sp->width - (long long)len;
    if (!(sp->flags & F_MINUS))
        pad(s, ' ', w);
    out(s, str, len);
    if (sp->flags & F_MINUS)
        pad(s, ' ', w);
}

/* ---- floating point ---- */

struct fpval
{
    int neg, cls; /* cls: 0 zero, 1 finite, 2 inf, 3 nan */
    uint64_t mant;
    int exp2;     /* value = mant * 2^exp2 */
    int ld;       /* from a long double (for %a) */
    int rawexp;   /* biased exponent field (for %a) */
};

static void decompose_d(double d, struct fpval *v)
{
    union { double d; uint64_t u; } u;
    u.d = d;
    int e = (int)(u.u >> 52) & 0x7ff;
    uint64_t f = u.u & 0xfffffffffffffull;
    v->neg = (int)(u.u >> 63);
    v->ld = 0;
    v->rawexp = e;
    if (e == 0x7ff) {
        v->cls = f ? 3 : 2;
    } else if (e == 0) {
        v->cls = f ? 1 : 0;
        v->mant = f;
        v->exp2 = -1074;
    } else {
        v->cls = 1;
        v->mant = f | 1ull << 52;
        v->exp2 = e - 1075;
    }
}

static void decompose_ld(long double x, struct fpval *v)
{
    union { long double v; struct { uint64_t m; uint16_t se; } p; } u;
    u.v = x;
    int e = u.p.se & 0x7fff;
    uint64_t m = u.p.m;
    v->neg = u.p.se >> 15;
    v->ld = 1;
    v->rawexp = e;
    v->mant = m;
    if (e == 0x7fff) {
        v->cls = (m << 1) ? 3 : 2;
    } else if (e == 0) {
        v->cls = m ? 1 : 0;
        v->exp2 = -16445;
    } else {
        v->cls = m ? 1 : 0;
        v->exp2 = e - 16383 - 63;
    }
}

/* The exact decimal expansion of mant*2^exp2: the integer part as base-1e9
 * words (little-endian), the fraction as a binary fraction in 32-bit words
 * (big-endian, fw[0] most significant) from which 9 digits at a time are
 * taken by multiplying by 1e9. */
struct expand
{
    uint32_t *iw;
    int ni;        /* integer words */
    int idig;      /* integer digits in all */
    int ipos;      /* integer digits already delivered */
    uint32_t *fw;
    int flo, fhi;  /* nonzero span of fw; flo > fhi when the fraction is 0 */
    char pend[9];  /* digits taken but not yet delivered */
    int npend, ppos;
};

static const uint32_t p10[10] = { 1, 10, 100, 1000, 10000, 100000, 1000000, 10000000,
                                  100000000, 1000000000 };

static int digits9(uint32_t x)
{
    int n = 1;
    while (n < 9 && x >= p10[n])
        n++;
    return n;
}

/* words needed for the expansion of a value with this exponent */
static void expand_size(int exp2, int *niw, int *nfw)
{
    if (exp2 >= 0) {
        *niw = (64 + exp2) / 29 + 3;
        *nfw = 0;
    } else {
        *niw = 3;
        *nfw = (-exp2 + 31) / 32 + 1;
    }
}

static void expand_init(struct expand *x, uint64_t mant, int exp2)
{
    uint64_t ipart;
    x->ni = 0;
    x->flo = 1;
    x->fhi = 0;
    x->npend = x->ppos = 0;
    x->ipos = 0;
    if (exp2 >= 0) {
        ipart = mant;
    } else {
        int k = -exp2;
        ipart = k < 64 ? mant >> k : 0;
        uint64_t fb = k < 64 ? mant & ((1ull << k) - 1) : mant;
        if (fb) {
            /* F = fb / 2^k placed into nw big-endian words */
            int nw = (k + 31) / 32;
            int sh = nw * 32 - k; /* fb << sh is aligned to the word grid */
            for (int i = 0; i < nw; i++)
                x->fw[i] = 0;
            /* fb has up to 64 bits; (fb << sh) spans up to 3 low words */
            uint32_t w0 = (uint32_t)(fb << sh);
            uint32_t w1 = (uint32_t)((fb << sh) >> 32);
            uint32_t w2 = sh ? (uint32_t)(fb >> (64 - sh)) : 0;
            x->fw[nw - 1] = w0;
            if (nw >= 2)
                x->fw[nw - 2] = w1;
            if (nw >= 3)
                x->fw[nw - 3] = w2;
            x->flo = 0;
            x->fhi = nw - 1;
            while (!x->fw[x->flo])
                x->flo++;
            while (!x->fw[x->fhi])
                x->fhi--;
        }
    }
    /* integer part to base 1e9 */
    while (ipart) {
        x->iw[x->ni++] = (uint32_t)(ipart % 1000000000u);
        ipart /= 1000000000u;
    }
    if (exp2 > 0 && x->ni) {
        int e = exp2;
        while (e > 0) {
            int sh = e < 29 ? e : 29;
            uint64_t c = 0;
            for (int i = 0; i < x->ni; i++) {
                uint64_t t = ((uint64_t)x->iw[i] << sh) + c;
                x->iw[i] = (uint32_t)(t % 1000000000u);
                c = t / 1000000000u;
            }
            while (c) {
                x->iw[x->ni++] = (uint32_t)(c % 1000000000u);
                c /= 1000000000u;
            }
            e -= sh;
        }
    }
    x->idig = x->ni ? (x->ni - 1) * 9 + digits9(x->iw[x->ni - 1]) : 0;
}

static int frac_zero(const struct expand *x)
{
    return x->flo > x->fhi;
}

/* next 9 fraction digits as a number */
static uint32_t frac_next9(struct expand *x)
{
    if (frac_zero(x))
        return 0;
    uint64_t c = 0;
    for (int i = x->fhi; i >= x->flo; i--) {
        uint64_t t = (uint64_t)x->fw[i] * 1000000000u + c;
        x->fw[i] = (uint32_t)t;
        c = t >> 32;
    }
    uint32_t r = 0;
    if (x->flo == 0)
        r = (uint32_t)c;
    else if (c)
        x->fw[--x->flo] = (uint32_t)c;
    while (x->flo <= x->fhi && !x->fw[x->fhi])
        x->fhi--;
    while (x->flo <= x->fhi && !x->fw[x->flo])
        x->flo++;
    return r;
}

/* delivers the next digit of the expansion; returns -1 when only zeros are left */
static int next_digit(struct expand *x)
{
    if (x->ipos < x->idig) {
        int i = x->idig - 1 - x->ipos++; /* digit index from the bottom */
        return (int)(x->iw[i / 9] / p10[i % 9] % 10);
    }
    if (x->ppos < x->npend)
        return x->pend[x->ppos++];
    if (frac_zero(x))
        return -1;
    uint32_t c = frac_next9(x);
    for (int i = 8; i >= 0; i--)
        x->pend[i] = (char)(c % 10), c /= 10;
    x->npend = 9;
    x->ppos = 1;
    return x->pend[0];
}

static int rest_nonzero(struct expand *x)
{
    for (int i = x->ipos; i < x->idig; i++) {
        int j = x->idig - 1 - i;
        if (x->iw[j / 9] / p10[j % 9] % 10)
            return 1;
    }
    for (int i = x->ppos; i < x->npend; i++)
        if (x->pend[i])
            return 1;
    return !frac_zero(x);
}

/* Rounded significant digits of a finite nonzero value: mode 'e' keeps prec+1
 * digits, mode 'f' keeps the digits down to 10^-prec.  On return d[0..*nd)
 * are the digits (trailing zeros dropped, *nd == 0 if the value rounded to
 * zero) and value ~ 0.d * 10^*e.  d must hold dcap digits, enough for every
 * nonzero digit of the expansion. */
static void digits(uint64_t mant, int exp2, int mode, long long prec, char *d, long long dcap,
                   long long *nd, long long *e, uint32_t *iw, uint32_t *fw, int *carried)
{
    struct expand x;
    x.iw = iw;
    x.fw = fw;
    long long E;
    int bl = 64 - __builtin_clzll(mant);
    if (mode == 'f' && (long long)bl + exp2 <= -4 * (prec + 1)) {
        /* value < 2^-4(prec+1) < 10^-(prec+1): rounds to zero */
        *nd = 0;
        *e = 0;
        return;
    }
    expand_init(&x, mant, exp2);
    int first;
    if (x.idig) {
        E = x.idig;
        first = next_digit(&x);
    } else {
        /* skip leading zeros of the fraction, 9 at a time */
        E = 0;
        uint32_t c;
        for (;;) {
            c = frac_next9(&x);
            if (c)
                break;
            E -= 9;
            if (mode == 'f' && -E > prec + 1) {
                *nd = 0;
                *e = 0;
                return;
            }
        }
        int lz = 9 - digits9(c);
        E -= lz;
        for (int i = 8; i >= 0; i--)
            x.pend[i] = (char)(c % 10), c /= 10;
        x.npend = 9;
        x.ppos = lz;
        first = next_digit(&x);
    }
    long long N = mode == 'e' ? prec + 1 : E + prec; /* digits to keep */
    if (N < 0) {
        *nd = 0;
        *e = 0;
        return;
    }
    /* collect N digits and the rounding digit */
    long long n = 0;
    int dg = first, r = 0;
    while (n < N && dg >= 0) {
        if (n < dcap)
            d[n] = (char)dg;
        n++;
        dg = next_digit(&x);
    }
    if (n == N && dg >= 0)
        r = dg;
    int sticky = n == N && dg >= 0 ? rest_nonzero(&x) : 0;
    long long kept = n < dcap ? n : dcap; /* digits stored; beyond are zeros up to N */
    if (r > 5 || (r == 5 && (sticky || (N > 0 && kept == N && (d[N - 1] & 1))))) {
        long long i = kept - 1;
        if (kept < N) {
            /* cannot happen: a nonzero rounding digit means all N digits exist */
        }
        while (i >= 0 && d[i] == 9)
            d[i--] = 0;
        if (i >= 0)
            d[i]++;
        else {
            d[0] = 1;
            kept = 1;
            E++;
            *carried = 1;
        }
    }
    while (kept > 0 && d[kept - 1] == 0)
        kept--;
    for (long long i = 0; i < kept; i++)
        d[i] += '0';
    *nd = kept;
    *e = kept ? E : 0;
}

/* emits digits [from, from+cnt) of d (zeros outside 0..nd-1) */
static void emit(struct __divm_sink *s, const char *d, long long nd, long long from, long long cnt)
{
    char b[64];
    int k = 0;
    for (long long i = from; i < from + cnt; i++) {
        b[k++] = i >= 0 && i < nd ? d[i] : '0';
        if (k == sizeof b) {
            out(s, b, k);
            k = 0;
        }
    }
    out(s, b, k);
}

static void fmt_special(struct __divm_sink *s, const struct spec *sp, const struct fpval *v, int upper)
{
    char b[4];
    int n = 0;
    if (v->neg)
        b[n++] = '-';
    else if (sp->flags & F_PLUS)
        b[n++] = '+';
    else if (sp->flags & F_SPACE)
        b[n++] = ' ';
    const char *t = v->cls == 2 ? (upper ? "INF" : "inf") : (upper ? "NAN" : "nan");
    long long w = sp->width - (n + 3);
    if (!(sp->flags & F_MINUS))
        pad(s, ' ', w);
    out(s, b, n);
    out(s, t, 3);
    if (sp->flags & F_MINUS)
        pad(s, ' ', w);
}

static void fmt_hex(struct __divm_sink *s, const struct spec *sp, const struct fpval *v, int upper)
{
    const char *hx = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    char num[16];
    int nn = 0;
    int leading;
    long long exponent;
    int expneg = 0;
    int zero = v->cls == 0;
    if (!v->ld) {
        uint64_t f = v->mant & 0xfffffffffffffull;
        leading = v->rawexp == 0 ? 0 : 1;
        for (int i = 12; i >= 0; i--)
            num[nn++] = hx[(f >> (4 * i)) & 15];
        if (v->rawexp == 0) {
            exponent = zero ? 0 : 1022;
            expneg = !zero;
        } else if (v->rawexp >= 1023)
            exponent = v->rawexp - 1023;
        else
            exponent = 1023 - v->rawexp, expneg = 1;
    } else {
        uint64_t m = v->mant;
        leading = (int)(m >> 60);
        for (int i = 14; i >= 0; i--)
            num[nn++] = hx[(m >> (4 * i)) & 15];
        if (v->rawexp == 0) {
            exponent = zero ? 0 : 16385;
            expneg = !zero;
        } else if (v->rawexp >= 16386)
            exponent = v->rawexp - 16386;
        else
            exponent = 16386 - v->rawexp, expneg = 1;
    }
    char lead = hx[leading];
    long long prec = sp->prec;
    if (!zero) {
        while (nn > 0 && num[nn - 1] == '0')
            nn--;
        if (prec >= 0 && prec < nn) {
            int last = prec > 0 ? num[prec - 1] : lead;
            int next = num[prec];
            int lv = last <= '9' ? last - '0' : (last | 32) - 'a' + 10;
            int nv = next <= '9' ? next - '0' : (next | 32) - 'a' + 10;
            int more = (nv & 7) != 0 || prec + 1 < nn;
            if (nv >= 8 && (more || (lv & 1))) {
                long long i = prec;
                while (--i >= 0) {
                    char ch = num[i];
                    if (ch == '9') {
                        num[i] = upper ? 'A' : 'a';
                        break;
                    } else if ((ch | 32) < 'f') {
                        num[i]++;
                        break;
                    } else
                        num[i] = '0';
                }
                if (i < 0) {
                    if (lead == '9')
                        lead = upper ? 'A' : 'a';
                    else if ((lead | 32) < 'f')
                        lead++;
                    else {
                        lead = '1';
                        if (expneg) {
                            exponent -= 4;
                            if (exponent <= 0)
                                exponent = -exponent, expneg = 0;
                        } else
                            exponent += 4;
                    }
                }
            }
        }
        if (prec < 0)
            prec = nn;
    } else {
        if (prec < 0)
            prec = 0;
        nn = 0;
    }
    char eb[12];
    int ne = 0;
    do
        eb[sizeof eb - 1 - ne++] = (char)('0' + exponent % 10);
    while (exponent /= 10);
    char sign = 0;
    if (v->neg)
        sign = '-';
    else if (sp->flags & F_PLUS)
        sign = '+';
    else if (sp->flags & F_SPACE)
        sign = ' ';
    int dot = prec > 0 || (sp->flags & F_HASH);
    long long w = sp->width - ((sign != 0) + 2 + 1 + prec + 1 + 1 + ne + dot);
    int left = sp->flags & F_MINUS, zpad = (sp->flags & F_ZERO) && !left;
    if (!left && !zpad)
        pad(s, ' ', w);
    if (sign)
        out(s, &sign, 1);
    out(s, upper ? "0X" : "0x", 2);
    if (zpad)
        pad(s, '0', w);
    out(s, &lead, 1);
    if (dot)
        out(s, ".", 1);
    if (prec > 0) {
        out(s, num, prec < nn ? prec : nn);
        pad(s, '0', prec - nn);
    }
    out(s, upper ? "P" : "p", 1);
    out(s, expneg ? "-" : "+", 1);
    out(s, eb + sizeof eb - ne, ne);
    if (left)
        pad(s, ' ', w);
}

static int fmt_float(struct __divm_sink *s, const struct spec *sp, struct fpval *v)
{
    int c = sp->conv, upper = c == 'F' || c == 'E' || c == 'G' || c == 'A';
    c |= 32;
    if (v->cls >= 2) {
        fmt_special(s, sp, v, upper);
        return 0;
    }
    if (c == 'a') {
        fmt_hex(s, sp, v, upper);
        return 0;
    }
    long long prec = sp->prec < 0 ? 6 : sp->prec;
    int flags = sp->flags;
    int gmode = c == 'g';
    long long P = 0;
    if (gmode) {
        P = prec == 0 ? 1 : prec;
        prec = P - 1;
    }
    int mode = c == 'f' ? 'f' : 'e';

    char dstack[1120];
    uint32_t wstack[2 * 80];
    char *d = dstack;
    uint32_t *iw = wstack, *fw = wstack + 80;
    void *heap = 0;
    long long nd = 0, E = 0;
    int carried = 0;
    if (v->cls == 1) {
        int niw, nfw;
        expand_size(v->exp2, &niw, &nfw);
        long long dcap = v->ld ? 16600 : (long long)sizeof dstack;
        long long need = mode == 'e' ? prec + 2 : 24 + (v->exp2 > 0 ? ((long long)v->exp2 * 30103) / 100000 : 0) + prec;
        if (need < dcap)
            dcap = need;
        if (dcap > (long long)sizeof dstack || niw > 80 || nfw > 80) {
            heap = __divm_ialloc(dcap + (size_t)(niw + nfw) * 4);
            iw = heap;
            fw = iw + niw;
            d = (char *)(fw + nfw);
        }
        digits(v->mant, v->exp2, mode, prec, d, dcap, &nd, &E, iw, fw, &carried);
    }
    /* value ~ 0.d[0..nd) * 10^E; nd == 0 means zero */
    int style = mode;
    if (gmode) {
        long long X = nd ? E - 1 : 0;
        if (P > X && X >= -4) {
            style = 'f';
            prec = P - 1 - X;
        } else
            style = 'e';
        if ((flags & F_HASH) && carried && X == P) {
            /* glibc picks %f on the unrounded exponent P-1; when rounding
             * then carries into %e it strips the zeros down to %f's minimum */
            prec = 0;
        } else if (!(flags & F_HASH)) {
            /* drop trailing zeros: only nd significant digits */
            long long sig = style == 'e' ? nd - 1 : nd - E;
            if (sig < 0)
                sig = 0;
            if (sig < prec)
                prec = sig;
        }
    }
    char sign = 0;
    if (v->neg)
        sign = '-';
    else if (flags & F_PLUS)
        sign = '+';
    else if (flags & F_SPACE)
        sign = ' ';
    int dot = prec > 0 || (flags & F_HASH);
    long long len = (sign != 0) + dot + prec;
    long long ilen;
    char eb[16];
    int ne = 0;
    if (style == 'f') {
        ilen = nd && E > 0 ? E : 1;
        len += ilen;
    } else {
        long long X = nd ? E - 1 : 0;
        int xneg = X < 0;
        unsigned long ax = xneg ? -X : X;
        do
            eb[sizeof eb - 1 - ne++] = (char)('0' + ax % 10);
        while (ax /= 10);
        if (ne < 2)
            eb[sizeof eb - 1 - ne++] = '0';
        eb[sizeof eb - 1 - ne++] = xneg ? '-' : '+';
        eb[sizeof eb - 1 - ne++] = upper ? 'E' : 'e';
        ilen = 1;
        len += 1 + ne;
    }
    long long w = sp->width - len;
    int left = flags & F_MINUS, zpad = (flags & F_ZERO) && !left;
    if (!left && !zpad)
        pad(s, ' ', w);
    if (sign)
        out(s, &sign, 1);
    if (zpad)
        pad(s, '0', w);
    if (style == 'f') {
        if (nd && E > 0)
            emit(s, d, nd, 0, E);
        else
            out(s, "0", 1);
        if (dot)
            out(s, ".", 1);
        /* fraction digit j (0-based) is expansion digit E + j */
        if (nd)
            emit(s, d, nd, E, prec);
        else
            pad(s, '0', prec);
    } else {
        if (nd)
            emit(s, d, nd, 0, 1);
        else
            out(s, "0", 1);
        if (dot)
            out(s, ".", 1);
        if (nd)
            emit(s, d, nd, 1, prec);
        else
            pad(s, '0', prec);
        out(s, eb + sizeof eb - ne, ne);
    }
    if (left)
        pad(s, ' ', w);
    if (heap)
        __divm_ifree(heap);
    return 0;
}

/* ---- the engine ---- */

static int conv_one(struct __divm_sink *s, struct spec *sp, struct args *a, int saved_errno)
{
    int c = sp->conv;
    union val v;
    switch (c) {
    case 'd':
    case 'i': {
        fetch(a, sp->argpos, argtype(sp), &v);
        long long x = v.l;
        switch (sp->len) {
        case L_HH: x = (signed char)x; break;
        case L_H: x = (short)x; break;
        case L_NONE: x = (int)x; break;
        case L_Z: case L_T: x = (ptrdiff_t)x; break;
        }
        unsigned long long u = x < 0 ? 0 - (unsigned long long)x : (unsigned long long)x;
        fmt_int(s, sp, u, x < 0, 10, 0, 1, 0);
        return 0;
    }
    case 'o': case 'u': case 'x': case 'X': {
        fetch(a, sp->argpos, argtype(sp), &v);
        unsigned long long u = (unsigned long long)v.l;
        switch (sp->len) {
        case L_HH: u = (unsigned char)u; break;
        case L_H: u = (unsigned short)u; break;
        case L_NONE: u = (unsigned int)u; break;
        case L_L: u = (unsigned long)u; break; /* (fetched sign-extended) */
        case L_Z: case L_T: u = (size_t)u; break;
        }
        fmt_int(s, sp, u, 0, c == 'o' ? 8 : c == 'u' ? 10 : 16, c == 'X', 0, 0);
        return 0;
    }
    case 'p': {
        fetch(a, sp->argpos, TY_PTR, &v);
        if (!v.p) {
            struct spec t = *sp;
            if (t.prec < 5)
                t.prec = 5;
            fmt_str(s, &t, "(nil)", 5);
            return 0;
        }
        /* glibc formats it as %#lx keeping the + and space flags */
        fmt_int(s, sp, (uintptr_t)v.p, 0, 16, 0, 1, 1); /* (not through long: 32 bits under LLP64) */
        return 0;
    }
    case 'c':
    case 'C':
        fetch(a, sp->argpos, TY_INT, &v);
        if (c == 'C' || sp->len == L_L) {
            unsigned int wc = (unsigned int)v.l;
            if (wc >= 0x80) {
                __divm_errno = EILSEQ;
                return -1;
            }
        }
        {
            char ch = (char)v.l;
            fmt_str(s, sp, &ch, 1);
        }
        return 0;
    case 's':
    case 'S':
    case 'm': {
        const char *str;
        size_t len;
        if (c == 'm') {
            str = strerror(saved_errno);
            len = sp->prec >= 0 ? __divm_strnlen(str, sp->prec) : __divm_strlen(str);
            fmt_str(s, sp, str, len);
            return 0;
        }
        fetch(a, sp->argpos, TY_PTR, &v);
        if (c == 'S' || sp->len == L_L) {
            /* wide string in the C locale: ASCII only */
            const int *ws = v.p;
            if (!ws) {
                str = sp->prec < 0 || sp->prec >= 6 ? "(null)" : "";
                fmt_str(s, sp, str, __divm_strlen(str));
                return 0;
            }
            size_t n = 0;
            while ((sp->prec < 0 || (long long)n < sp->prec) && ws[n]) {
                if ((unsigned)ws[n] >= 0x80) {
                    __divm_errno = EILSEQ;
                    return -1;
                }
                n++;
            }
            long long w = sp->width - (long long)n;
            if (!(sp->flags & F_MINUS))
                pad(s, ' ', w);
            for (size_t i = 0; i < n; i++) {
                char ch = (char)ws[i];
                out(s, &ch, 1);
            }
            if (sp->flags & F_MINUS)
                pad(s, ' ', w);
            return 0;
        }
        str = v.p;
        if (!str)
            str = sp->prec < 0 || sp->prec >= 6 ? "(null)" : "";
        len = sp->prec >= 0 ? __divm_strnlen(str, sp->prec) : __divm_strlen(str);
        fmt_str(s, sp, str, len);
        return 0;
    }
    case 'n': {
        fetch(a, sp->argpos, TY_PTR, &v);
        size_t t = s->total;
        switch (sp->len) {
        case L_HH: *(signed char *)v.p = (signed char)t; break;
        case L_H: *(short *)v.p = (short)t; break;
        case L_NONE: *(int *)v.p = (int)t; break;
        case L_L: *(long *)v.p = (long)t; break;
        case L_Z: case L_T: *(ptrdiff_t *)v.p = (ptrdiff_t)t; break;
        default: *(long long *)v.p = (long long)t; break; /* ll, q, j (64 bits) */
        }
        return 0;
    }
    case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A': {
        struct fpval fv;
        if (sp->len == L_BIG) {
            fetch(a, sp->argpos, TY_LDBL, &v);
            decompose_ld(v.ld, &fv);
        } else {
            fetch(a, sp->argpos, TY_DBL, &v);
            decompose_d(v.d, &fv);
        }
        return fmt_float(s, sp, &fv);
    }
    case '%':
        out(s, "%", 1);
        return 0;
    default: {
        /* unknown: print the spec in canonical form, as glibc does */
        char b[40];
        int n = 0;
        b[n++] = '%';
        if (sp->flags & F_HASH) b[n++] = '#';
        if (sp->flags & F_QUOTE) b[n++] = '\'';
        if (sp->flags & F_PLUS) b[n++] = '+';
        else if (sp->flags & F_SPACE) b[n++] = ' ';
        if (sp->flags & F_MINUS) b[n++] = '-';
        if ((sp->flags & F_ZERO) && !(sp->flags & F_MINUS)) b[n++] = '0';
        if (sp->flags & F_I18N) b[n++] = 'I';
        out(s, b, n);
        n = 0;
        if (sp->width) {
            char t[12];
            int k = 0;
            unsigned w = sp->width;
            do t[k++] = (char)('0' + w % 10); while (w /= 10);
            while (k) b[n++] = t[--k];
        }
        if (sp->prec >= 0) {
            char t[12];
            int k = 0;
            unsigned p = sp->prec;
            b[n++] = '.';
            do t[k++] = (char)('0' + p % 10); while (p /= 10);
            while (k) b[n++] = t[--k];
        }
        b[n++] = (char)c;
        out(s, b, n);
        return 0;
    }
    }
}

/* widths and precisions given by '*' */
static void star_args(struct spec *sp, struct args *a)
{
    if (sp->wpos >= 0) {
        union val v;
        fetch(a, sp->wpos, TY_INT, &v);
        int w = (int)v.l;
        if (w < 0) {
            sp->flags |= F_MINUS;
            w = w == INT_MIN ? INT_MAX : -w;
        }
        sp->width = w;
    }
    if (sp->ppos >= 0) {
        union val v;
        fetch(a, sp->ppos, TY_INT, &v);
        int p = (int)v.l;
        sp->prec = p < 0 ? -1 : p;
    }
}

static int positional(const char *fmt)
{
    for (const char *f = fmt; *f; f++) {
        if (*f != '%')
            continue;
        f++;
        if (*f == '%')
            continue;
        struct spec sp;
        parse(&f, &sp);
        f--;
        if (sp.argpos > 0)
            return 1;
        if (!*f)
            break;
    }
    return 0;
}

/* positional mode: learn every argument's type, then take them in order */
static int load_positional(const char *fmt, struct args *a, union val *small, int nsmall)
{
    unsigned char tys[256];
    int max = 0, next = 1;
    __builtin_memset(tys, 0, sizeof tys);
    for (const char *f = fmt; *f; f++) {
        if (*f != '%')
            continue;
        f++;
        if (*f == '%')
            continue;
        struct spec sp;
        parse(&f, &sp);
        f--;
        if (sp.wpos >= 0) {
            int p = sp.wpos ? sp.wpos : next++;
            if (p <= 255) tys[p] = TY_INT;
            if (p > max) max = p;
        }
        if (sp.ppos >= 0) {
            int p = sp.ppos ? sp.ppos : next++;
            if (p <= 255) tys[p] = TY_INT;
            if (p > max) max = p;
        }
        int t = argtype(&sp);
        if (t != TY_NONE) {
            int p = sp.argpos ? sp.argpos : next++;
            if (p <= 255) tys[p] = (unsigned char)t;
            if (p > max) max = p;
        }
        if (!*f)
            break;
    }
    if (max > 255)
        max = 255;
    union val *vals = max <= nsmall ? small : __divm_ialloc(sizeof(union val) * max);
    for (int i = 1; i <= max; i++) {
        union val v;
        v.ld = 0;
        switch (tys[i]) {
        case TY_LONG: v.l = va_arg(a->ap, long); break;
        case TY_LLONG: v.l = va_arg(a->ap, long long); break;
        case TY_SIZE: v.l = (long long)va_arg(a->ap, size_t); break;
        case TY_PTR: v.p = va_arg(a->ap, void *); break;
        case TY_DBL: v.d = va_arg(a->ap, double); break;
        case TY_LDBL: v.ld = va_arg(a->ap, long double); break;
        default: v.l = va_arg(a->ap, int); break;
        }
        vals[i - 1] = v;
    }
    a->vals = vals;
    a->nvals = max;
    return max > nsmall;
}

int __divm_vformat(struct __divm_sink *s, const char *fmt, va_list ap)
{
    int saved_errno = __divm_errno;
    struct args a;
    union val small[16];
    int heapvals = 0, ret = 0;
    va_copy(a.ap, ap);
    a.vals = 0;
    a.nvals = 0;
    if (positional(fmt))
        heapvals = load_positional(fmt, &a, small, 16);
    int next = 1;
    const char *f = fmt;
    while (*f) {
        const char *p = f;
        while (*p && *p != '%')
            p++;
        if (p != f)
            out(s, f, p - f);
        if (!*p)
            break;
        f = p + 1;
        struct spec sp;
        parse(&f, &sp);
        if (sp.overflow) {
            __divm_errno = EOVERFLOW;
            ret = -1;
            break;
        }
        if (!sp.conv) {
            __divm_errno = EINVAL;
            ret = -1;
            break;
        }
        if (a.vals) {
            /* sequential specs in positional mode take the next position */
            if (sp.wpos == 0) sp.wpos = next++;
            if (sp.ppos == 0) sp.ppos = next++;
            if (sp.argpos == 0 && argtype(&sp) != TY_NONE) sp.argpos = next++;
        }
        star_args(&sp, &a);
        if (conv_one(s, &sp, &a, saved_errno) < 0) {
            ret = -1;
            break;
        }
        if (s->error)
            break;
    }
    va_end(a.ap);
    if (heapvals)
        __divm_ifree(a.vals);
    if (s->error)
        return -1;
    if (ret < 0)
        return -1;
    if (s->total > INT_MAX) {
        __divm_errno = EOVERFLOW;
        return -1;
    }
    return (int)s->total;
}

/* ---- string sinks ---- */

int vsnprintf(char *__restrict buf, size_t n, const char *__restrict fmt, va_list ap)
{
    struct __divm_sink s = { buf, n ? n - 1 : 0, 0, 0, 0, 0, 0 };
    int r = __divm_vformat(&s, fmt, ap);
    if (n)
        buf[s.len] = 0;
    return r;
}

int snprintf(char *__restrict buf, size_t n, const char *__restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsnprintf(buf, n, fmt, ap);
    va_end(ap);
    return r;
}

int vsprintf(char *__restrict buf, const char *__restrict fmt, va_list ap)
{
    struct __divm_sink s = { buf, (size_t)INT_MAX + 1, 0, 0, 0, 0, 0 };
    int r = __divm_vformat(&s, fmt, ap);
    buf[s.len] = 0;
    return r;
}

int sprintf(char *__restrict buf, const char *__restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsprintf(buf, fmt, ap);
    va_end(ap);
    return r;
}

/* measures first, then makes one allocation (the only one that may fail) */
int vasprintf(char **strp, const char *__restrict fmt, va_list ap)
{
    va_list aq;
    va_copy(aq, ap);
    struct __divm_sink s = { 0, 0, 0, 0, 0, 0, 0 };
    int n = __divm_vformat(&s, fmt, aq);
    va_end(aq);
    *strp = 0;
    if (n < 0)
        return -1;
    char *b = malloc((size_t)n + 1);
    if (!b)
        return -1;
    struct __divm_sink t = { b, (size_t)n, 0, 0, 0, 0, 0 };
    n = __divm_vformat(&t, fmt, ap);
    b[t.len] = 0;
    *strp = b;
    return n;
}

int asprintf(char **strp, const char *__restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vasprintf(strp, fmt, ap);
    va_end(ap);
    return r;
}
