// Tries to open network connections.
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static void show(const char *what, long r)
{
    printf("%s: %ld%s%s\n", what, r, r < 0 ? " " : "", r < 0 ? strerror(errno) : "");
}

int main(void)
{
    int s = socket(AF_INET, SOCK_STREAM, 0);
    show("socket", s);
    show("socket unix seqpacket", socket(AF_UNIX, SOCK_SEQPACKET, 0));
    int sv[2];
    show("socketpair", socketpair(AF_UNIX, SOCK_STREAM, 0, sv));
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons(80);
    a.sin_addr.s_addr = inet_addr("127.0.0.1");
    printf("port %u addr %s\n", ntohs(a.sin_port), inet_ntoa(a.sin_addr));
    show("connect", connect(s, (struct sockaddr *)&a, sizeof a));
    show("connect 3", connect(3, (struct sockaddr *)&a, sizeof a));
    show("bind", bind(s, (struct sockaddr *)&a, sizeof a));
    show("listen", listen(s, 5));
    show("accept", accept(s, 0, 0));
    show("send on stdout", send(1, "x", 1, 0));
    struct addrinfo *res;
    int e = getaddrinfo("example.com", "80", 0, &res);
    printf("getaddrinfo: %s\n", gai_strerror(e));
    printf("gethostbyname: %s\n", gethostbyname("localhost") ? "found" : "not found");
    return 0;
}
