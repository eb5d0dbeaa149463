/* exit, atexit, on_exit, quick_exit, _Exit. */
#define _GNU_SOURCE 1
#include <stdlib.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/dios_syscall.h>

void *__divm_ialloc(size_t);

/* handlers in registration order, in blocks of 32 that are never freed (the
 * first made at the first registration: most programs register none, and an
 * empty block would be kilobytes of every state) */
struct handler
{
    int kind; /* 0 atexit, 1 on_exit, 2 __cxa_atexit */
    void (*fn)(void);
    void (*fn2)(int, void *);
    void (*fn3)(void *);
    void *arg;
};
struct block
{
    struct block *prev;
    int n;
    struct handler h[32];
};

static struct block *last, *qlast;

static struct handler *slot(struct block **lastp)
{
    struct block *b = *lastp;
    if (!b || b->n == 32) {
        struct block *nb = __divm_ialloc(sizeof *nb);
        nb->prev = b;
        nb->n = 0;
        *lastp = b = nb;
    }
    return &b->h[b->n++];
}

int atexit(void (*fn)(void))
{
    struct handler *h = slot(&last);
    h->kind = 0;
    h->fn = fn;
    return 0;
}

int on_exit(void (*fn)(int, void *), void *arg)
{
    struct handler *h = slot(&last);
    h->kind = 1;
    h->fn2 = fn;
    h->arg = arg;
    return 0;
}

int at_quick_exit(void (*fn)(void))
{
    struct handler *h = slot(&qlast);
    h->kind = 0;
    h->fn = fn;
    return 0;
}

int __cxa_atexit(void (*fn)(void *), void *arg, void *dso)
{
    (void)dso;
    struct handler *h = slot(&last);
    h->kind = 2;
    h->fn3 = fn;
    h->arg = arg;
    return 0;
}

/* runs (and removes) handlers newest first; handlers may register more */
static void run(struct block **lastp, int status)
{
    for (;;) {
        struct block *b = *lastp;
        if (!b)
            return;
        while (b->n == 0 && b->prev)
            b = *lastp = b->prev;
        if (b->n == 0)
            return;
        struct handler h = b->h[--b->n];
        if (h.kind == 0)
            h.fn();
        else if (h.kind == 1)
            h.fn2(status, h.arg);
        else
            h.fn3(h.arg);
    }
}

void exit(int status)
{
    __dios_exit_point();
    run(&last, status);
    fflush(0);
    __dios_exit(status);
}

void quick_exit(int status)
{
    run(&qlast, status);
    __dios_exit(status);
}

void _Exit(int status)
{
    __dios_exit(status);
}
