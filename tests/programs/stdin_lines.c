// stdin: lines.txt
/* Reads stdin line by line with fgets, then character by character with
 * getchar and ungetc; counts lines, words and characters, and echoes
 * transformed lines. */
#include <stdio.h>
#include <string.h>
#include <ctype.h>

int main(void)
{
    char line[64];
    int lineno = 0;
    /* first 4 lines with fgets (one is longer than the buffer) */
    while (lineno < 4 && fgets(line, sizeof line, stdin)) {
        size_t n = strlen(line);
        int complete = n > 0 && line[n - 1] == '\n';
        if (complete) line[--n] = '\0';
        for (size_t i = 0; i < n; i++) line[i] = (char)toupper((unsigned char)line[i]);
        printf("%d%s [%s] (%zu)\n", ++lineno, complete ? "" : "+", line, n);
    }
    /* rest with getchar */
    long chars = 0, words = 0, lines = 0, digits = 0;
    int in_word = 0, c;
    while ((c = getchar()) != EOF) {
        chars++;
        if (c == '\n') lines++;
        if (isdigit(c)) digits++;
        if (isspace(c)) in_word = 0;
        else if (!in_word) { in_word = 1; words++; }
        if (c == '#') {
            /* skip comment to end of line, then push the newline back */
            while ((c = getchar()) != EOF && c != '\n') chars++;
            if (c == '\n') ungetc(c, stdin);
        }
    }
    printf("rest: chars %ld words %ld lines %ld digits %ld\n", chars, words, lines, digits);
    printf("feof %d ferror %d\n", feof(stdin) != 0, ferror(stdin) != 0);
    printf("getchar after EOF: %d\n", getchar() == EOF);
    return 0;
}
