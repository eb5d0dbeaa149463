// expect: integer
/* Unsigned remainder by zero. */
#include <stdio.h>

int main(void)
{
    unsigned buckets[] = { 7, 3, 0, 5 };
    unsigned key = 1234567u;
    for (int i = 0; i < 4; i++) {
        unsigned b = key % buckets[i]; // ERROR
        printf("%u\n", b);
    }
    return 0;
}
