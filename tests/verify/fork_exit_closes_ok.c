// expect: valid
// options: --leakcheck exit
// A child that exits without closing its descriptors: they close with it,
// so the parent reads the end of the file on the socket and on the pipe
// (not a deadlock)
#include <assert.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
    int sv[2], p[2];
    assert(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
    assert(pipe(p) == 0);
    pid_t pid = fork();
    assert(pid >= 0);
    if (pid == 0) {
        assert(write(sv[1], "r", 1) == 1);
        exit(0);
    }
    close(sv[1]);
    close(p[1]);
    char buf[2];
    assert(read(sv[0], buf, 2) == 1 && buf[0] == 'r');
    assert(read(sv[0], buf, 2) == 0);
    assert(read(p[0], buf, 2) == 0);
    assert(wait(0) == pid);
    close(sv[0]);
    close(p[0]);
    return 0;
}
