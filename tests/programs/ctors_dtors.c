/* __attribute__((constructor)) and destructor functions with priorities,
 * and atexit handlers registered by main. Reference order (glibc):
 * constructors by ascending priority (default last), main, atexit handlers
 * in reverse order of registration, then destructors by descending
 * priority (default first). Output goes through stdio buffers flushed at
 * exit. */
#include <stdio.h>
#include <stdlib.h>

static int initialised = 0;
static int order[8];
static int norder;

__attribute__((constructor(101))) static void ctor_first(void)
{
    order[norder++] = 101;
    initialised += 1;
    printf("ctor 101\n");
}

__attribute__((constructor(202))) static void ctor_second(void)
{
    order[norder++] = 202;
    initialised *= 10;
    printf("ctor 202 sees %d\n", initialised);
}

__attribute__((constructor)) static void ctor_default(void)
{
    order[norder++] = 999;
    printf("ctor default\n");
}

__attribute__((destructor(101))) static void dtor_101(void) { printf("dtor 101\n"); }
__attribute__((destructor(202))) static void dtor_202(void) { printf("dtor 202\n"); }
__attribute__((destructor)) static void dtor_default(void) { printf("dtor default\n"); }

static void at1(void) { printf("atexit 1\n"); }
static void at2(void) { printf("atexit 2\n"); }
static void at3(void)
{
    printf("atexit 3 (registered last, runs first)\n");
}

int main(void)
{
    printf("main: initialised=%d order=", initialised);
    for (int i = 0; i < norder; i++) printf("%d ", order[i]);
    printf("\n");
    atexit(at1);
    atexit(at2);
    atexit(at3);
    printf("main returns 0\n");
    return 0;
}
