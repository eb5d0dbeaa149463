/* <locale.h>: only "C" (alias "POSIX", or "" since nothing else exists). */
#define _GNU_SOURCE 1
#include <limits.h>
#include <locale.h>
#include <string.h>
#include <errno.h>

static char c_name[] = "C";

char *setlocale(int cat, const char *name)
{
    if (cat < 0 || cat > LC_IDENTIFICATION) {
        errno = EINVAL;
        return 0;
    }
    if (!name || !*name || !strcmp(name, "C") || !strcmp(name, "POSIX") ||
        !strcmp(name, "C.UTF-8") || !strcmp(name, "C.utf8"))
        return c_name;
    return 0;
}

static char dot[] = ".", none[] = "";
static struct lconv c_lconv = {
    dot, none, none, none, none, none, none, none, none, none,
    CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX,
    CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX, CHAR_MAX,
};

struct lconv *localeconv(void)
{
    return &c_lconv;
}

/* one opaque C locale object */
static int c_locale_obj;

locale_t newlocale(int mask, const char *name, locale_t base)
{
    (void)mask;
    (void)base;
    if (!setlocale(LC_ALL, name)) {
        errno = ENOENT;
        return 0;
    }
    return (locale_t)(void *)&c_locale_obj;
}

locale_t duplocale(locale_t l)
{
    return l;
}

void freelocale(locale_t l)
{
    (void)l;
}

locale_t uselocale(locale_t l)
{
    (void)l;
    return LC_GLOBAL_LOCALE;
}
