/* main without a return statement returns 0 (C99); EXIT_FAILURE via
 * exit() is not used here. Output via puts, putchar, fputs, fwrite. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    puts("puts adds a newline");
    putchar('p'); putchar('c'); putchar('\n');
    fputs("fputs does not\n", stdout);
    const char msg[] = "fwrite bytes\n";
    fwrite(msg, 1, strlen(msg), stdout);
    fputc('!', stdout);
    putc('\n', stdout);
    printf("%s", "");
    fflush(stdout);
    printf("after fflush\n");
}
