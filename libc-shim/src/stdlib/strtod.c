/* strtod/strtof/strtold: correctly rounded (round-half-even) decimal and
 * hexadecimal conversion with exact big-integer arithmetic, glibc's
 * rules for what is consumed, errno = ERANGE on overflow and on inexact
 * tiny results (tininess after rounding, as on x86).  Digit counts and
 * exponents are long long: a long is 32 bits under LLP64. */
#include "../internal.h"

typedef uint32_t word;

struct fmt { int p, emin, emax, maxdig; };
static const struct fmt fmts[3] = {
    { 24, -126, 127, 120 },          /* float */
    { 53, -1022, 1023, 800 },        /* double */
    { 64, -16382, 16383, 11600 },    /* long double (x86 80-bit) */
};

union ld80 { long double v; struct { uint64_t m; uint16_t se; } p; };

static void store(int kind, void *out, int neg, uint64_t m, int bexp)
{
    /* bexp: biased exponent field; m: mantissa bits as stored */
    if (kind == 0) {
        union { float f; uint32_t u; } u;
        u.u = ((uint32_t)neg << 31) | ((uint32_t)bexp << 23) | (uint32_t)(m & 0x7fffff);
        *(float *)out = u.f;
    } else if (kind == 1) {
        union { double d; uint64_t u; } u;
        u.u = ((uint64_t)neg << 63) | ((uint64_t)bexp << 52) | (m & 0xfffffffffffffull);
        *(double *)out = u.d;
    } else {
        union ld80 u;
        u.v = 0;
        u.p.m = m;
        u.p.se = (uint16_t)((neg << 15) | bexp);
        *(long double *)out = u.v;
    }
}

static void store_inf(int kind, void *out, int neg)
{
    if (kind == 2)
        store(kind, out, neg, 1ull << 63, 0x7fff);
    else
        store(kind, out, neg, 0, kind ? 0x7ff : 0xff);
}

/* m holds P significant bits (top bit set), r the next bit, s whether any
 * further bit is set; e is the binary exponent of m's lowest bit. */
static void pack(int kind, void *out, int neg, uint64_t m, int r, int s, long long e)
{
    const struct fmt *f = &fmts[kind];
    int P = f->p;
    long long lead = e + P - 1;
    uint64_t top = 1ull << (P - 1);
    uint64_t full = P == 64 ? ~0ull : (1ull << P) - 1;
    if (lead > f->emax) {
        __divm_errno = ERANGE;
        store_inf(kind, out, neg);
        return;
    }
    if (lead < f->emin) {
        /* subnormal: the lowest representable bit has weight emin-P+1 */
        long long d = f->emin - lead;
        int tiny = 1;
        if (lead == f->emin - 1 && m == full && r) /* rounds up to the minimum normal */
            tiny = 0;
        uint64_t nm;
        int nr, ns = s || r;
        if (d >= 66) {
            nm = 0, nr = 0, ns = ns || m;
        } else {
            nm = d >= 64 ? 0 : m >> d;
            nr = d - 1 >= 64 ? 0 : (int)((m >> (d - 1)) & 1);
            if (d - 1 > 0)
                ns = ns || (d - 1 >= 64 ? m : m & ((1ull << (d - 1)) - 1)) != 0;
        }
        if (nr && (ns || (nm & 1)))
            nm++;
        if ((nr || ns) && tiny)
            __divm_errno = ERANGE;
        /* nm == top means it rounded up to the minimum normal number */
        if (kind == 2)
            store(kind, out, neg, nm, nm >= top ? 1 : 0);
        else
            store(kind, out, neg, nm, nm >= top ? 1 : 0);
        return;
    }
    if (r && (s || (m & 1))) {
        m++;
        if (m > full || m == 0) { /* carried out of P bits */
            m = top;
            lead++;
            if (lead > f->emax) {
                __divm_errno = ERANGE;
                store_inf(kind, out, neg);
                return;
            }
        }
    }
    store(kind, out, neg, m, (int)(lead - f->emin + 1));
}

/* ---- little-endian big integers ---- */

static int blen(const word *a, int n)
{
    while (n && !a[n - 1])
        n--;
    return n;
}

static int bitlen(const word *a, int n)
{
    n = blen(a, n);
    if (!n)
        return 0;
    return (n - 1) * 32 + (32 - __builtin_clz(a[n - 1]));
}

