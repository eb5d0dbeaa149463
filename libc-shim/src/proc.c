/* Processes and the sandbox's closed doors: fork and wait are DiOS's
 * processes; a program under divm cannot run other programs, reach a shell
 * or open network connections.  Each such call fails as POSIX allows
 * (ENOSYS for exec and spawn; socket() fails with EACCES for AF_INET, see
 * fs.c for AF_UNIX sockets), so that a program's own error handling runs. */
#define _GNU_SOURCE 1
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <spawn.h>
#include <sys/wait.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <netdb.h>
#include "internal.h"

static int nosys(void)
{
    errno = ENOSYS;
    return -1;
}

/* system(NULL) asks whether there is a shell: there is none */
int system(const char *cmd)
{
    if (!cmd)
        return 0;
    return nosys();
}

/* fork (DiOS's, DIVINE's semantics): the pthread_atfork prepare handlers,
 * then the copy, then the parent or the child handlers.  The file system is
 * the kernel's: the child shares it and the open file descriptions, with a
 * copy of the descriptor table. */
void __dios_run_atfork(int phase);
int __dios_fork(void *const *block);
void **__divm_fs_fork_block(void);
void __divm_fs_fork_done(void **block, int child);
pid_t fork(void)
{
    __dios_run_atfork(0);
    void **block = __divm_fs_fork_block();
    pid_t pid = __dios_fork((void *const *)block);
    __divm_fs_fork_done(block, pid == 0);
    __dios_run_atfork(pid == 0 ? 2 : 1);
    return pid;
}
pid_t vfork(void) { return nosys(); }
int execv(const char *p, char *const a[]) { (void)p; (void)a; return nosys(); }
int execvp(const char *p, char *const a[]) { (void)p; (void)a; return nosys(); }
int execve(const char *p, char *const a[], char *const e[]) { (void)p; (void)a; (void)e; return nosys(); }
int execvpe(const char *p, char *const a[], char *const e[]) { (void)p; (void)a; (void)e; return nosys(); }
int fexecve(int fd, char *const a[], char *const e[]) { (void)fd; (void)a; (void)e; return nosys(); }
int execl(const char *p, const char *a, ...) { (void)p; (void)a; return nosys(); }
int execlp(const char *p, const char *a, ...) { (void)p; (void)a; return nosys(); }
int execle(const char *p, const char *a, ...) { (void)p; (void)a; return nosys(); }

int posix_spawn(pid_t *__restrict pid, const char *__restrict path, const posix_spawn_file_actions_t *fa,
                const posix_spawnattr_t *__restrict at, char *const argv[], char *const envp[])
{
    (void)pid; (void)path; (void)fa; (void)at; (void)argv; (void)envp;
    return ENOSYS; /* an error number, not -1 */
}

int posix_spawnp(pid_t *__restrict pid, const char *__restrict file, const posix_spawn_file_actions_t *fa,
                 const posix_spawnattr_t *__restrict at, char *const argv[], char *const envp[])
{
    return posix_spawn(pid, file, fa, at, argv, envp);
}

int posix_spawnattr_init(posix_spawnattr_t *a) { memset(a, 0, sizeof *a); return 0; }
int posix_spawnattr_destroy(posix_spawnattr_t *a) { (void)a; return 0; }
int posix_spawnattr_setflags(posix_spawnattr_t *a, short f) { a->__flags = f; return 0; }
int posix_spawnattr_getflags(const posix_spawnattr_t *__restrict a, short *__restrict f) { *f = a->__flags; return 0; }
int posix_spawn_file_actions_init(posix_spawn_file_actions_t *fa) { memset(fa, 0, sizeof *fa); return 0; }
int posix_spawn_file_actions_destroy(posix_spawn_file_actions_t *fa) { (void)fa; return 0; }

int posix_spawn_file_actions_addopen(posix_spawn_file_actions_t *__restrict fa, int fd,
                                     const char *__restrict path, int flags, mode_t mode)
{
    (void)fa; (void)path; (void)flags; (void)mode;
    return fd < 0 ? EBADF : 0;
}

int posix_spawn_file_actions_addclose(posix_spawn_file_actions_t *fa, int fd) { (void)fa; return fd < 0 ? EBADF : 0; }
int posix_spawn_file_actions_adddup2(posix_spawn_file_actions_t *fa, int fd, int fd2)
{
    (void)fa;
    return fd < 0 || fd2 < 0 ? EBADF : 0;
}

static int nochild(void)
{
    errno = ECHILD;
    return -1;
}

