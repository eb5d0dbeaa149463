/* The malloc family.  Every block is its own VM heap object; whether an
 * allocation fails is DiOS's choice (__dios_alloc_fails).  libc-shim's own
 * allocations (__divm_ialloc) never fail and are not the program's. */
#define _GNU_SOURCE 1
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <malloc.h>
#include <string.h>
#include <sys/divm.h>
#include <sys/dios_syscall.h>

/* marked objects are libc-shim's bookkeeping: never a leak, never fail */
void *__divm_ialloc(size_t n)
{
    return __vm_obj_make((int)n, _VM_PT_Marked);
}

void __divm_ifree(void *p)
{
    if (p)
        __vm_obj_free(p);
}

/* in the VM: 1 if it makes a block of n bytes, n more than an object holds
 * (a symbolic n: a block of symbolic size, __divm_big_block); else 0, and
 * the search is incomplete: the runs where this succeeds are not explored */
int __divm_too_big(size_t n);
void *__divm_big_block(size_t n);

void *malloc(size_t n)
{
    int big = n > INT32_MAX;
    if (big && !__divm_too_big(n)) {
        errno = ENOMEM;
        return 0;
    }
    if (__dios_alloc_fails()) {
        errno = ENOMEM;
        return 0;
    }
    return big ? __divm_big_block(n) : __vm_obj_make((int)n, _VM_PT_Heap);
}

void free(void *p)
{
    if (p)
        __vm_obj_free(p);
}

void *calloc(size_t n, size_t size)
{
    size_t t;
    if (__builtin_mul_overflow(n, size, &t)) {
        errno = ENOMEM;
        return 0;
    }
    void *p = malloc(t);
    if (p)
        __builtin_memset(p, 0, t);
    return p;
}

void *realloc(void *p, size_t n)
{
    if (!p)
        return malloc(n);
    if (n == 0) {
        free(p);
        return 0;
    }
    void *q = malloc(n);
    if (!q)
        return 0; /* the old block stays valid */
    size_t old = (size_t)__vm_obj_size(p);
    __builtin_memcpy(q, p, old < n ? old : n);
    free(p);
    return q;
}

void *reallocarray(void *p, size_t n, size_t size)
{
    size_t t;
    if (__builtin_mul_overflow(n, size, &t)) {
        errno = ENOMEM;
        return 0;
    }
    return realloc(p, t);
}

/* VM objects start at offset 0, which satisfies every alignment */
static int pow2(size_t a)
{
    return a && !(a & (a - 1));
}

void *aligned_alloc(size_t align, size_t n)
{
    if (!pow2(align)) {
        errno = EINVAL;
        return 0;
    }
    return malloc(n);
}

void *memalign(size_t align, size_t n)
{
    return aligned_alloc(align, n);
}

int posix_memalign(void **res, size_t align, size_t n)
{
    if (!pow2(align) || align % sizeof(void *))
        return EINVAL;
    int save = errno;
    void *p = malloc(n);
    if (!p) {
        errno = save;
        return ENOMEM;
    }
    *res = p;
    return 0;
}

void *valloc(size_t n)
{
    return malloc(n);
}

void *pvalloc(size_t n)
{
    return malloc((n + 4095) & ~(size_t)4095);
}

size_t malloc_usable_size(void *p)
{
    return p ? (size_t)__vm_obj_size(p) : 0;
}

int malloc_trim(size_t pad)
{
    (void)pad;
    return 0;
}

int mallopt(int param, int value)
{
    (void)param;
    (void)value;
    return 1;
}
