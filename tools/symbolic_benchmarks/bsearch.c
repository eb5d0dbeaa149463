/* Binary search for a symbolic key in a sorted table: found iff present. */
#include <assert.h>
#ifndef N
#define N 32
#endif
extern int __VERIFIER_nondet_int(void);

int table[N];

int main(void) {
    for (int i = 0; i < N; i++)
        table[i] = 3 * i + 1;
    int key = __VERIFIER_nondet_int();
    int lo = 0, hi = N - 1, found = -1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (table[mid] == key) { found = mid; break; }
        if (table[mid] < key) lo = mid + 1; else hi = mid - 1;
    }
    if (key >= 1 && key <= 3 * (N - 1) + 1 && (key - 1) % 3 == 0)
        assert(found == (key - 1) / 3);
    else
        assert(found == -1);
    return 0;
}
