/* <syslog.h>: no log daemon; LOG_PERROR copies messages to stderr. */
#define _GNU_SOURCE 1
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

extern char *program_invocation_short_name;

static const char *log_ident;
static int log_option;
static int log_mask = 0xff;

void openlog(const char *ident, int option, int facility)
{
    (void) facility;
    log_ident = ident;
    log_option = option;
}

void closelog(void)
{
    log_ident = 0; /* (glibc keeps the options) */
}

int setlogmask(int mask)
{
    int old = log_mask;
    if (mask)
        log_mask = mask;
    return old;
}

void vsyslog(int priority, const char *fmt, va_list ap)
{
    int e = errno;
    char *msg = 0;
    /* formatted even when nobody sees it: the arguments are read as printf reads them */
    int n = vasprintf(&msg, fmt, ap);
    if (n >= 0 && (log_mask & LOG_MASK(LOG_PRI(priority))) && (log_option & LOG_PERROR)) {
        const char *ident = log_ident ? log_ident : program_invocation_short_name;
        if (log_option & LOG_PID)
            fprintf(stderr, "%s[%d]: %s", ident ? ident : "", (int) getpid(), msg);
        else
            fprintf(stderr, "%s: %s", ident ? ident : "", msg);
        if (n == 0 || msg[n - 1] != '\n')
            fputc('\n', stderr);
    }
    free(msg);
    errno = e;
}

void syslog(int priority, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsyslog(priority, fmt, ap);
    va_end(ap);
}
