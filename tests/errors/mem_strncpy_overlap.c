// expect: memory
// errorframe: lib
/* strncpy reading bytes it also writes: overlapping ranges are undefined. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char buf[16] = "xyz";
    strncpy(buf, buf + 1, 3); // ERROR
    puts(buf);
    return 0;
}
