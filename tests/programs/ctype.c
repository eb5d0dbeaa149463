/* <ctype.h> classification and conversion over all unsigned char values
 * and EOF in the "C" locale. */
#include <stdio.h>
#include <ctype.h>

int main(void)
{
    int (*fns[])(int) = { isalnum, isalpha, isblank, iscntrl, isdigit, isgraph, islower, isprint, ispunct, isspace, isupper, isxdigit };
    const char *names[] = { "alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space", "upper", "xdigit" };
    for (int f = 0; f < 12; f++) {
        int count = 0;
        unsigned long hash = 0;
        for (int c = 0; c < 256; c++) {
            if (fns[f](c)) { count++; hash = hash * 31 + (unsigned long)c; }
        }
        printf("%-6s count %3d hash %lu EOF %d\n", names[f], count, hash % 1000003, fns[f](EOF) != 0);
    }
    /* the printable table */
    for (int c = 32; c < 127; c++) {
        char cls = isdigit(c) ? 'd' : isupper(c) ? 'U' : islower(c) ? 'l' : ispunct(c) ? 'p' : isspace(c) ? 's' : '?';
        putchar(cls);
    }
    putchar('\n');
    const char *s = "Hello, World! 123 xyz\t\n";
    for (const char *p = s; *p; p++) putchar(toupper((unsigned char)*p));
    for (const char *p = s; *p; p++) putchar(tolower((unsigned char)*p));
    printf("toupper(EOF)=%d tolower(200)=%d toupper(0)=%d\n", toupper(EOF), tolower(200), toupper(0));
    /* isspace set */
    for (int c = 0; c < 256; c++) if (isspace(c)) printf("%d ", c);
    printf("\n");
    return 0;
}
