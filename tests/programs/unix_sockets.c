/* AF_UNIX sockets: a stream socketpair between two threads, a server and a
 * client over a bound path in one thread (connect before accept succeeds:
 * the backlog holds it), the end of the file after the peer's close, EPIPE,
 * the socket file in the file system, and the errors for descriptors that
 * are no sockets; datagrams keep their boundaries and their sender's name,
 * a full queue is EAGAIN.  Only relative names, so the native run (in a temporary
 * directory) prints what divm prints. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

static void show(const char *what, long r)
{
    printf("%s: %ld%s%s\n", what, r, r < 0 ? " " : "", r < 0 ? strerror(errno) : "");
}

/* the other end of the pair: upper-cases what comes until the end of the file */
static void *echo(void *arg)
{
    int fd = *(int *)arg;
    char buf[16];
    long n;
    while ((n = read(fd, buf, sizeof buf)) > 0) {
        for (long i = 0; i < n; i++)
            if (buf[i] >= 'a' && buf[i] <= 'z')
                buf[i] -= 32;
        if (write(fd, buf, (size_t)n) != n)
            break;
    }
    printf("echo: end of file %ld\n", n);
    close(fd);
    return 0;
}

static void pair(void)
{
    int sv[2];
    show("socketpair", socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
    pthread_t t;
    pthread_create(&t, 0, echo, &sv[1]);
    char buf[16] = { 0 };
    show("write", write(sv[0], "hello", 5));
    long n = 0;
    while (n < 5) {
        long k = read(sv[0], buf + n, sizeof buf - 1 - (size_t)n);
        if (k <= 0)
            break;
        n += k;
    }
    printf("reply: %s\n", buf);
    int r = shutdown(sv[0], SHUT_WR); /* shown after the echo's own line */
    pthread_join(t, 0);
    show("shutdown", r);
    show("read after the peer's close", read(sv[0], buf, sizeof buf));
    show("send after the peer's close", send(sv[0], "x", 1, MSG_NOSIGNAL));
    show("close", close(sv[0]));
}

static void named(void)
{
    struct sockaddr_un a;
    memset(&a, 0, sizeof a);
    a.sun_family = AF_UNIX;
    strcpy(a.sun_path, "sock.s");
    int srv = socket(AF_UNIX, SOCK_STREAM, 0);
    int cli = socket(AF_UNIX, SOCK_STREAM, 0);
    show("connect to nothing", connect(cli, (struct sockaddr *)&a, sizeof a));
    show("send unconnected", send(cli, "x", 1, MSG_NOSIGNAL));
    show("accept unbound", accept(srv, 0, 0));
    show("bind", bind(srv, (struct sockaddr *)&a, sizeof a));
    struct stat st;
    show("stat", stat("sock.s", &st));
    printf("S_ISSOCK %d\n", S_ISSOCK(st.st_mode));
    show("access", access("sock.s", F_OK));
    show("open", open("sock.s", O_RDONLY));
    show("connect before listen", connect(cli, (struct sockaddr *)&a, sizeof a));
    int other = socket(AF_UNIX, SOCK_STREAM, 0);
    show("bind in use", bind(other, (struct sockaddr *)&a, sizeof a));
    close(other);
    show("listen", listen(srv, 1));
    show("connect", connect(cli, (struct sockaddr *)&a, sizeof a));
    show("connect again", connect(cli, (struct sockaddr *)&a, sizeof a));
    int c = accept(srv, 0, 0);
    printf("accepted %d\n", c >= 0);
    struct sockaddr_un b;
    socklen_t len = sizeof b;
    memset(&b, 0, sizeof b);
    show("getsockname", getsockname(srv, (struct sockaddr *)&b, &len));
    printf("name %s\n", b.sun_path);
    memset(&b, 0, sizeof b);
    len = sizeof b;
    show("getpeername", getpeername(cli, (struct sockaddr *)&b, &len));
    printf("peer %s\n", b.sun_path);
    show("fstat", fstat(c, &st));
    printf("S_ISSOCK %d\n", S_ISSOCK(st.st_mode));
    show("lseek", lseek(c, 0, SEEK_SET));
    int type = 0;
    len = sizeof type;
    show("SO_TYPE", getsockopt(c, SOL_SOCKET, SO_TYPE, &type, &len));
    printf("type %d len %u\n", type, len);
    int one = 1;
    show("SO_REUSEADDR", setsockopt(srv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one));
    char buf[16] = { 0 };
    show("recv nothing yet", recv(c, buf, sizeof buf, MSG_DONTWAIT));
    show("send", send(cli, "ping", 4, 0));
    show("send", send(cli, "!", 1, 0));
    show("recv peek", recv(c, buf, 2, MSG_PEEK));
    show("recv", recv(c, buf, sizeof buf - 1, 0));
    printf("got %s\n", buf);
    show("write back", write(c, "pong", 4));
    memset(buf, 0, sizeof buf);
    show("read", read(cli, buf, sizeof buf));
    printf("got %s\n", buf);
    show("close client", close(cli));
    show("recv at the end", recv(c, buf, sizeof buf, 0));
    signal(SIGPIPE, SIG_IGN);
    show("write to a closed peer", write(c, "x", 1));
    close(c);
    close(srv);
    show("connect to a closed listener", connect(socket(AF_UNIX, SOCK_STREAM, 0), (struct sockaddr *)&a, sizeof a));
    show("unlink", unlink("sock.s"));
    show("access after unlink", access("sock.s", F_OK));
}

/* a peer that goes with bytes unread: the reader gets what was sent, then
 * ECONNRESET once, then the end of the file (Linux); writes get EPIPE */
static void reset(void)
{
    int sv[2];
    char b[4];
    socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
    write(sv[0], "abc", 3);
    write(sv[1], "z", 1);
    close(sv[1]);
    show("reset: write", write(sv[0], "x", 1));
    show("reset: read", read(sv[0], b, sizeof b));
    show("reset: read", read(sv[0], b, sizeof b));
    show("reset: read", read(sv[0], b, sizeof b));
    close(sv[0]);
}

static void dgram(void)
{
    int sv[2];
    char b[8] = { 0 };
    show("dgram socketpair", socketpair(AF_UNIX, SOCK_DGRAM, 0, sv));
    show("send", send(sv[1], "abc", 3, 0));
    show("send", send(sv[1], "de", 2, 0));
    show("recv 2 of 3", recv(sv[0], b, 2, 0));
    show("recv", recv(sv[0], b, sizeof b, 0));
    printf("got %.2s\n", b);
    show("recv empty", recv(sv[0], b, sizeof b, MSG_DONTWAIT));
    close(sv[1]);
    show("send to the closed peer", send(sv[0], "x", 1, 0));
    close(sv[0]);

    struct sockaddr_un a = { AF_UNIX, "dg.r" }, c = { AF_UNIX, "dg.s" }, f;
    int r = socket(AF_UNIX, SOCK_DGRAM, 0), w = socket(AF_UNIX, SOCK_DGRAM, 0);
    show("listen", listen(r, 1));
    show("bind", bind(r, (struct sockaddr *)&a, sizeof a));
    show("bind", bind(w, (struct sockaddr *)&c, sizeof c));
    show("sendto", sendto(w, "hi", 2, 0, (struct sockaddr *)&a, sizeof a));
    socklen_t len = sizeof f;
    memset(&f, 0, sizeof f);
    show("recvfrom", recvfrom(r, b, sizeof b, 0, (struct sockaddr *)&f, &len));
    printf("from %s\n", f.sun_path);
    int n = 0;
    while (sendto(w, "x", 1, MSG_DONTWAIT, (struct sockaddr *)&a, sizeof a) == 1)
        n++;
    printf("queued %d, then %s\n", n, strerror(errno));
    int type = 0;
    len = sizeof type;
    getsockopt(r, SOL_SOCKET, SO_TYPE, &type, &len);
    printf("SO_TYPE %d\n", type);
    int st = socket(AF_UNIX, SOCK_STREAM, 0);
    show("connect a stream to it", connect(st, (struct sockaddr *)&a, sizeof a));
    close(st);
    close(r);
    show("sendto a closed socket", sendto(w, "x", 1, 0, (struct sockaddr *)&a, sizeof a));
    close(w);
    unlink("dg.r");
    unlink("dg.s");
}

static void notsock(void)
{
    int fd = open("plain.txt", O_RDWR | O_CREAT | O_TRUNC, 0644);
    show("send on a file", send(fd, "x", 1, 0));
    show("listen on a file", listen(fd, 1));
    struct sockaddr_un a;
    socklen_t len = sizeof a;
    show("getsockname on a file", getsockname(fd, (struct sockaddr *)&a, &len));
    close(fd);
    unlink("plain.txt");
    show("send on a closed descriptor", send(fd, "x", 1, 0));
    show("recv on -1", recv(-1, 0, 0, 0));
}

int main(void)
{
    setvbuf(stdout, 0, _IONBF, 0);
    pair();
    named();
    reset();
    dgram();
    notsock();
    return 0;
}
