/* N-queens: backtracking with arrays for n = 1..7 (prints the first
 * solution), and a bitmask solver counting all solutions for n <= 8. */
#include <stdio.h>
#include <stdlib.h>

static int cols[16];
static int found_first;
static int solutions;

static int safe(int row, int col)
{
    for (int r = 0; r < row; r++) {
        int c = cols[r];
        if (c == col || abs(c - col) == row - r) return 0;
    }
    return 1;
}

static void solve(int row, int n)
{
    if (row == n) {
        if (!found_first) {
            found_first = 1;
            for (int r = 0; r < n; r++) {
                for (int c = 0; c < n; c++) putchar(cols[r] == c ? 'Q' : '.');
                putchar('\n');
            }
        }
        solutions++;
        return;
    }
    for (int c = 0; c < n; c++)
        if (safe(row, c)) { cols[row] = c; solve(row + 1, n); }
}

static int bits_count(unsigned all, unsigned cl, unsigned d1, unsigned d2)
{
    if (cl == all) return 1;
    int total = 0;
    unsigned avail = all & ~(cl | d1 | d2);
    while (avail) {
        unsigned bit = avail & (0u - avail);
        avail ^= bit;
        total += bits_count(all, cl | bit, ((d1 | bit) << 1) & all, (d2 | bit) >> 1);
    }
    return total;
}

int main(void)
{
    for (int n = 1; n <= 7; n++) {
        found_first = 0;
        solutions = 0;
        printf("n=%d\n", n);
        solve(0, n);
        printf("solutions: %d\n", solutions);
    }
    for (int n = 1; n <= 8; n++) printf("bitmask n=%d: %d\n", n, bits_count((1u << n) - 1, 0, 0, 0));
    return 0;
}
