// expect: memory
// errorframe: lib
/* strcpy into a heap buffer one byte too small: the store of the
 * terminator is out of bounds (inside strcpy). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
    const char *src = "0123456789";
    char *dst = malloc(strlen(src));
    if (!dst) return 1;
    strcpy(dst, src); // ERROR
    puts(dst);
    free(dst);
    return 0;
}
