// expect: valid
// options: --leakcheck exit
// The file system is shared by parent and child even when the program
// first uses it after fork: the child's bound socket stays visible to the
// parent after the child exits; its socket closed with it (ECONNREFUSED)
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
    struct sockaddr_un a;
    memset(&a, 0, sizeof a);
    a.sun_family = AF_UNIX;
    strcpy(a.sun_path, "s");
    pid_t pid = fork();
    assert(pid >= 0);
    if (pid == 0) {
        int s = socket(AF_UNIX, SOCK_STREAM, 0);
        assert(bind(s, (struct sockaddr *)&a, sizeof a) == 0);
        assert(listen(s, 1) == 0);
        exit(0);
    }
    assert(wait(0) == pid);
    struct stat st;
    assert(stat("s", &st) == 0 && S_ISSOCK(st.st_mode));
    int c = socket(AF_UNIX, SOCK_STREAM, 0);
    assert(connect(c, (struct sockaddr *)&a, sizeof a) == -1 && errno == ECONNREFUSED);
    close(c);
    assert(unlink("s") == 0);
    return 0;
}
