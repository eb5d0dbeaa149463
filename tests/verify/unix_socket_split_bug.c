// expect: error assert
// A stream has no message boundaries: two sends may reach a recv apart,
// so a server that expects both in one recv fails in some interleaving
#include <assert.h>
#include <pthread.h>
#include <sys/socket.h>
#include <unistd.h>

static int sv[2];

static void *client(void *arg)
{
    (void)arg;
    send(sv[1], "ab", 2, 0);
    send(sv[1], "cd", 2, 0);
    return 0;
}

int main(void)
{
    assert(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
    pthread_t t;
    pthread_create(&t, 0, client, 0);
    char buf[4];
    assert(recv(sv[0], buf, 4, 0) == 4);
    pthread_join(t, 0);
    return 0;
}
