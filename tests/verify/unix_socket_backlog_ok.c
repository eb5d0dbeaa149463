// expect: valid
// options: --leakcheck exit
// A listener with backlog 0 queues one connection (as Linux); a second
// connect waits for an accept (EAGAIN without waiting for a non-blocking
// socket); closing the listener drops the queued connection, whose client
// reads ECONNRESET once (as on Linux), then the end of the file
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static struct sockaddr_un a;

static void *client(void *arg)
{
    (void)arg;
    int c = socket(AF_UNIX, SOCK_STREAM, 0);
    assert(connect(c, (struct sockaddr *)&a, sizeof a) == 0); /* waits for room */
    assert(write(c, "2", 1) == 1);
    close(c);
    return 0;
}

int main(void)
{
    a.sun_family = AF_UNIX;
    strcpy(a.sun_path, "s");
    int s = socket(AF_UNIX, SOCK_STREAM, 0);
    assert(bind(s, (struct sockaddr *)&a, sizeof a) == 0);
    assert(listen(s, 0) == 0);
    int c1 = socket(AF_UNIX, SOCK_STREAM, 0);
    assert(connect(c1, (struct sockaddr *)&a, sizeof a) == 0);
    int nb = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);
    assert(connect(nb, (struct sockaddr *)&a, sizeof a) == -1 && errno == EAGAIN);
    pthread_t t;
    pthread_create(&t, 0, client, 0);
    int s1 = accept(s, 0, 0);
    int s2 = accept(s, 0, 0);
    assert(s1 >= 0 && s2 >= 0);
    char b;
    assert(read(s2, &b, 1) == 1 && b == '2');
    pthread_join(t, 0);
    int c3 = socket(AF_UNIX, SOCK_STREAM, 0);
    assert(connect(c3, (struct sockaddr *)&a, sizeof a) == 0);
    close(s); /* c3's connection was never accepted */
    assert(read(c3, &b, 1) == -1 && errno == ECONNRESET);
    assert(read(c3, &b, 1) == 0);
    assert(connect(nb, (struct sockaddr *)&a, sizeof a) == -1 && errno == ECONNREFUSED);
    close(c1);
    close(c3);
    close(nb);
    close(s1);
    close(s2);
    unlink("s");
    return 0;
}
