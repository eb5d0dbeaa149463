// expect: error deadlock
// accept waits for a connection that no thread makes
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>

int main(void)
{
    struct sockaddr_un a;
    memset(&a, 0, sizeof a);
    a.sun_family = AF_UNIX;
    strcpy(a.sun_path, "s");
    int s = socket(AF_UNIX, SOCK_STREAM, 0);
    bind(s, (struct sockaddr *)&a, sizeof a);
    listen(s, 1);
    accept(s, 0, 0);
    return 0;
}