int __dios_wait4(int pid, int *st, int opt);
pid_t wait(int *st) { return __dios_wait4(-1, st, 0); }
pid_t waitpid(pid_t pid, int *st, int opt) { return __dios_wait4(pid, st, opt); }
pid_t wait3(int *st, int opt, struct rusage *ru) { (void)ru; return __dios_wait4(-1, st, opt); }
pid_t wait4(pid_t pid, int *st, int opt, struct rusage *ru) { (void)ru; return __dios_wait4(pid, st, opt); }
int waitid(idtype_t t, id_t id, siginfo_t *info, int opt) { (void)t; (void)id; (void)info; (void)opt; return nochild(); }

FILE *popen(const char *cmd, const char *mode)
{
    (void)cmd;
    (void)mode;
    errno = ENOSYS;
    return 0;
}

int pclose(FILE *f)
{
    (void)f;
    return nochild();
}

/* -- byte order and address text (pure computation) ------------------------------- */

uint32_t htonl(uint32_t x) { return __builtin_bswap32(x); }
uint16_t htons(uint16_t x) { return __builtin_bswap16(x); }
uint32_t ntohl(uint32_t x) { return __builtin_bswap32(x); }
uint16_t ntohs(uint16_t x) { return __builtin_bswap16(x); }

/* dotted quad only (a.b.c.d, each 0-255) */
int inet_aton(const char *s, struct in_addr *a)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) {
        if (*s < '0' || *s > '9')
            return 0;
        unsigned n = 0;
        int digits = 0;
        while (*s >= '0' && *s <= '9' && digits < 4) {
            n = n * 10 + (unsigned)(*s++ - '0');
            digits++;
        }
        if (n > 255)
            return 0;
        v = v << 8 | n;
        if (i < 3 && *s++ != '.')
            return 0;
    }
    if (*s)
        return 0;
    if (a)
        a->s_addr = htonl(v);
    return 1;
}

in_addr_t inet_addr(const char *s)
{
    struct in_addr a;
    return inet_aton(s, &a) ? a.s_addr : INADDR_NONE;
}

char *inet_ntoa(struct in_addr a)
{
    static char buf[INET_ADDRSTRLEN];
    uint32_t v = ntohl(a.s_addr);
    snprintf(buf, sizeof buf, "%u.%u.%u.%u", v >> 24, (v >> 16) & 255, (v >> 8) & 255, v & 255);
    return buf;
}

int inet_pton(int af, const char *__restrict s, void *__restrict dst)
{
    if (af != AF_INET) {
        errno = EAFNOSUPPORT;
        return -1;
    }
    return inet_aton(s, dst);
}

const char *inet_ntop(int af, const void *__restrict src, char *__restrict dst, socklen_t n)
{
    if (af != AF_INET) {
        errno = EAFNOSUPPORT;
        return 0;
    }
    struct in_addr a;
    memcpy(&a, src, sizeof a);
    const char *t = inet_ntoa(a);
    if (strlen(t) + 1 > n) {
        errno = ENOSPC;
        return 0;
    }
    strcpy(dst, t);
    return dst;
}

/* -- name resolution: nothing resolves ---------------------------------------------- */

int h_errno;

struct hostent *gethostbyname(const char *name)
{
    (void)name;
    h_errno = HOST_NOT_FOUND;
    return 0;
}

struct hostent *gethostbyaddr(const void *a, socklen_t n, int t)
{
    (void)a; (void)n; (void)t;
    h_errno = HOST_NOT_FOUND;
    return 0;
}

int getaddrinfo(const char *__restrict node, const char *__restrict service, const struct addrinfo *__restrict hints,
                struct addrinfo **__restrict res)
{
    (void)node; (void)service; (void)hints;
    *res = 0;
    return EAI_FAIL;
}

void freeaddrinfo(struct addrinfo *ai) { (void)ai; }

const char *gai_strerror(int e)
{
    switch (e) {
    case EAI_NONAME: return "Name or service not known";
    case EAI_AGAIN: return "Temporary failure in name resolution";
    case EAI_FAIL: return "Non-recoverable failure in name resolution";
    case EAI_MEMORY: return "Memory allocation failure";
    case EAI_FAMILY: return "ai_family not supported";
    case EAI_SERVICE: return "Servname not supported for ai_socktype";
    case EAI_SYSTEM: return "System error";
    }
    return "Unknown error";
}

int getnameinfo(const struct sockaddr *__restrict a, socklen_t al, char *__restrict h, socklen_t hl,
                char *__restrict s, socklen_t sl, int fl)
{
    (void)a; (void)al; (void)h; (void)hl; (void)s; (void)sl; (void)fl;
    return EAI_FAIL;
}
