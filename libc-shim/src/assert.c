/* assert() failures and abort() become assertion faults in DiOS. */
#define _GNU_SOURCE 1
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/divm.h>
#include <sys/dios_syscall.h>

void __divm_abort_signal(void);
int __dios_abort_cancels(void);
int __dios_assert_cancels(void);
int __dios_abort_exits(void);
void *__divm_ialloc(size_t n);

#define MSG 1024

static void __attribute__((noreturn)) fault(const char *msg)
{
    __dios_fault(_VM_F_Assert, msg);
    __dios_exit(134);
}

/* -o cancel:assert (SV-COMP's properties other than unreach-call): a failed
 * assertion aborts, and a path that aborts is no run at all */
static void assert_cancels(void)
{
    if (__dios_assert_cancels())
        __vm_cancel();
    if (__dios_abort_exits()) /* -o exit:abort: the program ends as abort() ends it */
        __dios_exit_signal(134);
}

/* (the messages are made when an assertion fails, not kept in every state) */
void __assert_fail(const char *expr, const char *file, unsigned int line, const char *func)
{
    assert_cancels();
    char *msg = __divm_ialloc(MSG);
    snprintf(msg, MSG, "Assertion failed: %s (%s: %s: %u)", expr, file, func ? func : "?", line);
    fault(msg);
}

void __assert_perror_fail(int errnum, const char *file, unsigned int line, const char *func)
{
    assert_cancels();
    char *msg = __divm_ialloc(MSG);
    snprintf(msg, MSG, "Assertion failed: %s (%s: %s: %u)", strerror(errnum), file,
             func ? func : "?", line);
    fault(msg);
}

void __assert(const char *expr, const char *file, int line)
{
    __assert_fail(expr, file, (unsigned)line, 0);
}

void abort(void)
{
    __divm_abort_signal(); /* a SIGABRT handler the program installed runs first */
    if (__dios_abort_cancels()) /* SV-COMP: a path that aborts is no run at all */
        __vm_cancel();
    if (__dios_abort_exits()) /* -o exit:abort: the program ends, no error (SIGABRT's status) */
        __dios_exit_signal(134);
    fault("abort() called");
}

/* code built with -fstack-protector lands here on a smashed canary */
void __stack_chk_fail(void)
{
    __dios_fault(_VM_F_Memory, "stack smashing detected");
    __dios_exit(134);
}
