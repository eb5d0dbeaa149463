// expect: undefined
/* A switch with many destinations on a value that was never set. */
#include <stdio.h>
#include <stdlib.h>

static __attribute__((noinline)) int step(int op, int acc)
{
    switch (op) { // ERROR
    case 0: return acc + 1;
    case 1: return acc - 1;
    case 2: return acc * 2;
    case 3: return acc / 2;
    case 4: return acc ^ 5;
    case 5: return acc | 8;
    case 6: return acc & 7;
    case 7: return -acc;
    case 9: return acc << 1;
    default: return 0;
    }
}

int main(void)
{
    int *ops = malloc(4 * sizeof *ops);
    if (!ops) return 1;
    ops[0] = 2; ops[1] = 9; ops[3] = 4;
    int acc = 1;
    for (int i = 0; i < 4; i++)
        acc = step(ops[i], acc);
    printf("%d\n", acc);
    free(ops);
    return 0;
}
