// expect: memory
/* memset of one byte more than a heap block holds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    (void)argv;
    size_t n = 15 + (size_t)argc;  /* 16 */
    char *p = malloc(n);
    if (!p) return 1;
    memset(p, 'x', n);
    memset(p, 0, n + 1); // ERROR
    printf("%c\n", p[0]);
    free(p);
    return 0;
}
