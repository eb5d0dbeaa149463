// expect: valid
// pthread_atfork: prepare before the fork (last registered first), parent
// and child after it (in registration order), in the forking thread
#include <assert.h>
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

int order[8], n;

static void prep1(void) { order[n++] = 1; }
static void prep2(void) { order[n++] = 2; }
static void parent1(void) { order[n++] = 10; }
static void parent2(void) { order[n++] = 20; }
static void child1(void) { order[n++] = 100; }
static void child2(void) { order[n++] = 200; }

int main(void)
{
    pthread_atfork(prep1, parent1, child1);
    pthread_atfork(prep2, parent2, child2);
    pid_t pid = fork();
    assert(n == 4 && order[0] == 2 && order[1] == 1);
    if (pid == 0) {
        assert(order[2] == 100 && order[3] == 200);
        return 0;
    }
    assert(order[2] == 10 && order[3] == 20);
    wait(0);
    return 0;
}
