/* hashes.c -- byte-level hashing and float math: FNV-1a 64 over an
 * unsigned char buffer, a murmur-style 64-bit mix without rotates,
 * a Fletcher-16 checksum on uint8_t/uint16_t, a base64-like encoder,
 * and a float (not double) smoothing filter.
 * Usage: hashes [N] -- N-byte buffer hashed in several ways (work ~ N). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define DEFAULT_SIZE 60000

static uint64_t fnv1a(const unsigned char *p, size_t n)
{
    uint64_t h = 14695981039346656037ULL;
    for (size_t i = 0; i < n; i++) { h ^= p[i]; h *= 1099511628211ULL; }
    return h;
}

static uint64_t fmix64(uint64_t k)
{
    k ^= k >> 33; k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33; k *= 0xc4ceb9fe1a85ec53ULL;
    k ^= k >> 33;
    return k;
}

static uint64_t murmurish(const unsigned char *p, size_t n, uint64_t seed)
{
    uint64_t h = seed ^ (n * 0xc6a4a7935bd1e995ULL);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t k = 0;
        for (int b = 7; b >= 0; b--) k = (k << 8) | p[i + b];   /* little-endian load */
        k *= 0xc6a4a7935bd1e995ULL; k ^= k >> 47; k *= 0xc6a4a7935bd1e995ULL;
        h ^= k; h *= 0xc6a4a7935bd1e995ULL;
    }
    for (; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ULL;
    return fmix64(h);
}

static uint16_t fletcher16(const uint8_t *p, size_t n)
{
    uint16_t s1 = 0, s2 = 0;
    for (size_t i = 0; i < n; i++) {
        s1 = (uint16_t)((s1 + p[i]) % 255);
        s2 = (uint16_t)((s2 + s1) % 255);
    }
    return (uint16_t)((s2 << 8) | s1);
}

static char b64[65];

static size_t encode(const unsigned char *p, size_t n, char *out)
{
    size_t o = 0;
    for (size_t i = 0; i + 3 <= n; i += 3) {
        uint32_t v = (uint32_t)p[i] << 16 | (uint32_t)p[i + 1] << 8 | p[i + 2];
        out[o++] = b64[v >> 18]; out[o++] = b64[(v >> 12) & 63];
        out[o++] = b64[(v >> 6) & 63]; out[o++] = b64[v & 63];
    }
    out[o] = '\0';
    return o;
}

static __attribute__((noinline)) long size_arg(int argc, char **argv, long dflt)
{
    long v = argc > 1 ? atol(argv[1]) : 0;
    return v > 0 ? v : dflt;
}

int main(int argc, char **argv)
{
    long n = size_arg(argc, argv, DEFAULT_SIZE);
    for (int i = 0; i < 26; i++) { b64[i] = (char)('A' + i); b64[26 + i] = (char)('a' + i); }
    for (int i = 0; i < 10; i++) b64[52 + i] = (char)('0' + i);
    b64[62] = '+'; b64[63] = '/';

    unsigned char *buf = malloc(n);
    uint64_t x = 88172645463325252ULL;
    for (long i = 0; i < n; i++) {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        buf[i] = (unsigned char)(x >> 29);
    }
    char *enc = malloc(n / 3 * 4 + 1);
    uint64_t acc = 0;
    uint32_t fl = 0;
    size_t elen = 0;
    for (int rep = 0; rep < 4; rep++) {
        acc ^= fnv1a(buf, n) + (uint64_t)rep;
        acc = acc * 31 + murmurish(buf, n, acc);
        fl = fl * 65599u + fletcher16(buf, n);
        elen = encode(buf, n, enc);
        acc ^= fnv1a((const unsigned char *)enc, elen);
        buf[rep * 17 % n] ^= (unsigned char)acc;   /* perturb */
    }
    /* byte histogram and a float low-pass filter over it */
    unsigned hist[256];
    memset(hist, 0, sizeof hist);
    for (long i = 0; i < n; i++) hist[buf[i]]++;
    float y = 0.0f, energy = 0.0f;
    for (int r = 0; r < 40; r++)
        for (int i = 0; i < 256; i++) {
            y = 0.9f * y + 0.1f * (float)hist[i];
            energy += y * y * 1e-4f;
        }
    printf("hashes n=%ld acc=%llu fl=%u elen=%lu enc=%.12s y=%.4f energy=%.4e\n",
           n, (unsigned long long)acc, fl, (unsigned long)elen, enc, (double)y, (double)energy);
    free(buf); free(enc);
    return 0;
}
