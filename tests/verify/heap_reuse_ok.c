// expect: valid
// options: -o nofail:malloc
// Pointers to live blocks never compare equal, at any offset, and a freed
// pointer compared with NULL or with a pointer into another freed block
// has one answer: no path here frees twice or leaks.
#include <stdlib.h>
#include <assert.h>
int main(void)
{
    char *a = malloc(8), *b = malloc(8);
    assert(a != b && a + 4 != b + 4);
    free(a);
    char *c = malloc(8);
    if (c == a)   /* (a's address reused) */
        c[0] = 1;
    assert(a != 0);
    free(b);
    free(c);
    return 0;
}
