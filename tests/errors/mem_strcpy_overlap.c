// expect: memory
// errorframe: lib
/* strcpy whose source and destination overlap (the arguments are restrict):
 * a memory error in strcpy, the caller's frame at the call. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char buf[16] = "abcdef";
    strcpy(buf + 2, buf); // ERROR
    puts(buf);
    return 0;
}
