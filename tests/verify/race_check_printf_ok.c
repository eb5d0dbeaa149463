// expect: valid
// options: -o check:race
// What a format does not touch cannot race: the other thread writes bytes
// past the precision of %.2s, the int printed by value, a buffer's bytes
// snprintf does not reach, and a variable sscanf's suppressed %*d skips.
#include <pthread.h>
#include <stdio.h>

char name[16] = "abcdef";
int counter, skipped;
char out[32];

void *worker(void *arg)
{
    name[4] = 'z';
    counter = 7;
    out[20] = 'q';
    skipped = 3;
    return arg;
}

int main(void)
{
    pthread_t a;
    int n = 0, k = 0;
    pthread_create(&a, NULL, worker, NULL);
    printf("%.2s %d %p\n", name, n, (void *) &counter);
    snprintf(out, 8, "%s", "hi");
    sscanf("1 2", "%*d %d", &k);
    pthread_join(a, NULL);
    return k == 2 ? 0 : 1;
}
