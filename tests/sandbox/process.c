// Tries to start processes: argv[1] is a host path that a started process
// would create.
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static void show(const char *what, long r)
{
    printf("%s: %ld%s%s\n", what, r, r < 0 ? " " : "", r < 0 ? strerror(errno) : "");
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    char cmd[600];
    snprintf(cmd, sizeof cmd, "touch %s", argv[1]);
    show("system(NULL)", system(NULL));
    show("system", system(cmd));
    char *args[] = { "/bin/sh", "-c", cmd, 0 };
    show("execve", execve("/bin/sh", args, environ));
    show("execv", execv("/bin/sh", args));
    show("execvp", execvp("sh", args));
    show("execl", execl("/bin/sh", "sh", "-c", cmd, (char *)0));
    show("execlp", execlp("sh", "sh", "-c", cmd, (char *)0));
    pid_t p = fork();
    if (p == 0) {
        execl("/bin/sh", "sh", "-c", cmd, (char *)0);
        _exit(0);
    }
    show("fork", p);
    show("vfork", vfork());
    FILE *f = popen(cmd, "r");
    printf("popen: %s\n", f ? "opened" : strerror(errno));
    pid_t pid;
    int e = posix_spawn(&pid, "/bin/sh", 0, 0, args, environ);
    printf("posix_spawn: %s\n", strerror(e));
    e = posix_spawnp(&pid, "sh", 0, 0, args, environ);
    printf("posix_spawnp: %s\n", strerror(e));
    int st;
    show("wait", wait(&st));
    show("waitpid", waitpid(-1, &st, WNOHANG));
    return 0;
}
