// expect: valid
// options: --leakcheck exit
// fork from a thread other than main: the child has only that thread, and
// its process ends when that thread returns; the parent's main waits for it
#include <assert.h>
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

int g;

static void *worker(void *arg)
{
    (void)arg;
    pid_t pid = fork();
    if (pid == 0) {
        g = 42;   /* the child's g */
        return 0;
    }
    return (void *)(long)pid;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    void *r;
    pthread_join(t, &r);
    pid_t pid = (pid_t)(long)r;
    assert(pid == 2);
    int st;
    assert(waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
    assert(g == 0);
    return 0;
}
