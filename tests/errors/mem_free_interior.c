// expect: memory
// errorframe: lib
/* Frees a pointer into the middle of a heap block. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
    char *line = malloc(32);
    if (!line) return 1;
    strcpy(line, "   padded");
    char *trimmed = line;
    while (*trimmed == ' ') trimmed++;
    puts(trimmed);
    free(trimmed); // ERROR
    return 0;
}
