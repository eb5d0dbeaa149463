// expect: memory
// errorframe: lib
/* Frees a pointer to a stack array. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    char buf[32];
    char *p = buf;
    snprintf(p, sizeof buf, "on the stack");
    puts(p);
    free(p); // ERROR
    return 0;
}
