// expect: error leak
// options: -o nofail:malloc --leakcheck exit
// what a child loses is a leak; what it still reaches when it calls exit
// (its globals, the live locals of its callers) is freed with it
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

char *kept;

int main(void)
{
    kept = malloc(4);
    char *local = malloc(8);
    pid_t pid = fork();
    if (pid == 0) {
        char *lost = malloc(32);
        lost = 0;
        (void)lost;
        exit(0);
    }
    wait(0);
    free(kept);
    free(local);
    return 0;
}
