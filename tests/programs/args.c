// args: hello "two words" -n 42 '' --flag=x
/* Command-line arguments: argc, argv[1..], the NULL terminator, and a
 * small option parser. argv[0] is not printed (it differs between runs). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    printf("argc = %d\n", argc);
    printf("argv[0] is %s\n", argv[0] && argv[0][0] ? "non-empty" : "empty");
    for (int i = 1; i < argc; i++) printf("argv[%d] = [%s] (%zu)\n", i, argv[i], strlen(argv[i]));
    printf("argv[argc] == NULL: %d\n", argv[argc] == NULL);
    int n = 0, flags = 0;
    const char *flagval = "";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) n = atoi(argv[++i]);
        else if (strncmp(argv[i], "--flag=", 7) == 0) { flags++; flagval = argv[i] + 7; }
    }
    printf("n = %d, flags = %d, flagval = %s\n", n, flags, flagval);
    /* argv strings are writable */
    if (argc > 1) {
        argv[1][0] = 'J';
        printf("modified argv[1] = %s\n", argv[1]);
    }
    return argc;
}
