/* Bubble sort of N symbolic values; the result must be sorted. */
#include <assert.h>
#ifndef N
#define N 4
#endif
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int a[N];
    for (int i = 0; i < N; i++)
        a[i] = __VERIFIER_nondet_int();
    for (int i = 0; i < N; i++)
        for (int j = 0; j + 1 < N - i; j++)
            if (a[j] > a[j + 1]) {
                int t = a[j];
                a[j] = a[j + 1];
                a[j + 1] = t;
            }
    for (int i = 0; i + 1 < N; i++)
        assert(a[i] <= a[i + 1]);
    return 0;
}
