/* __attribute__((packed)) and aligned structures: sizes, offsets, and
 * member access on unaligned fields. */
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct __attribute__((packed)) hdr {
    uint8_t type;
    uint32_t length;
    uint16_t flags;
    uint64_t stamp;
};

struct normal {
    uint8_t type;
    uint32_t length;
    uint16_t flags;
    uint64_t stamp;
};

struct __attribute__((packed)) inner { char c; int i; };
struct outer { char pad; struct inner in; short s; };

struct aligned { char c; int x __attribute__((aligned(16))); };

int main(void)
{
    printf("packed size %zu offsets %zu %zu %zu %zu\n", sizeof(struct hdr),
           offsetof(struct hdr, type), offsetof(struct hdr, length), offsetof(struct hdr, flags), offsetof(struct hdr, stamp));
    printf("normal size %zu offsets %zu %zu %zu %zu\n", sizeof(struct normal),
           offsetof(struct normal, type), offsetof(struct normal, length), offsetof(struct normal, flags), offsetof(struct normal, stamp));
    printf("outer size %zu in at %zu s at %zu\n", sizeof(struct outer), offsetof(struct outer, in), offsetof(struct outer, s));
    printf("aligned size %zu x at %zu\n", sizeof(struct aligned), offsetof(struct aligned, x));

    struct hdr h[3];
    for (int i = 0; i < 3; i++) {
        h[i].type = (uint8_t)(i + 1);
        h[i].length = 0x11223344u * (uint32_t)(i + 1);
        h[i].flags = (uint16_t)(0xabcd ^ i);
        h[i].stamp = 0x0102030405060708ull << i;
    }
    unsigned char raw[sizeof h];
    memcpy(raw, h, sizeof h);
    for (size_t i = 0; i < sizeof raw; i++) printf("%02x%s", raw[i], (i + 1) % 15 ? "" : "\n");
    for (int i = 0; i < 3; i++) {
        h[i].length += 1;
        h[i].stamp ^= 0xff;
        printf("hdr %u %08x %04x %016llx\n", h[i].type, h[i].length, h[i].flags, (unsigned long long)h[i].stamp);
    }
    /* parse a byte buffer into a packed struct */
    unsigned char wire[15] = { 9, 0x78, 0x56, 0x34, 0x12, 0x01, 0x80, 1, 2, 3, 4, 5, 6, 7, 8 };
    struct hdr parsed;
    memcpy(&parsed, wire, sizeof parsed);
    printf("parsed %u %08x %04x %016llx\n", parsed.type, parsed.length, parsed.flags, (unsigned long long)parsed.stamp);
    struct outer o = { 'p', { 'q', -123456 }, 77 };
    o.in.i *= 2;
    printf("outer %c %c %d %d\n", o.pad, o.in.c, o.in.i, o.s);
    return 0;
}
