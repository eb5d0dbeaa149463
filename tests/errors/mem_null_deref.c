// expect: memory
/* Dereferences a NULL struct pointer returned by a failed lookup. */
#include <stdio.h>
#include <string.h>

struct entry { const char *name; int value; };
static struct entry entries[] = { { "one", 1 }, { "two", 2 } };

static struct entry *lookup(const char *name)
{
    for (int i = 0; i < 2; i++)
        if (strcmp(entries[i].name, name) == 0) return &entries[i];
    return NULL;
}

int main(void)
{
    printf("%d\n", lookup("two")->value);
    struct entry *e = lookup("three");
    int v = e->value; // ERROR
    printf("%d\n", v);
    return 0;
}
