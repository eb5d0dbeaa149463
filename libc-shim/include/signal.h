/* <signal.h>: signals are delivered by raise(), kill() and pthread_kill(). */
#ifndef _SIGNAL_H
#define _SIGNAL_H 1

#include <bits/divm_cdefs.h>
#define __DIVM_NEED_pid_t
#define __DIVM_NEED_uid_t
#define __DIVM_NEED_sigset_t
#define __DIVM_NEED_timespec
#include <bits/divm_types.h>

__DIVM_BEGIN_DECLS

typedef int sig_atomic_t;
typedef void (*__sighandler_t)(int);
typedef __sighandler_t sighandler_t;
typedef __sighandler_t sig_t;

#define SIG_ERR ((__sighandler_t)-1)
#define SIG_DFL ((__sighandler_t)0)
#define SIG_IGN ((__sighandler_t)1)

#define SIGHUP 1
#define SIGINT 2
#define SIGQUIT 3
#define SIGILL 4
#define SIGTRAP 5
#define SIGABRT 6
#define SIGIOT 6
#define SIGBUS 7
#define SIGFPE 8
#define SIGKILL 9
#define SIGUSR1 10
#define SIGSEGV 11
#define SIGUSR2 12
#define SIGPIPE 13
#define SIGALRM 14
#define SIGTERM 15
#define SIGSTKFLT 16
#define SIGCHLD 17
#define SIGCLD SIGCHLD
#define SIGCONT 18
#define SIGSTOP 19
#define SIGTSTP 20
#define SIGTTIN 21
#define SIGTTOU 22
#define SIGURG 23
#define SIGXCPU 24
#define SIGXFSZ 25
#define SIGVTALRM 26
#define SIGPROF 27
#define SIGWINCH 28
#define SIGIO 29
#define SIGPOLL SIGIO
#define SIGPWR 30
#define SIGSYS 31
#define SIGRTMIN 34
#define SIGRTMAX 64
#define NSIG 65
#define _NSIG 65

#define SA_NOCLDSTOP 1
#define SA_NOCLDWAIT 2
#define SA_SIGINFO 4
#define SA_ONSTACK 0x08000000
#define SA_RESTART 0x10000000
#define SA_NODEFER 0x40000000
#define SA_RESETHAND 0x80000000
#define SIG_BLOCK 0
#define SIG_UNBLOCK 1
#define SIG_SETMASK 2

union sigval { int sival_int; void *sival_ptr; };
typedef union sigval sigval_t;

typedef struct
{
    int si_signo;
    int si_errno;
    int si_code;
    int __pad0;
    pid_t si_pid;
    uid_t si_uid;
    int si_status;
    union sigval si_value;
    void *si_addr;
    int __pad[18];
} siginfo_t;

struct sigaction
{
    union
    {
        __sighandler_t sa_handler;
        void (*sa_sigaction)(int, siginfo_t *, void *);
    } __sigaction_handler;
    sigset_t sa_mask;
    int sa_flags;
    void (*sa_restorer)(void);
};
#define sa_handler __sigaction_handler.sa_handler
#define sa_sigaction __sigaction_handler.sa_sigaction

__sighandler_t signal(int, __sighandler_t);
__sighandler_t sysv_signal(int, __sighandler_t);
__sighandler_t bsd_signal(int, __sighandler_t);
int raise(int);
int kill(pid_t, int);
int sigaction(int, const struct sigaction *__DIVM_RESTRICT, struct sigaction *__DIVM_RESTRICT);
int sigemptyset(sigset_t *);
int sigfillset(sigset_t *);
int sigaddset(sigset_t *, int);
int sigdelset(sigset_t *, int);
int sigismember(const sigset_t *, int);
int sigprocmask(int, const sigset_t *__DIVM_RESTRICT, sigset_t *__DIVM_RESTRICT);
int pthread_sigmask(int, const sigset_t *__DIVM_RESTRICT, sigset_t *__DIVM_RESTRICT);
int pthread_kill(unsigned long, int); /* (pthread_t) */
int sigpending(sigset_t *);
int sigsuspend(const sigset_t *);
void psignal(int, const char *);

__DIVM_END_DECLS

#endif
