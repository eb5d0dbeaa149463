// expect: valid
// kill of another process: signal 0 checks it exists, a default action
// ends it (wait reports the signal), a handler runs in the child
#include <assert.h>
#include <errno.h>
#include <signal.h>
#include <sys/fault.h>
#include <sys/wait.h>
#include <unistd.h>

volatile int got;

static void on_usr1(int sig) { got = sig; }

int main(void)
{
    __dios_configure_fault(_DiOS_F_Exit, _DiOS_FC_Ignore);   /* the child exits with 3 */
    pid_t pid = fork();
    if (pid == 0)
        for (;;)
            ;
    assert(kill(pid, 0) == 0);
    assert(kill(pid, SIGTERM) == 0);
    int st;
    assert(waitpid(pid, &st, 0) == pid);
    assert(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM && !WIFEXITED(st));
    assert(kill(pid, 0) == -1 && errno == ESRCH);

    signal(SIGUSR1, on_usr1);
    pid = fork();
    if (pid == 0) {
        while (!got)
            ;
        return got == SIGUSR1 ? 3 : 4;
    }
    assert(kill(pid, SIGUSR1) == 0);
    assert(waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 3);
    assert(!got);   /* the handler ran in the child */
    return 0;
}
