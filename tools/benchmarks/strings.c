/* strings.c -- string processing with the C library.
 *
 * Usage: strings [N]   -- builds N lines of words with sprintf, tokenizes
 * them with strchr, and runs strlen/strcmp/strcpy/strcat over the tokens
 * while hashing them (work ~ N).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_SIZE 5600
#define WORDS 8

/* a 2-D char array, not an array of pointers: clang -O1 turns a constant
 * pointer table into llvm.load.relative, which lli's interpreter cannot run */
static const char stems[8][8] = { "alpha", "beta", "gamma", "delta",
                                  "epsilon", "zeta", "eta", "theta" };

static unsigned long hash(const char *s)
{
    unsigned long h = 5381;
    while (*s)
        h = h * 33 + (unsigned char)*s++;
    return h;
}

/* argv[1] if it is a positive number, else the default.  Kept out of
 * line: when clang -O1 can see the value's range it rewrites the loops
 * with llvm.smax, which lli's interpreter cannot run. */
static __attribute__((noinline)) long size_arg(int argc, char **argv, long dflt)
{
    long v = argc > 1 ? atol(argv[1]) : 0;
    return v > 0 ? v : dflt;
}

int main(int argc, char **argv)
{
    int lines = size_arg(argc, argv, DEFAULT_SIZE);

    char line[512], word[64], longest[64], joined[128];
    unsigned long check = 0;
    long tokens = 0, total_len = 0, equal = 0, less = 0;
    strcpy(longest, "");

    for (int l = 0; l < lines; l++) {
        /* build a line of WORDS words separated by single spaces */
        char *end = line;
        for (int w = 0; w < WORDS; w++) {
            int k = (l * 7 + w * 3) % 8;
            sprintf(end, w ? " %s_%x" : "%s_%x", stems[k], (l + w) % 64);
            end += strlen(end);   /* not sprintf's result: lli's is wrong */
        }

        /* tokenize */
        char prev[64] = "";
        char *p = line;
        for (;;) {
            char *sp = strchr(p, ' ');
            size_t len = sp ? (size_t)(sp - p) : strlen(p);
            memcpy(word, p, len);
            word[len] = '\0';
            tokens++;
            total_len += (long)strlen(word);

            /* lli-22 keeps garbage high bits in a negative int returned by
             * a native call, so "less++" (which clang -O1 turns into
             * "less += (unsigned)c >> 31") miscounts under lli; a select
             * on c < 0 is safe */
            int c = strcmp(word, prev);
            if (c < 0)
                less += (long)len;
            if (strlen(word) > strlen(longest))
                strcpy(longest, word);

            char *us = strchr(word, '_');
            if (us) {
                strcpy(joined, us + 1);
                strcat(joined, "-");
                *us = '\0';
                strcat(joined, word);
                if (strcmp(word, "delta") == 0)
                    equal++;
                check = check * 131 + hash(joined);
            }
            strcpy(prev, word);

            if (!sp)
                break;
            p = sp + 1;
        }
    }
    printf("strings lines=%d tokens=%ld len=%ld delta=%ld ltlen=%ld longest=%s checksum=%lu\n",
           lines, tokens, total_len, equal, less, longest, check);
    return 0;
}
