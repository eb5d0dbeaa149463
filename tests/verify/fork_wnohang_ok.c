// expect: valid
// waitpid with WNOHANG: 0 while the child lives, its pid once it is a
// zombie; a blocking wait waits for it
#include <assert.h>
#include <errno.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
    pid_t pid = fork();
    if (pid == 0)
        return 0;
    int st, seen = 0;
    pid_t r = waitpid(pid, &st, WNOHANG);
    assert(r == 0 || r == pid);
    if (r == pid)
        seen = 1;
    if (!seen)
        assert(waitpid(pid, &st, 0) == pid);
    assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    assert(waitpid(pid, &st, WNOHANG) == -1 && errno == ECHILD);
    return 0;
}
