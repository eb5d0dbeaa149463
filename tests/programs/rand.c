/* rand() after srand(seed): the sequence must be glibc's (TYPE_3 additive
 * feedback generator), including the default seed 1 and srand(0). */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    printf("RAND_MAX = %d\n", RAND_MAX);
    printf("default:");
    for (int i = 0; i < 5; i++) printf(" %d", rand());
    printf("\n");
    unsigned seeds[] = { 1, 42, 0, 12345, 4294967295u };
    for (int s = 0; s < 5; s++) {
        srand(seeds[s]);
        printf("seed %u:", seeds[s]);
        for (int i = 0; i < 8; i++) printf(" %d", rand());
        printf("\n");
    }
    srand(2024);
    int hist[10] = { 0 };
    for (int i = 0; i < 2000; i++) hist[rand() % 10]++;
    printf("hist:");
    for (int i = 0; i < 10; i++) printf(" %d", hist[i]);
    printf("\n");
    /* reseeding restarts the sequence */
    srand(7);
    int a = rand(), b = rand();
    srand(7);
    int a2 = rand();
    int b2 = rand();
    printf("restart %d %d\n", a == a2, b == b2);
    /* shuffle with rand */
    int deck[10];
    for (int i = 0; i < 10; i++) deck[i] = i;
    srand(99);
    for (int i = 9; i > 0; i--) {
        int j = rand() % (i + 1);
        int t = deck[i]; deck[i] = deck[j]; deck[j] = t;
    }
    for (int i = 0; i < 10; i++) printf("%d ", deck[i]);
    printf("\n");
    return 0;
}
