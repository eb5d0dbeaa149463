"""The <sys/divm.h> hypercalls, used directly by a program."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PROGRAM = r"""
#include <sys/divm.h>
#include <stdio.h>
#include <stdlib.h>

struct node { int v; struct node *next; };

int main(void)
{
    struct node *b = malloc(sizeof *b), *a = malloc(sizeof *a);
    if (!a || !b)
        return 0;
    b->v = 2; b->next = 0; a->v = 1; a->next = b;
    struct node *c = __vm_obj_clone(a, 0);
    c->next->v = 5;
    printf("clone %d %d %d %d %d\n", c != a, c->next != b, c->v, c->next->v, b->v);
    char *p = __vm_obj_make(10, _VM_PT_Heap);
    printf("size %d\n", __vm_obj_size(p));
    __vm_obj_resize(p, 20);
    printf("resized %d\n", __vm_obj_size(p));
    __vm_pointer_t q = __vm_pointer_split(p);
    printf("defined %x\n", __vm_peek(_VM_ML_Definedness, q.obj, q.off, 1).value);
    p[0] = 1;
    printf("defined %x\n", __vm_peek(_VM_ML_Definedness, q.obj, q.off, 1).value);
    __vm_poke(_VM_ML_Definedness, q.obj, q.off, 1, 0);
    printf("defined %x\n", __vm_peek(_VM_ML_Definedness, q.obj, q.off, 1).value);
    __vm_pointer_t n = __vm_pointer_split(&a->next), v = __vm_pointer_split(&a->v);
    printf("pointer %d %d\n", __vm_peek(_VM_ML_Pointers, n.obj, n.off, 1).value,
           __vm_peek(_VM_ML_Pointers, v.obj, v.off, 1).value);
    printf("same %d\n", __vm_pointer_make(n.obj, n.off) == (void *)&a->next);
    __vm_obj_free(p);
    printf("choose %d\n", __vm_choose(3));
    __vm_trace(_VM_T_Text, "a note");
    return 0;
}
"""


def test_hypercalls(tmp_path):
    src = tmp_path / "h.c"
    src.write_text(PROGRAM)
    r = subprocess.run([sys.executable, "-m", "divm", "run", "-o", "nofail:malloc", "--choices", "2", str(src)],
                       capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [
        "clone 1 1 1 5 2", "size 10", "resized 20", "defined 0", "defined ff", "defined 0",
        "pointer 1 0", "same 1", "choose 2"]


def test_hypercall_misuse_is_a_fault(tmp_path):
    src = tmp_path / "m.c"
    src.write_text("#include <sys/divm.h>\nint main(void) {\n  return __vm_choose(0);\n}\n")
    r = subprocess.run([sys.executable, "-m", "divm", "run", str(src)], capture_output=True, text=True,
                       cwd=ROOT, timeout=300)
    assert r.returncode == 1 and "error: control" in r.stderr, r.stderr


def test_frame_register_of_a_caller(tmp_path):
    """__vm_ctl_get(_VM_CR_Frame, n): the frame of the activation n calls
    out from the caller's (DiOS parks the caller of __dios_interrupt so)."""
    src = tmp_path / "f.c"
    src.write_text(r"""
#include <sys/divm.h>
#include <stdint.h>
#include <stdio.h>

static int fn_of(struct _VM_Frame *f, void *fn) { return (uintptr_t)f->pc >> 32 == (uintptr_t)fn >> 32; }
void outer(void);

__attribute__((noinline)) void inner(void)
{
    struct _VM_Frame *own = __vm_ctl_get(_VM_CR_Frame), *out = __vm_ctl_get(_VM_CR_Frame, 1);
    int n = 1;
    struct _VM_Frame *var = __vm_ctl_get(_VM_CR_Frame, n);  /* not a constant: the general path */
    printf("%d %d %d %d\n", fn_of(own, (void *)inner), fn_of(out, (void *)outer), own->parent == out, var == out);
}

__attribute__((noinline)) void outer(void) { inner(); }

int main(void) { outer(); return 0; }
""")
    r = subprocess.run([sys.executable, "-m", "divm", "run", str(src)], capture_output=True, text=True,
                       cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["1", "1", "1", "1"], r.stdout
