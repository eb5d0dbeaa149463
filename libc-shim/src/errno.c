/* errno is per thread: DiOS keeps it in the task. */
#define _GNU_SOURCE 1
#include <errno.h>
#include <sys/dios_syscall.h>

int *__errno_location(void)
{
    return __dios_errno();
}

/* glibc exports these; nothing knows argv[0] yet */
char *program_invocation_name = "";
char *program_invocation_short_name = "";
