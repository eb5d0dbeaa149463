/* getenv and friends: the environment is what the user passed to divm
 * (__dios_getenv), overlaid by setenv/unsetenv/putenv of the program. */
#define _GNU_SOURCE 1
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/dios_syscall.h>

void *__divm_ialloc(size_t);
void __divm_ifree(void *);

/* overlay entries; value NULL means "unset" */
struct var
{
    struct var *next;
    char *name;
    char *value;
    int owned;
};
static struct var *vars;
static int cleared;

static char *empty_environ[1];
char **environ = empty_environ;

static struct var *find(const char *name, size_t len)
{
    for (struct var *v = vars; v; v = v->next)
        if (strlen(v->name) == len && !strncmp(v->name, name, len))
            return v;
    return 0;
}

char *getenv(const char *name)
{
    struct var *v = find(name, strlen(name));
    if (v)
        return v->value;
    if (cleared)
        return 0;
    return (char *)__dios_getenv(name);
}

char *secure_getenv(const char *name)
{
    return getenv(name);
}

static char *copy(const char *s, size_t n)
{
    char *d = __divm_ialloc(n + 1);
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}

static int valid(const char *name)
{
    if (!name || !*name || strchr(name, '=')) {
        errno = EINVAL;
        return 0;
    }
    return 1;
}

static void set(const char *name, size_t len, char *value, int owned)
{
    struct var *v = find(name, len);
    if (!v) {
        v = __divm_ialloc(sizeof *v);
        v->name = copy(name, len);
        v->next = vars;
        v->owned = 0;
        v->value = 0;
        vars = v;
    }
    if (v->owned)
        __divm_ifree(v->value);
    v->value = value;
    v->owned = owned;
}

int setenv(const char *name, const char *value, int overwrite)
{
    if (!valid(name))
        return -1;
    if (!overwrite && getenv(name))
        return 0;
    set(name, strlen(name), copy(value, strlen(value)), 1);
    return 0;
}

int unsetenv(const char *name)
{
    if (!valid(name))
        return -1;
    set(name, strlen(name), 0, 0);
    return 0;
}

int putenv(char *string)
{
    char *eq = strchr(string, '=');
    if (!eq)
        return unsetenv(string);
    set(string, eq - string, eq + 1, 0);
    return 0;
}

int clearenv(void)
{
    for (struct var *v = vars; v; v = v->next) {
        if (v->owned)
            __divm_ifree(v->value);
        v->value = 0;
        v->owned = 0;
    }
    cleared = 1;
    return 0;
}
