// expect: memory
/* A struct assignment (a memcpy) one element past the end of a heap array. */
#include <stdio.h>
#include <stdlib.h>

struct rec { long a, b, c; char name[8]; };

int main(int argc, char **argv)
{
    (void)argv;
    int n = argc + 2;  /* 3: not known to the compiler */
    struct rec *v = malloc(sizeof *v * n);
    if (!v) return 1;
    for (int i = 0; i < n; i++) {
        v[i].a = i; v[i].b = 2 * i; v[i].c = 3 * i;
        v[i].name[0] = 'a';
    }
    for (int i = 0; i < n; i++)
        v[i + 1] = v[i]; // ERROR
    printf("%ld\n", v[0].a);
    free(v);
    return 0;
}
