/* lexer.c -- a switch-based state-machine tokenizer over generated
 * C-like source text, and an expression evaluator that dispatches binary
 * operators through a table of function pointers.
 * Usage: lexer [N] -- N generated statements, tokenized and evaluated
 * (work ~ N). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_SIZE 6500

enum tok { T_IDENT, T_NUM, T_STR, T_OP, T_PUNCT, T_KW, T_EOF, NTOK };
enum st { S_START, S_IDENT, S_NUM, S_HEX, S_STR, S_ESC, S_SLASH, S_LINECOM, S_BLOCKCOM, S_BLOCKSTAR };

static long op_add(long a, long b) { return a + b; }
static long op_sub(long a, long b) { return a - b; }
static long op_mul(long a, long b) { return a * b; }
static long op_div(long a, long b) { return b ? a / b : 0; }
static long op_and(long a, long b) { return a & b; }
static long op_or(long a, long b) { return a | b; }
static long op_xor(long a, long b) { return a ^ b; }
static long op_mod(long a, long b) { return b ? a % b : 0; }

/* filled at run time: a constant table of pointers becomes
 * llvm.load.relative at -O1, which lli's interpreter cannot run */
static long (*ops[128])(long, long);
static const char snippets[12][24] = {
    "x1 = x1 + 37;", "if (abc > 0x1F) y--;", "/* note */", "s = \"a\\\"b\";",
    "while (k) k = k - 1;", "v = v * 3 ^ 12;", "// line comment", "return a & b | c;",
    "q = q % 7 + 0x2a;", "arr[i] = j / 2;", "int zz9 = 100;", "{ t = t - 5; }"
};

static int is_kw(const char *s, size_t n)
{
    switch (n) {
    case 2: return memcmp(s, "if", 2) == 0;
    case 3: return memcmp(s, "int", 3) == 0;
    case 5: return memcmp(s, "while", 5) == 0;
    case 6: return memcmp(s, "return", 6) == 0;
    default: return 0;
    }
}

static __attribute__((noinline)) long size_arg(int argc, char **argv, long dflt)
{
    long v = argc > 1 ? atol(argv[1]) : 0;
    return v > 0 ? v : dflt;
}

int main(int argc, char **argv)
{
    long n = size_arg(argc, argv, DEFAULT_SIZE);
    ops['+'] = op_add; ops['-'] = op_sub; ops['*'] = op_mul; ops['/'] = op_div;
    ops['&'] = op_and; ops['|'] = op_or; ops['^'] = op_xor; ops['%'] = op_mod;

    char *src = malloc(n * 26 + 1);
    char *p = src;
    for (long i = 0; i < n; i++) {
        const char *sn = snippets[(i * 5 + i / 12) % 12];
        size_t l = strlen(sn);
        memcpy(p, sn, l);
        p += l;
        *p++ = (i % 3) ? ' ' : '\n';
    }
    *p = '\0';

    long counts[NTOK] = { 0 };
    long acc = 1, lastnum = 0, idhash = 0;
    int pending = 0;
    for (int rep = 0; rep < 3; rep++) {
        enum st state = S_START;
        const char *q = src, *start = src;
        long num = 0;
        for (;;) {
            char c = *q;
            switch (state) {
            case S_START:
                start = q;
                if (c == '\0') { counts[T_EOF]++; goto done; }
                if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') state = S_IDENT;
                else if (c == '0' && q[1] == 'x') { num = 0; q++; state = S_HEX; }
                else if (c >= '0' && c <= '9') { num = c - '0'; state = S_NUM; }
                else if (c == '"') state = S_STR;
                else if (c == '/') state = S_SLASH;
                else switch (c) {
                    case '+': case '-': case '*': case '&': case '|': case '^': case '%':
                    case '=': case '<': case '>':
                        counts[T_OP]++;
                        if (ops[(int)c]) { pending = c; }
                        break;
                    case ';': case '(': case ')': case '{': case '}': case '[': case ']':
                        counts[T_PUNCT]++;
                        break;
                    case ' ': case '\n': case '\t':
                        break;
                    default:
                        counts[T_PUNCT]++;
                }
                q++;
                break;
            case S_IDENT:
                if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_') { q++; break; }
                if (is_kw(start, (size_t)(q - start))) counts[T_KW]++;
                else { counts[T_IDENT]++; idhash = idhash * 33 + (q - start) + start[0]; }
                state = S_START;
                break;
            case S_NUM:
            case S_HEX:
                if (c >= '0' && c <= '9') { num = num * (state == S_HEX ? 16 : 10) + (c - '0'); q++; break; }
                if (state == S_HEX && c >= 'a' && c <= 'f') { num = num * 16 + (c - 'a' + 10); q++; break; }
                if (state == S_HEX && c >= 'A' && c <= 'F') { num = num * 16 + (c - 'A' + 10); q++; break; }
                counts[T_NUM]++;
                if (pending) { acc = ops[pending](acc, num) & 0xffffffffff; pending = 0; }
                else acc = acc * 7 + num;
                lastnum = num;
                state = S_START;
                break;
            case S_STR:
                q++;
                if (c == '\\') state = S_ESC;
                else if (c == '"' && q - 1 != start) { counts[T_STR]++; state = S_START; }
                else if (c == '\0') goto done;
                break;
            case S_ESC: q++; state = S_STR; break;
            case S_SLASH:
                q++;
                if (c == '/' && q - 1 != start) state = S_LINECOM;
                else if (c == '*') state = S_BLOCKCOM;
                else if (q - 1 != start) { counts[T_OP]++; pending = '/'; state = S_START; q--; }
                break;
            case S_LINECOM:
                if (c == '\n' || c == '\0') state = S_START; else q++;
                break;
            case S_BLOCKCOM: q++; if (c == '*') state = S_BLOCKSTAR; break;
            case S_BLOCKSTAR: q++; if (c == '/') state = S_START; else if (c != '*') state = S_BLOCKCOM; break;
            }
        }
    done:;
    }
    printf("lexer n=%ld ident=%ld num=%ld str=%ld op=%ld punct=%ld kw=%ld eof=%ld acc=%ld last=%ld idh=%ld\n",
           n, counts[T_IDENT], counts[T_NUM], counts[T_STR], counts[T_OP], counts[T_PUNCT],
           counts[T_KW], counts[T_EOF], acc, lastnum, idhash);
    free(src);
    return 0;
}
