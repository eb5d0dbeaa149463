// expect: memory
// errorframe: lib
/* memcpy with overlapping source and destination (use memmove instead).
 * NOTE: SPEC section 3 does not list overlapping memcpy explicitly; it is
 * undefined behaviour in C and reported as a memory error here. The fault
 * may be raised inside memcpy (libc-shim) or at the llvm.memcpy call. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    char buf[32] = "abcdefghijklmnop";
    size_t shift = 4;
    memcpy(buf + shift, buf, 8); // ERROR
    puts(buf);
    return 0;
}
