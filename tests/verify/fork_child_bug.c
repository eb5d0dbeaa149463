// expect: error assert
// a bug only the child has: it sees the value the parent had at the fork
#include <assert.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int counter;

int main(void)
{
    int *shared = malloc(sizeof *shared);
    if (!shared)
        return 0;
    *shared = 0;
    counter = __VERIFIER_nondet_int() > 0;
    pid_t pid = fork();
    if (pid == 0) {
        *shared += 1;
        assert(counter == 0);   // ERROR
        free(shared);
        return 0;
    }
    wait(0);
    assert(*shared == 0);   /* the child's increment was on its copy */
    free(shared);
    return 0;
}
