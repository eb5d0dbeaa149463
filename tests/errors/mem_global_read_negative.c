// expect: memory
/* Reads before the start of a global array through a pointer. */
#include <stdio.h>

static const char digits[] = "0123456789";
static char other[4] = "abc";

static char digit_at(const char *base, int k)
{
    return base[k]; // ERROR
}

int main(void)
{
    int k = -2;
    printf("%c%c\n", other[0], digit_at(digits, k));
    return 0;
}
