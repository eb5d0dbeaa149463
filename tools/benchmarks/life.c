/* life.c -- Conway's game of life on a 2-D char grid with wrap-around,
 * plus memcpy of rows and a glider gun reseed with memset.
 * Usage: life [N] -- N generations on a 72x72 board (work ~ N). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_SIZE 70
#define W 72
#define H 72

static char grid[H][W], next[H][W];

static __attribute__((noinline)) long size_arg(int argc, char **argv, long dflt)
{
    long v = argc > 1 ? atol(argv[1]) : 0;
    return v > 0 ? v : dflt;
}

static void step(void)
{
    for (int y = 0; y < H; y++) {
        const char *up = grid[(y + H - 1) % H], *row = grid[y], *dn = grid[(y + 1) % H];
        for (int x = 0; x < W; x++) {
            int l = (x + W - 1) % W, r = (x + 1) % W;
            int c = up[l] + up[x] + up[r] + row[l] + row[r] + dn[l] + dn[x] + dn[r];
            next[y][x] = (char)(c == 3 || (c == 2 && row[x]));
        }
    }
    memcpy(grid, next, sizeof grid);
}

int main(int argc, char **argv)
{
    long gens = size_arg(argc, argv, DEFAULT_SIZE);
    unsigned s = 2024;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            s = s * 1103515245u + 12345u;
            grid[y][x] = (char)((s >> 16) % 3 == 0);
        }
    unsigned long h = 0;
    long pop_total = 0;
    for (long g = 0; g < gens; g++) {
        step();
        long pop = 0;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                pop += grid[y][x];
        pop_total += pop;
        h = h * 1000003u ^ (unsigned long)pop;
        if (g % 20 == 19) {   /* reseed a band so the board never dies */
            memset(grid[g % H], 0, W);
            for (int x = 1; x < W; x += 3) grid[g % H][x] = 1;
        }
    }
    char line[W + 1];
    for (int x = 0; x < W; x++) line[x] = grid[H / 2][x] ? '#' : '.';
    line[W] = '\0';
    printf("row %s\n", line);   /* not "%s\n" (puts; lli orders it wrongly) */
    printf("life gens=%ld pop_total=%ld hash=%lu\n", gens, pop_total, h);
    return 0;
}
