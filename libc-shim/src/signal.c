/* Signals: those a program raises on itself are delivered at once; kill of
 * another process is DiOS's (its default action, or its handler in a thread
 * of that process). */
#define _GNU_SOURCE 1
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/dios_syscall.h>

void *__divm_ialloc(size_t n);

/* the handlers, made when the first is installed: most programs install
 * none, and the table would be kilobytes of every state.  The table is the
 * process's, kept by DiOS: kill from another process reads it */
void **__dios_sigtab(void);
#define actions (*(struct sigaction **)__dios_sigtab())
static const struct sigaction dfl; /* SIG_DFL, no flags */

static const struct sigaction *get(int sig)
{
    return actions ? &actions[sig] : &dfl;
}

static struct sigaction *set(int sig)
{
    if (!actions) {
        actions = __divm_ialloc(NSIG * sizeof *actions);
        memset(actions, 0, NSIG * sizeof *actions);
    }
    return &actions[sig];
}

__sighandler_t signal(int sig, __sighandler_t h)
{
    if (sig <= 0 || sig >= NSIG || sig == SIGKILL || sig == SIGSTOP) {
        errno = EINVAL;
        return SIG_ERR;
    }
    __sighandler_t old = get(sig)->sa_handler;
    struct sigaction *a = set(sig);
    a->sa_handler = h;
    a->sa_flags = 0;
    return old;
}

__sighandler_t sysv_signal(int sig, __sighandler_t h) { return signal(sig, h); }
__sighandler_t bsd_signal(int sig, __sighandler_t h) { return signal(sig, h); }

int sigaction(int sig, const struct sigaction *__restrict act, struct sigaction *__restrict old)
{
    if (sig <= 0 || sig >= NSIG || ((sig == SIGKILL || sig == SIGSTOP) && act)) {
        errno = EINVAL;
        return -1;
    }
    if (old)
        *old = *get(sig);
    if (act)
        *set(sig) = *act;
    return 0;
}

/* runs a handler the program installed; returns 0 if there is none */
static int deliver(int sig)
{
    struct sigaction a = *get(sig);
    if (a.sa_handler == SIG_DFL || a.sa_handler == SIG_IGN)
        return 0;
    if (a.sa_flags & SA_RESETHAND)
        set(sig)->sa_handler = SIG_DFL;
    if (a.sa_flags & SA_SIGINFO) {
        siginfo_t info;
        memset(&info, 0, sizeof info);
        info.si_signo = sig;
        info.si_code = -6; /* SI_TKILL */
        info.si_pid = 1;
        a.sa_sigaction(sig, &info, 0);
    } else
        a.sa_handler(sig);
    return 1;
}

/* abort() first gives a SIGABRT handler its chance */
void __divm_abort_signal(void)
{
    deliver(SIGABRT);
}

int raise(int sig)
{
    if (sig == 0)
        return 0; /* the null signal: only checks that the thread exists */
    if (sig < 0 || sig >= NSIG) {
        errno = EINVAL;
        return -1;
    }
    if (deliver(sig) || get(sig)->sa_handler == SIG_IGN)
        return 0;
    switch (sig) {
    case SIGCHLD: case SIGURG: case SIGWINCH: case SIGCONT:
        return 0; /* ignored by default */
    case SIGABRT:
        abort();
    }
    /* terminated by the signal, as a shell would report it */
    __dios_exit_signal(128 + sig);
}

/* a handler kill from another process makes a thread of this one run */
void __divm_signal_trampoline(void *sig)
{
    deliver((int)(intptr_t)sig);
}

int __dios_signal_thread(unsigned long tid, int sig);

/* another thread's handler runs in it (DiOS pushes the call on its stack);
 * a default action is the process's, as raise() does it */
int pthread_kill(unsigned long t, int sig)
{
    if (sig < 0 || sig >= NSIG)
        return EINVAL;
    int r = __dios_signal_thread(t, 0);
    if (r || sig == 0)
        return r;
    const struct sigaction *a = get(sig);
    if (a->sa_handler == SIG_IGN)
        return 0;
    if (a->sa_handler == SIG_DFL || t == (unsigned long)pthread_self()) {
        raise(sig);
        return 0;
    }
    return __dios_signal_thread(t, sig);
}

/* one mask for the process, as sigprocmask keeps it */
int pthread_sigmask(int how, const sigset_t *__restrict set, sigset_t *__restrict old)
{
    return sigprocmask(how, set, old) ? errno : 0;
}

int __dios_kill_proc(int pid, int sig);
int kill(pid_t pid, int sig)
{
    if (sig < 0 || sig >= NSIG) {
        errno = EINVAL;
        return -1;
    }
    if (pid != getpid() && pid != 0 && pid != -1)
        return __dios_kill_proc(pid, sig);
    if (sig == 0)
        return 0;
    return raise(sig);
}

int sigemptyset(sigset_t *s)
{
    memset(s, 0, sizeof *s);
    return 0;
}

int sigfillset(sigset_t *s)
{
    memset(s, 0xff, sizeof *s);
    return 0;
}

/* bits in a word of a sigset_t: 32 under LLP64, where long is 32 bits */
#define SIGW (8 * (int)sizeof(unsigned long))

static int badsig(int sig)
{
    if (sig <= 0 || sig >= NSIG) {
        errno = EINVAL;
        return 1;
    }
    return 0;
}

int sigaddset(sigset_t *s, int sig)
{
    if (badsig(sig))
        return -1;
    s->__val[(sig - 1) / SIGW] |= 1ul << ((sig - 1) % SIGW);
    return 0;
}

int sigdelset(sigset_t *s, int sig)
{
    if (badsig(sig))
        return -1;
    s->__val[(sig - 1) / SIGW] &= ~(1ul << ((sig - 1) % SIGW));
    return 0;
}

int sigismember(const sigset_t *s, int sig)
{
    if (badsig(sig))
        return -1;
    return (s->__val[(sig - 1) / SIGW] >> ((sig - 1) % SIGW)) & 1;
}

/* masks are remembered but nothing is ever pending */
static sigset_t mask;

int sigprocmask(int how, const sigset_t *__restrict set, sigset_t *__restrict old)
{
    if (old)
        *old = mask;
    if (!set)
        return 0;
    for (unsigned i = 0; i < sizeof mask.__val / sizeof *mask.__val; i++) {
        switch (how) {
        case SIG_BLOCK: mask.__val[i] |= set->__val[i]; break;
        case SIG_UNBLOCK: mask.__val[i] &= ~set->__val[i]; break;
        case SIG_SETMASK: mask.__val[i] = set->__val[i]; break;
        default: errno = EINVAL; return -1;
        }
    }
    return 0;
}

int sigpending(sigset_t *s)
{
    return sigemptyset(s);
}

int __dios_pause(void);
int sigsuspend(const sigset_t *s)
{
    (void)s;
    __dios_pause();
    errno = EINTR;
    return -1;
}

void psignal(int sig, const char *s)
{
    if (s && *s)
        fprintf(stderr, "%s: %s\n", s, strsignal(sig));
    else
        fprintf(stderr, "%s\n", strsignal(sig));
}
