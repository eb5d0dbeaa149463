/* <err.h>: "NAME: message[: strerror]" on stderr. */
#define _GNU_SOURCE 1
#include <err.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern char *program_invocation_short_name;

static void say(int with_errno, const char *fmt, va_list ap)
{
    int e = errno;
    const char *name = program_invocation_short_name;
    if (name && *name)
        fprintf(stderr, "%s: ", name);
    if (fmt) {
        vfprintf(stderr, fmt, ap);
        if (with_errno)
            fputs(": ", stderr);
    }
    if (with_errno)
        fputs(strerror(e), stderr);
    fputc('\n', stderr);
}

void vwarn(const char *fmt, va_list ap) { say(1, fmt, ap); }
void vwarnx(const char *fmt, va_list ap) { say(0, fmt, ap); }
void verr(int status, const char *fmt, va_list ap) { say(1, fmt, ap); exit(status); }
void verrx(int status, const char *fmt, va_list ap) { say(0, fmt, ap); exit(status); }

void warn(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(1, fmt, ap);
    va_end(ap);
}

void warnx(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(0, fmt, ap);
    va_end(ap);
}

void err(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(1, fmt, ap);
    va_end(ap);
    exit(status);
}

void errx(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(0, fmt, ap);
    va_end(ap);
    exit(status);
}
