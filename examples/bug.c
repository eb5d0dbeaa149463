#include <stdlib.h>

int main(void)
{
    int *a = malloc(4 * sizeof(int));
    if (!a)
        return 1;
    for (int i = 0; i <= 4; i++)
        a[i] = i; /* writes one past the end */
    free(a);
    return 0;
}
