/* switch statements: dense (jump tables), sparse (compare trees),
 * fallthrough, default in the middle, 64-bit and char selectors,
 * nested switches. */
#include <stdio.h>
#include <stdint.h>

static const char *dense(int x)
{
    switch (x) {
    case 0: return "zero";
    case 1: return "one";
    case 2: return "two";
    case 3: return "three";
    case 4: return "four";
    case 5: return "five";
    case 6: return "six";
    case 7: return "seven";
    case 8: return "eight";
    case 9: return "nine";
    default: return "many";
    }
}

static int sparse(long long x)
{
    switch (x) {
    case -1000000: return 1;
    case -7: return 2;
    case 0: return 3;
    case 13: return 4;
    case 1000: return 5;
    case 65536: return 6;
    case 2147483647: return 7;
    case 0x100000000LL: return 8;
    case 0x7fffffffffffffffLL: return 9;
    case -0x7fffffffffffffffLL - 1: return 10;
    }
    return 0;
}

static int fall(int x)
{
    int r = 0;
    switch (x) {
    case 1: r += 1;       /* fallthrough */
    case 2: r += 10;      /* fallthrough */
    default: r += 100;    /* fallthrough */
    case 3: r += 1000; break;
    case 4: r = -1;
    }
    return r;
}

static int classify(char c)
{
    switch (c) {
    case 'a': case 'e': case 'i': case 'o': case 'u': return 1;
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9': return 2;
    case ' ': case '\t': case '\n': return 3;
    case '\0': return 4;
    default: return 0;
    }
}

static int nested(int a, int b)
{
    switch (a) {
    case 0:
        switch (b) {
        case 0: return 0;
        case 1: return 1;
        default: return 2;
        }
    case 1:
        switch (b) {
        case 0: return 10;
        default: break;
        }
        return 11;
    default:
        return 20 + b;
    }
}

static unsigned char usel(unsigned char x)
{
    switch (x) {
    case 0: return 1;
    case 127: return 2;
    case 128: return 3;
    case 255: return 4;
    default: return 0;
    }
}

/* Duff's device */
static void duff_copy(char *to, const char *from, int count)
{
    int n = (count + 7) / 8;
    switch (count % 8) {
    case 0: do { *to++ = *from++;
    case 7:      *to++ = *from++;
    case 6:      *to++ = *from++;
    case 5:      *to++ = *from++;
    case 4:      *to++ = *from++;
    case 3:      *to++ = *from++;
    case 2:      *to++ = *from++;
    case 1:      *to++ = *from++;
            } while (--n > 0);
    }
}

int main(void)
{
    for (int i = -1; i <= 11; i++) printf("%s ", dense(i));
    printf("\n");
    long long probes[] = { -1000000, -7, 0, 13, 1000, 65536, 2147483647, 0x100000000LL,
                           0x7fffffffffffffffLL, -0x7fffffffffffffffLL - 1, 5, -6, 14, 999 };
    for (unsigned i = 0; i < sizeof probes / sizeof probes[0]; i++) printf("%d ", sparse(probes[i]));
    printf("\n");
    for (int i = 0; i <= 5; i++) printf("fall(%d)=%d ", i, fall(i));
    printf("\n");
    const char *text = "hello 2024\tworld";
    for (const char *p = text; ; p++) {
        printf("%d", classify(*p));
        if (!*p) break;
    }
    printf("\n");
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++) printf("%d ", nested(a, b));
    printf("\n");
    printf("%d %d %d %d %d\n", usel(0), usel(127), usel(128), usel(255), usel(200));
    char dst[32] = { 0 };
    const char *src = "Duff's device copies this!";
    for (int n = 0; n <= 26; n += 13) {
        duff_copy(dst, src, n > 0 ? n : 1);
        printf("duff %d: %.*s\n", n, n > 0 ? n : 1, dst);
    }
    /* switch over an enum in a loop: a state machine */
    enum st { START, IN_NUM, IN_WORD, DONE } s = START;
    const char *in = "12 ab 345 c 6";
    int nums = 0, wordsn = 0;
    for (const char *p = in; s != DONE; p++) {
        char c = *p;
        switch (s) {
        case START:
            if (c >= '0' && c <= '9') { s = IN_NUM; nums++; }
            else if (c >= 'a' && c <= 'z') { s = IN_WORD; wordsn++; }
            else if (c == '\0') s = DONE;
            break;
        case IN_NUM:
        case IN_WORD:
            if (c == ' ') s = START;
            else if (c == '\0') s = DONE;
            break;
        case DONE:
            break;
        }
    }
    printf("nums %d words %d\n", nums, wordsn);
    return 0;
}
