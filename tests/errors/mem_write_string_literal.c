// expect: memory
/* Writes into a string literal (constant data). */
#include <stdio.h>

static void capitalise(char *s)
{
    if (*s >= 'a' && *s <= 'z')
        *s = (char)(*s - 'a' + 'A'); // ERROR
}

int main(void)
{
    char ok[] = "array copy";
    capitalise(ok);
    puts(ok);
    char *lit = "literal";
    capitalise(lit);
    puts(lit);
    return 0;
}
