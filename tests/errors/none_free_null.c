// expect: none
/* Negative control: free(NULL) is a no-op; realloc(NULL, n) allocates;
 * every block is freed exactly once. */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

int main(void)
{
    free(NULL);
    char *p = realloc(NULL, 8);
    if (!p) return 1;
    strcpy(p, "ok");
    char *q = realloc(p, 64);
    if (!q) { free(p); return 1; }
    puts(q);
    free(q);
    free(NULL);
    return 0;
}
