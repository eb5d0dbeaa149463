/* parse.c -- parsing a generated text buffer with the C library:
 * strchr, strncmp, strtol (bases 10, 16 and 0), atoi, strlen, memcmp,
 * memchr, strcmp, isdigit/isalpha/isspace, toupper.
 * Usage: parse [N] -- builds N lines of key=value fields, parses them
 * four times (work ~ N). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define DEFAULT_SIZE 1400

static const char words[8][8] = { "apple", "banana", "cherry", "date",
                                   "elder", "fig", "grape", "honey" };

static __attribute__((noinline)) long size_arg(int argc, char **argv, long dflt)
{
    long v = argc > 1 ? atol(argv[1]) : 0;
    return v > 0 ? v : dflt;
}

static char *put_str(char *p, const char *s)
{
    size_t n = strlen(s);
    memcpy(p, s, n);
    return p + n;
}

/* the sign comes separately: a negate-if-negative is llvm.abs, not in lli */
static char *put_num(char *p, int neg, unsigned long u, int base)
{
    char tmp[24];
    int k = 0;
    do { int d = (int)(u % base); tmp[k++] = (char)(d < 10 ? '0' + d : 'a' + d - 10); u /= base; } while (u);
    if (neg) *p++ = '-';
    while (k) *p++ = tmp[--k];
    return p;
}

int main(int argc, char **argv)
{
    long n = size_arg(argc, argv, DEFAULT_SIZE);
    char *buf = malloc(n * 96 + 1);
    char *p = buf;
    unsigned s = 42;
    for (long i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u;
        p = put_str(p, "id=");      p = put_num(p, 0, (unsigned long)i, 10);
        p = put_str(p, " val=");    p = put_num(p, (int)(s & 1), (s >> 8) % 10001, 10);
        p = put_str(p, " hex=0x");  p = put_num(p, 0, s & 0xfffff, 16);
        p = put_str(p, " name=");   p = put_str(p, words[(s >> 5) % 8]); p = put_num(p, 0, (unsigned long)(i % 97), 10);
        p = put_str(p, "  cnt= ");  p = put_num(p, 0, s % 500, 10);
        *p++ = '\n';
    }
    *p = '\0';
    size_t blen = strlen(buf);

    long sum = 0, hexsum = 0, cnt = 0, names = 0, digits = 0, alphas = 0, spaces = 0, matches = 0;
    unsigned long h = 0;
    for (int pass = 0; pass < 4; pass++) {
        char *line = buf;
        while (*line) {
            char *nl = strchr(line, '\n');
            char *f = line;
            while (f < nl) {
                while (f < nl && isspace((unsigned char)*f)) f++;
                char *eq = memchr(f, '=', (size_t)(nl - f));
                if (!eq) break;
                size_t klen = (size_t)(eq - f);
                char *v = eq + 1;
                char *end;
                if (klen == 2 && memcmp(f, "id", 2) == 0) {
                    sum += strtol(v, &end, 10);
                } else if (strncmp(f, "val=", 4) == 0) {
                    sum += strtol(v, &end, 0);
                } else if (klen == 3 && memcmp(f, "hex", 3) == 0) {
                    hexsum += strtol(v, &end, 16);
                } else if (strncmp(f, "name", 4) == 0) {
                    char word[32];
                    end = v;
                    while (isalpha((unsigned char)*end)) end++;
                    memcpy(word, v, (size_t)(end - v));
                    word[end - v] = '\0';
                    if (strcmp(word, "grape") == 0) matches++;
                    names += (long)strlen(word) + atoi(end);
                    while (isdigit((unsigned char)*end)) end++;
                    h = h * 31 + (unsigned)toupper((unsigned char)word[0]);
                } else {
                    cnt += atoi(v);   /* atoi skips the leading space */
                    end = v;
                    while (end < nl && *end != ' ') end++;
                    if (*end != ' ' && end != nl) end = nl;
                    while (end < nl && isspace((unsigned char)*end)) end++;
                    while (end < nl && isdigit((unsigned char)*end)) end++;
                }
                f = end;
            }
            for (char *c = line; c < nl; c++) {
                if (isdigit((unsigned char)*c)) digits++;
                else if (isalpha((unsigned char)*c)) alphas++;
                else if (*c == ' ') spaces++;
            }
            line = nl + 1;
        }
    }
    printf("parse n=%ld len=%lu sum=%ld hexsum=%ld cnt=%ld names=%ld grape=%ld d=%ld a=%ld s=%ld h=%lu\n",
           n, (unsigned long)blen, sum, hexsum, cnt, names, matches, digits, alphas, spaces, h);
    free(buf);
    return 0;
}
