/* Signal handlers a program installs on itself: signal(), sigaction() with
 * SA_RESETHAND and SA_SIGINFO, SIG_IGN, the old handler given back; raise()
 * runs the handler at once.  And 40 atexit handlers (more than one block),
 * run newest first. */
#define _GNU_SOURCE 1
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile int hits[4];

static void h1(int sig) { hits[0] += sig; }
static void h2(int sig) { hits[1] += sig * 2; }
static void h3(int sig, siginfo_t *info, void *ctx)
{
    (void)ctx;
    hits[2] += sig + (info->si_signo == sig);
}

static int norder;
static void at(void) { printf("%d", norder % 10); norder++; }
static void last(void) { printf("\nexit handlers: %d\n", norder); }

int main(void)
{
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    printf("initial %s\n", signal(SIGUSR1, h1) == SIG_DFL ? "SIG_DFL" : "other");
    raise(SIGUSR1);
    raise(SIGUSR1);
    printf("h1 %d\n", hits[0]);
    printf("old is h1: %d\n", signal(SIGUSR1, h2) == h1);
    raise(SIGUSR1);
    printf("h2 %d\n", hits[1]);

    sa.sa_handler = h1;
    sa.sa_flags = SA_RESETHAND;
    sigaction(SIGUSR2, &sa, &old);
    printf("old SIGUSR2 default: %d\n", old.sa_handler == SIG_DFL);
    raise(SIGUSR2);
    sigaction(SIGUSR2, 0, &old);
    printf("after SA_RESETHAND: %d, h1 %d\n", old.sa_handler == SIG_DFL, hits[0]);

    sa.sa_sigaction = h3;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGTERM, &sa, 0);
    raise(SIGTERM);
    printf("h3 %d\n", hits[2]);

    signal(SIGINT, SIG_IGN);
    raise(SIGINT);
    printf("ignored SIGINT, still here; SIGHUP handler default: %d\n", signal(SIGHUP, SIG_DFL) == SIG_DFL);

    atexit(last);
    for (int i = 0; i < 40; i++)
        atexit(at);
    return 0;
}
