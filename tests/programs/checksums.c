/* Loops computing checksums over data: CRC-32 (bitwise and table-driven),
 * Adler-32, FNV-1a 64, a 16-bit Fletcher sum, and base64 encoding. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

static uint32_t crc_table[256];

static void crc_init(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++) c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
        crc_table[i] = c;
    }
}

static uint32_t crc32_table(const unsigned char *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++) c = crc_table[(c ^ p[i]) & 0xff] ^ (c >> 8);
    return c ^ 0xffffffffu;
}

static uint32_t crc32_bitwise(const unsigned char *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
    }
    return ~c;
}

static uint32_t adler32(const unsigned char *p, size_t n)
{
    uint32_t a = 1, b = 0;
    for (size_t i = 0; i < n; i++) { a = (a + p[i]) % 65521; b = (b + a) % 65521; }
    return (b << 16) | a;
}

static uint64_t fnv1a64(const unsigned char *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++) { h ^= p[i]; h *= 0x100000001b3ULL; }
    return h;
}

static uint16_t fletcher16(const unsigned char *p, size_t n)
{
    uint16_t s1 = 0, s2 = 0;
    for (size_t i = 0; i < n; i++) { s1 = (uint16_t)((s1 + p[i]) % 255); s2 = (uint16_t)((s2 + s1) % 255); }
    return (uint16_t)(s2 << 8 | s1);
}

static void base64(const unsigned char *p, size_t n, char *out)
{
    static const char tbl[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)p[i] << 16;
        if (i + 1 < n) v |= (uint32_t)p[i + 1] << 8;
        if (i + 2 < n) v |= p[i + 2];
        out[o++] = tbl[(v >> 18) & 63];
        out[o++] = tbl[(v >> 12) & 63];
        out[o++] = i + 1 < n ? tbl[(v >> 6) & 63] : '=';
        out[o++] = i + 2 < n ? tbl[v & 63] : '=';
    }
    out[o] = '\0';
}

int main(void)
{
    crc_init();
    const char *inputs[] = { "", "a", "abc", "123456789", "The quick brown fox jumps over the lazy dog" };
    for (int i = 0; i < 5; i++) {
        const unsigned char *p = (const unsigned char *)inputs[i];
        size_t n = strlen(inputs[i]);
        char b64[128];
        base64(p, n, b64);
        printf("[%s] crc %08x/%08x adler %08x fnv %016llx fletcher %04x b64 %s\n", inputs[i], crc32_table(p, n),
               crc32_bitwise(p, n), adler32(p, n), (unsigned long long)fnv1a64(p, n), fletcher16(p, n), b64);
    }
    unsigned char data[2048];
    for (int i = 0; i < 2048; i++) data[i] = (unsigned char)(i * 131 + (i >> 3));
    printf("data crc %08x adler %08x fnv %016llx\n", crc32_table(data, sizeof data), adler32(data, sizeof data),
           (unsigned long long)fnv1a64(data, sizeof data));
    return 0;
}
