// expect: valid
// options: --leakcheck exit
// fork: the child's globals and heap are its own copies; wait gives its
// exit status; getpid/getppid/getpgid follow DiOS (pid 1 is the program)
#include <assert.h>
#include <stdlib.h>
#include <sys/fault.h>
#include <sys/wait.h>
#include <unistd.h>

int x = 1;
int *p;

int main(void)
{
    __dios_configure_fault(_DiOS_F_Exit, _DiOS_FC_Ignore);   /* the child exits with 7 */
    p = malloc(sizeof *p);
    if (!p)
        return 0;
    *p = 10;
    assert(getpid() == 1 && getppid() == 0 && getpgid(0) == 1);
    pid_t pid = fork();
    assert(pid >= 0);
    if (pid == 0) {
        assert(getpid() == 2 && getppid() == 1 && getpgid(0) == 1);
        assert(x == 1 && *p == 10);
        x = 2;
        *p = 20;
        free(p);
        exit(7);
    }
    assert(pid == 2);
    int st;
    assert(waitpid(pid, &st, 0) == pid);
    assert(WIFEXITED(st) && WEXITSTATUS(st) == 7 && !WIFSIGNALED(st));
    assert(x == 1 && *p == 10);   /* the child's writes and free were its own */
    assert(waitpid(-1, &st, 0) == -1);   /* ECHILD: reaped */
    free(p);
    return 0;
}
