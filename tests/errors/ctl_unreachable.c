// expect: control
/* __builtin_unreachable() is reached for an input the switch did not
 * anticipate. */
#include <stdio.h>

enum op { ADD, SUB };

static int apply(int op, int a, int b)
{
    switch (op) {
    case ADD: return a + b;
    case SUB: return a - b;
    }
    __builtin_unreachable(); // ERROR
}

int main(void)
{
    printf("%d\n", apply(ADD, 2, 3));
    printf("%d\n", apply(2, 2, 3));
    return 0;
}
