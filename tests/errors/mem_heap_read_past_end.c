// expect: memory
/* Reads one byte past the end of a heap block (off-by-one in a length). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
    const char *msg = "hello";
    size_t n = strlen(msg);
    char *copy = malloc(n);          /* forgot the terminator */
    if (!copy) return 1;
    memcpy(copy, msg, n);
    int sum = 0;
    for (size_t i = 0; i <= n; i++)
        sum += copy[i]; // ERROR
    printf("%d\n", sum);
    free(copy);
    return 0;
}
