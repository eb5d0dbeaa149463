/* errno: one static int for now; DiOS will make it per thread, which only
 * needs __errno_location to change. */
#define _GNU_SOURCE 1
#include <errno.h>

static int __divm_errno_value;

int *__errno_location(void)
{
    return &__divm_errno_value;
}

/* glibc exports these; nothing knows argv[0] yet */
char *program_invocation_name = "";
char *program_invocation_short_name = "";
