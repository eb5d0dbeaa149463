// expect: memory
// errorframe: lib
/* Frees the same heap block twice. The fault is raised inside free, so the
 * first backtrace frame in this file is the second call. */
#include <stdlib.h>
#include <string.h>

static void release(char *p) { free(p); }

int main(void)
{
    char *p = malloc(16);
    if (!p) return 1;
    strcpy(p, "twice");
    release(p);
    free(p); // ERROR
    return 0;
}
