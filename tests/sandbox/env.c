// The environment is what divm passes (nothing): no host variable leaks.
#include <stdio.h>
#include <stdlib.h>

extern char **environ;

int main(int argc, char **argv, char **envp)
{
    (void)argc;
    (void)argv;
    const char *names[] = { "HOME", "PATH", "USER", "DIVM_SANDBOX_SECRET", "PYTHONPATH" };
    for (int i = 0; i < 5; i++)
        printf("%s=%s\n", names[i], getenv(names[i]) ? getenv(names[i]) : "(null)");
    int n = 0;
    for (char **e = environ; *e; e++)
        n++;
    printf("environ %d\n", n);
    n = 0;
    for (char **e = envp; *e; e++)
        n++;
    printf("envp %d\n", n);
    setenv("HOME", "/home/inside", 1);
    printf("HOME=%s\n", getenv("HOME"));
    return 0;
}
