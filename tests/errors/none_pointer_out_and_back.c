// expect: none
/* Negative control: a pointer may leave its object and come back before
 * it is dereferenced (SPEC section 3); comparing and subtracting pointers
 * into the same array is fine. Exits 0. */
#include <stdio.h>

int main(void)
{
    int a[4] = { 10, 20, 30, 40 };
    int *p = a;
    p += 10;                /* out of bounds, not dereferenced */
    p -= 8;                 /* back inside: &a[2] */
    int *end = a + 4;       /* one past the end is a valid pointer value */
    printf("%d %td %d\n", *p, end - p, p < end);
    return 0;
}
