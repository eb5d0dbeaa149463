/* <libgen.h>: POSIX basename (as glibc's __xpg_basename) and dirname. */
#define _GNU_SOURCE 1
#include <string.h>

char *__xpg_basename(char *s)
{
    static char dot[] = ".";
    if (!s || !*s)
        return dot;
    size_t i = strlen(s) - 1;
    for (; i && s[i] == '/'; i--)
        s[i] = 0;
    for (; i && s[i - 1] != '/'; i--)
        ;
    return s + i;
}

char *dirname(char *s)
{
    static char dot[] = ".";
    if (!s || !*s)
        return dot;
    size_t i = strlen(s) - 1;
    for (; s[i] == '/'; i--)
        if (!i)
            return s; /* "/" */
    for (; s[i] != '/'; i--)
        if (!i)
            return dot;
    for (; s[i] == '/'; i--)
        if (!i) {
            s[1] = 0;
            return s;
        }
    s[i + 1] = 0;
    return s;
}