static int mul_small(word *a, int n, word mul, word add)
{
    uint64_t c = add;
    for (int i = 0; i < n; i++) {
        c += (uint64_t)a[i] * mul;
        a[i] = (word)c;
        c >>= 32;
    }
    if (c)
        a[n++] = (word)c;
    return n;
}

static int shl(word *a, int n, int s)
{
    int ws = s / 32, bs = s % 32;
    if (!n)
        return 0;
    if (bs) {
        a[n] = 0;
        for (int i = n; i > 0; i--)
            a[i] = (a[i] << bs) | (a[i - 1] >> (32 - bs));
        a[0] <<= bs;
        n++;
    }
    if (ws) {
        for (int i = n - 1; i >= 0; i--)
            a[i + ws] = a[i];
        for (int i = 0; i < ws; i++)
            a[i] = 0;
        n += ws;
    }
    return blen(a, n);
}

static int cmp(const word *a, int na, const word *b, int nb)
{
    if (na != nb)
        return na < nb ? -1 : 1;
    for (int i = na - 1; i >= 0; i--)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

static int sub(word *a, int na, const word *b, int nb)
{
    int64_t c = 0;
    for (int i = 0; i < na; i++) {
        c += (int64_t)a[i] - (i < nb ? b[i] : 0);
        a[i] = (word)c;
        c = c < 0 ? -1 : 0;
    }
    return blen(a, na);
}

static int getbit(const word *a, long long i)
{
    return (a[i / 32] >> (i % 32)) & 1;
}

static int pow5(word *a, int n, long long k)
{
    for (; k >= 13; k -= 13)
        n = mul_small(a, n, 1220703125u, 0);
    static const word p5[13] = { 1, 5, 25, 125, 625, 3125, 15625, 78125, 390625,
                                 1953125, 9765625, 48828125, 244140625 };
    if (k)
        n = mul_small(a, n, p5[k], 0);
    return n;
}

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = lower(c);
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

static int ncase(const char *s, const char *w)
{
    for (; *w; s++, w++)
        if (lower((unsigned char)*s) != *w)
            return 0;
    return 1;
}

static void make_nan(int kind, void *out, int neg, unsigned long long pay, int haspay)
{
    if (kind == 0) {
        uint32_t m = 0x400000;
        if (haspay && (pay & 0x3fffff))
            m |= pay & 0x3fffff;
        store(kind, out, neg, m, 0xff);
    } else if (kind == 1) {
        uint64_t m = 0x8000000000000ull;
        if (haspay && (pay & 0x7ffffffffffffull))
            m |= pay & 0x7ffffffffffffull;
        store(kind, out, neg, m, 0x7ff);
    } else {
        uint64_t m = 0xc000000000000000ull;
        if (haspay && (pay & 0x3fffffffffffffffull))
            m |= pay & 0x3fffffffffffffffull;
        store(kind, out, neg, m, 0x7fff);
    }
}

static void zero(int kind, void *out, int neg)
{
    store(kind, out, neg, 0, 0);
}

/* collects bits of a number MSB first into (m, r, s) */
struct coll { uint64_t m; int r, s, started; long long n; int P; };

static void feed(struct coll *c, int bit)
{
    if (!c->started) {
        if (!bit)
            return;
        c->started = 1;
    }
    if (c->n < c->P)
        c->m = (c->m << 1) | bit;
    else if (c->n == c->P)
        c->r = bit;
    else
        c->s |= bit;
    c->n++;
}

static const char *hexfloat(const char *p, int kind, void *out, int neg)
{
    /* p points after "0x"; the caller checked that a number follows */
    struct coll c = { 0, 0, 0, 0, 0, fmts[kind].p };
    long long fdig = 0;
    int seen_dot = 0;
    for (;; p++) {
        int v = hexval((unsigned char)*p);
        if (v < 0) {
            if (*p == '.' && !seen_dot) {
                seen_dot = 1;
                continue;
            }
            break;
        }
        for (int b = 3; b >= 0; b--)
            feed(&c, (v >> b) & 1);
        if (seen_dot)
            fdig++;
    }
    long long pexp = 0;
    if (lower((unsigned char)*p) == 'p') {
        const char *q = p + 1;
        int en = 0;
        if (*q == '-')
            en = 1, q++;
        else if (*q == '+')
            q++;
        if (*q >= '0' && *q <= '9') {
            for (; *q >= '0' && *q <= '9'; q++)
                if (pexp < 100000000)
                    pexp = pexp * 10 + (*q - '0');
            if (en)
                pexp = -pexp;
            p = q;
        }
    }
    if (!c.started) {
        zero(kind, out, neg);
        return p;
    }
    int P = c.P;
    long long e = c.n - P + pexp - 4 * fdig;
    if (c.n < P)
        c.m <<= (P - c.n);
    if (e > 200000) {
        __divm_errno = ERANGE;
        store_inf(kind, out, neg);
    } else if (e < -200000) {
        __divm_errno = ERANGE;
        zero(kind, out, neg);
    } else
        pack(kind, out, neg, c.m, c.r, c.s, e);
    return p;
}

void __divm_strtofp(const char *nptr, char **end, int kind, void *out)
{
    const char *p = nptr;
    int neg = 0;
    while (__divm_isspace((unsigned char)*p))
        p++;
    if (*p == '-')
        neg = 1, p++;
    else if (*p == '+')
        p++;

    if (!((*p >= '0' && *p <= '9') || (*p == '.' && p[1] >= '0' && p[1] <= '9'))) {
        if (ncase(p, "inf")) {
            p += ncase(p + 3, "inity") ? 8 : 3;
            store_inf(kind, out, neg);
        } else if (ncase(p, "nan")) {
            p += 3;
            unsigned long long pay = 0;
            int haspay = 0;
            if (*p == '(') {
                const char *q = p + 1;
                while ((*q >= '0' && *q <= '9') || (*q >= 'a' && *q <= 'z') ||
                       (*q >= 'A' && *q <= 'Z') || *q == '_')
                    q++;
                if (*q == ')') {
                    char *pe;
                    pay = __divm_strtoull(p + 1, &pe, 0);
                    haspay = pe == q;
                    p = q + 1;
                }
            }
            make_nan(kind, out, neg, pay, haspay);
        } else {
            p = nptr;
            zero(kind, out, 0);
        }
        if (end)
            *end = (char *)p;
        return;
    }

    if (*p == '0' && lower((unsigned char)p[1]) == 'x') {
        const char *q = p + 2;
        const char *z = q;
        while (*z == '0')
            z++;
        int ok = hexval((unsigned char)*z) >= 0 ||
                 (*z == '.' && (z != q || hexval((unsigned char)z[1]) >= 0)) ||
                 (z != q && lower((unsigned char)*z) == 'p');
        if (!ok) {
            zero(kind, out, neg);
            if (end)
                *end = (char *)(z == q ? q - 1 : z);
            return;
        }
        p = hexfloat(q, kind, out, neg);
        if (end)
            *end = (char *)p;
        return;
    }

    /* decimal: integer digits, optional fraction, optional exponent */
    const char *ip = p;
    while (*p >= '0' && *p <= '9')
        p++;
    long long intlen = p - ip;
    const char *fp = p;
    long long fraclen = 0;
    if (*p == '.') {
        fp = ++p;
        while (*p >= '0' && *p <= '9')
            p++;
        fraclen = p - fp;
    }
    long long exp10 = 0;
    if (lower((unsigned char)*p) == 'e') {
        const char *q = p + 1;
        int en = 0;
        if (*q == '-')
            en = 1, q++;
        else if (*q == '+')
            q++;
        if (*q >= '0' && *q <= '9') {
            for (; *q >= '0' && *q <= '9'; q++)
                if (exp10 < 100000000)
                    exp10 = exp10 * 10 + (*q - '0');
            if (en)
                exp10 = -exp10;
            p = q;
        }
    }
    if (end)
        *end = (char *)p;

#define DIG(i) ((i) < intlen ? ip[i] : fp[(i) - intlen])
    long long tot = intlen + fraclen, f = 0, l = tot - 1;
    while (f < tot && DIG(f) == '0')
        f++;
    if (f == tot) {
        zero(kind, out, neg);
        return;
    }
    while (DIG(l) == '0')
        l--;
    const struct fmt *F = &fmts[kind];
    long long n = l - f + 1;
    int sticky = 0;
    if (n > F->maxdig)
        n = F->maxdig, sticky = 1;
    long long E = intlen - 1 - (f + n - 1) + exp10; /* value = D * 10^E */
    long long X = E + n;                            /* 10^(X-1) <= value < 10^X */
    long long lo = kind == 0 ? -46 : kind == 1 ? -325 : -4952;
    long long hi = kind == 0 ? 40 : kind == 1 ? 310 : 4934;
    if (X <= lo) {
        __divm_errno = ERANGE;
        zero(kind, out, neg);
        return;
    }
    if (X >= hi) {
        __divm_errno = ERANGE;
        store_inf(kind, out, neg);
        return;
    }

    /* word counts: D < 10^n, 5^k < 2^(2.33k); both get shifted by <= 70+|M| bits */
    long long k = E < 0 ? -E : 0;
    long long wd = (n * 3322 / 1000 + 31) / 32 + 2;
    long long wm = (k * 2322 / 1000 + 31) / 32 + 2;
    long long wn = (E > 0 ? wd + (E * 2322 / 1000 + 31) / 32 : wd) + wm + 4;
    long long wmm = (wm > wd ? wm : wd) + 6;
    word sbuf[2 * 96];
    word *N = sbuf, *M = sbuf + 96, *heap = 0;
    if (wn + 2 > 96 || wmm > 96) {
        heap = __divm_ialloc((wn + 2 + wmm) * sizeof(word));
        N = heap;
        M = heap + wn + 2;
    }
    int nn = 0;
    {
        long long i = f, cnt = 0;
        word chunk = 0;
        for (; cnt < n; i++) {
            char ch = DIG(i);
            chunk = chunk * 10 + (ch - '0');
            cnt++;
            if (cnt % 9 == 0) {
                nn = mul_small(N, nn, 1000000000u, chunk);
                chunk = 0;
            }
        }
        if (cnt % 9) {
            static const word p10[9] = { 1, 10, 100, 1000, 10000, 100000, 1000000,
                                         10000000, 100000000 };
            nn = mul_small(N, nn, p10[cnt % 9], chunk);
        }
    }
    int P = F->p;
    struct coll c = { 0, 0, 0, 0, 0, P };
    long long ebase;
    if (E >= 0) {
        nn = pow5(N, nn, E);
        ebase = E;
        long long L = bitlen(N, nn);
        for (long long i = L - 1; i >= 0 && c.n <= P; i--)
            feed(&c, getbit(N, i));
        for (long long i = L - 1 - (P + 1); i >= 0 && !c.s; i--)
            c.s |= getbit(N, i);
        if (c.n < P)
            c.m <<= (P - c.n);
        ebase += L - P;
    } else {
        int nm = 1;
        M[0] = 1;
        nm = pow5(M, nm, k);
        ebase = -k;
        long long t = (long long)bitlen(N, nn) - bitlen(M, nm);
        long long want = P + 1;
        if (t < want) {
            nn = shl(N, nn, (int)(want - t));
            ebase -= want - t;
        } else if (t > want) {
            nm = shl(M, nm, (int)(t - want));
            ebase += t - want;
        }
        /* q = floor(N/M) has want or want+1 bits; restoring division with
         * the remainder shifted left instead of the divisor shifted right */
        nm = shl(M, nm, (int)want);
        for (long long i = want; i >= 0; i--) {
            int bit = 0;
            if (cmp(N, nn, M, nm) >= 0) {
                nn = sub(N, nn, M, nm);
                bit = 1;
            }
            feed(&c, bit);
            if (i)
                nn = shl(N, nn, 1);
        }
        if (nn)
            c.s = 1;
        ebase += (c.n > P ? c.n - P : 0);
        /* the quotient's bit 0 has weight 2^ebase; m's lowest bit sits c.n-P above */
    }
    if (heap)
        __divm_ifree(heap);
    c.s |= sticky;
    pack(kind, out, neg, c.m, c.r, c.s, ebase);
}

double strtod(const char *__restrict s, char **__restrict e)
{
    double d;
    __divm_strtofp(s, e, 1, &d);
    return d;
}

float strtof(const char *__restrict s, char **__restrict e)
{
    float f;
    __divm_strtofp(s, e, 0, &f);
    return f;
}

long double strtold(const char *__restrict s, char **__restrict e)
{
    long double l;
    __divm_strtofp(s, e, 2, &l);
    return l;
}

double atof(const char *s)
{
    return strtod(s, 0);
}
