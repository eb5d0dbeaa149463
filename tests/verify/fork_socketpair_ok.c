// expect: valid
// options: --leakcheck exit
// fork duplicates the socket descriptors: parent and child talk over a
// socketpair, and the parent sees the end of the file once both the child's
// and its own copy of the other end are closed
#include <assert.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
    int sv[2];
    assert(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
    pid_t pid = fork();
    assert(pid >= 0);
    if (pid == 0) {
        close(sv[0]);
        char c;
        assert(read(sv[1], &c, 1) == 1 && c == 'q');
        assert(write(sv[1], "r", 1) == 1);
        close(sv[1]);
        exit(0);
    }
    close(sv[1]);
    assert(write(sv[0], "q", 1) == 1);
    char buf[2];
    assert(read(sv[0], buf, 2) == 1 && buf[0] == 'r');
    assert(read(sv[0], buf, 2) == 0);
    int st;
    assert(wait(&st) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
    close(sv[0]);
    return 0;
}
