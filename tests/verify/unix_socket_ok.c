// expect: valid
// options: --leakcheck exit
// AF_UNIX stream sockets between threads, every interleaving: a server
// thread accepts (waiting, as a pipe read waits, until the client's connect
// is queued) and answers; the client sees the reply, then the end of the
// file after the server's close; a socketpair carries bytes both ways
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

static int srv;

static void *server(void *arg)
{
    (void)arg;
    int c = accept(srv, 0, 0);
    assert(c >= 0);
    char buf[4];
    assert(read(c, buf, 4) == 4 && !memcmp(buf, "ping", 4));
    assert(write(c, "pong", 4) == 4);
    assert(close(c) == 0);
    return 0;
}

static int pair[2];

static void *peer(void *arg)
{
    (void)arg;
    char b;
    assert(read(pair[1], &b, 1) == 1 && b == 'a');
    assert(write(pair[1], "b", 1) == 1);
    return 0;
}

int main(void)
{
    struct sockaddr_un a;
    memset(&a, 0, sizeof a);
    a.sun_family = AF_UNIX;
    strcpy(a.sun_path, "/tmp/s");
    srv = socket(AF_UNIX, SOCK_STREAM, 0);
    assert(srv >= 0);
    assert(bind(srv, (struct sockaddr *)&a, sizeof a) == 0);
    assert(listen(srv, 0) == 0);
    pthread_t t;
    pthread_create(&t, 0, server, 0);
    int cli = socket(AF_UNIX, SOCK_STREAM, 0);
    assert(connect(cli, (struct sockaddr *)&a, sizeof a) == 0);
    assert(send(cli, "ping", 4, 0) == 4);
    char buf[8];
    assert(recv(cli, buf, 4, MSG_WAITALL) == 4 && !memcmp(buf, "pong", 4));
    assert(recv(cli, buf, sizeof buf, 0) == 0); /* the server closed */
    pthread_join(t, 0);
    close(cli);
    close(srv);
    struct stat st;
    assert(stat("/tmp/s", &st) == 0 && S_ISSOCK(st.st_mode));
    assert(unlink("/tmp/s") == 0);
    assert(access("/tmp/s", F_OK) == -1 && errno == ENOENT);

    assert(socketpair(AF_UNIX, SOCK_STREAM, 0, pair) == 0);
    pthread_create(&t, 0, peer, 0);
    assert(write(pair[0], "a", 1) == 1);
    char b;
    assert(read(pair[0], &b, 1) == 1 && b == 'b');
    pthread_join(t, 0);
    close(pair[0]);
    close(pair[1]);
    return 0;
}
