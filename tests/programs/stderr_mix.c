/* Writes to both stdout and stderr, interleaved; the exit status is 5.
 * stdout is compared byte for byte; the stderr lines must appear in
 * order in the verifier's stderr. */
#include <stdio.h>

int main(void)
{
    for (int i = 0; i < 5; i++) {
        printf("out %d\n", i);
        fprintf(stderr, "err %d\n", i * i);
    }
    fputs("warning: something on stderr\n", stderr);
    fprintf(stdout, "done\n");
    fflush(stdout);
    fprintf(stderr, "exiting with 5\n");
    return 5;
}
