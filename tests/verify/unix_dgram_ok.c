// expect: valid
// options: --leakcheck exit
// AF_UNIX datagrams between threads, every interleaving: a receiver waits
// for each datagram, which arrive whole and in order; a sender to a full
// queue (11 datagrams, as Linux's default) waits for the receiver
#include <assert.h>
#include <pthread.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static int sv[2];

static void *receiver(void *arg)
{
    (void)arg;
    char b[4];
    for (int i = 0; i < 12; i++) {
        struct sockaddr_un f;
        socklen_t len = sizeof f;
        assert(recvfrom(sv[0], b, sizeof b, 0, (struct sockaddr *)&f, &len) == 2);
        assert(b[0] == 'a' + i && b[1] == '!');
    }
    return 0;
}

int main(void)
{
    assert(socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) == 0);
    char m[2] = { 'a', '!' };
    for (int i = 0; i < 11; i++, m[0]++)
        assert(send(sv[1], m, 2, 0) == 2);
    assert(send(sv[1], m, 2, MSG_DONTWAIT) == -1);
    pthread_t t;
    pthread_create(&t, 0, receiver, 0);
    assert(send(sv[1], m, 2, 0) == 2); /* waits for room */
    pthread_join(t, 0);
    close(sv[0]);
    close(sv[1]);
    return 0;
}
