/* glibc extensions and less common POSIX calls: asprintf, strerror_r in
 * both forms, <stdio_ext.h>, swab, process groups, raise(0), syscall(). */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* the XSI strerror_r, as glibc exports it without _GNU_SOURCE */
int __xpg_strerror_r(int, char *, size_t);

static int call_vasprintf(char **out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vasprintf(out, fmt, ap);
    va_end(ap);
    return r;
}

int main(void)
{
    char *s = NULL;
    int r = asprintf(&s, "test %d %03ld %s", 0, 42L, "x");
    printf("asprintf %d [%s]\n", r, s);
    free(s);
    r = call_vasprintf(&s, "%5.2f|%-4s|", 3.14159, "ab");
    printf("vasprintf %d [%s]\n", r, s);
    free(s);

    char buf[64];
    char *g = strerror_r(ENOENT, buf, sizeof buf);
    printf("gnu: %s\n", g);
    g = strerror_r(9999, buf, sizeof buf);
    printf("gnu unknown: %s\n", g);
    r = __xpg_strerror_r(ESRCH, buf, sizeof buf);
    printf("xsi: %d %s\n", r, buf);
    char small[6];
    r = __xpg_strerror_r(ENOENT, small, sizeof small);
    printf("xsi small: %d %s\n", r == ERANGE, small);
    r = __xpg_strerror_r(9999, buf, sizeof buf);
    printf("xsi unknown: %d %s\n", r == EINVAL, buf);

    FILE *f = fopen("ext.txt", "w");
    if (!f)
        return 2;
    fputc('x', f);
    printf("fwriting %d freading %d fpending-empty %d\n", __fwriting(f) != 0, __freading(f) != 0,
           __fpending(f) <= 1);
    fclose(f);
    f = fopen("ext.txt", "r");
    if (!f)
        return 2;
    printf("read %c freading %d fwriting %d\n", fgetc(f), __freading(f) != 0, __fwriting(f) != 0);
    __fpurge(f);
    fclose(f);
    remove("ext.txt");

    char in[7] = { 1, 2, 3, 4, 5, 6, 7 }, out[7] = { 0 };
    swab(in, out, 7);
    printf("swab %d %d %d %d %d %d %d\n", out[0], out[1], out[2], out[3], out[4], out[5], out[6]);

    pid_t me = getpid();
    printf("pgid %d sid %d\n", getpgid(0) == getpgrp(), getsid(0) == getsid(me));
    errno = 0;
    r = setpgid(0, -1);
    printf("setpgid(-1) %d %d\n", r, errno == EINVAL);
    printf("raise(0) %d\n", raise(0));
    printf("syscall getpid %d\n", syscall(SYS_getpid) == getpid());
    fflush(stdout);
    long w = syscall(SYS_write, 1, "via syscall\n", 12UL);
    printf("wrote %ld\n", w);
    return 0;
}
