"""Calls: direct and through pointers, variadic arguments, hypercalls
(`__vm_*`), the VM's builtins, and calls to functions that always fail."""

from __future__ import annotations

from divm.codegen.emit import CodegenError
from divm.load.libcaccess import LIBC_ACCESSES, LIBC_FORMATS
from divm.load.intrinsics import base_name
from divm.load.ir import Fn, Ins
from divm.load.layout import CODE_BASE
from divm.load.types import Ty

HYPERCALLS = {"__vm_ctl_set", "__vm_ctl_get", "__vm_ctl_flag", "__vm_test_crit", "__vm_test_loop",
              "__vm_choose", "__vm_trace", "__vm_obj_make", "__vm_obj_resize", "__vm_obj_free",
              "__vm_obj_size", "__vm_obj_clone", "__vm_obj_shared", "__vm_peek", "__vm_poke", "__vm_memo"}
ALWAYS_ERROR = {"reach_error": "reach_error() called", "__VERIFIER_error": "__VERIFIER_error() called"}
SETJMP = {"setjmp", "_setjmp", "sigsetjmp", "__sigsetjmp"}


def atomic_entry(ins: Ins) -> bool:
    """A call that starts an atomic section: __VERIFIER_atomic_begin(), or
    a program's function named __VERIFIER_atomic_*."""
    c = ins.x.get("callee")
    if c is None or ins.x.get("indirect"):
        return False
    return c.name == "__VERIFIER_atomic_begin" or (
        c.name.startswith("__VERIFIER_atomic_") and c.name != "__VERIFIER_atomic_end" and not c.system)


class Calls:
    def callee_name(self, ins: Ins) -> str:
        c = ins.x.get("callee")
        return c.name if c is not None else ""

    def is_setjmp(self, ins: Ins) -> bool:
        return self.callee_name(ins) in SETJMP

    def args(self, ins: Ins, nfixed: int, plain: bool = False) -> tuple[list[str], str | None]:
        """The fixed arguments and the variadic tags (None: not variadic);
        plain: every argument as a fixed one."""
        a = ins.a[:len(ins.a) - (1 if ins.x.get("indirect") else 0)]
        byval = dict(ins.x.get("byval", ()))
        vals = []
        for i, op in enumerate(a):
            v = self.val(op)
            if i in byval:
                v = f"_byval({v}, {byval[i].size})"
            vals.append(v)
        fnty: Ty = ins.x["fnty"]
        if not fnty.vararg or plain:
            return vals, None
        tags = []
        for i, op in enumerate(a[nfixed:], nfixed):
            if i in byval:
                tags.append(f"('b', {vals[i]}, {byval[i].size}, {max(byval[i].align, 8)})")
            else:
                tags.append(f"({va_tag(op.ty)!r}, {vals[i]})")
        return vals[:nfixed], "(" + "".join(t + ", " for t in tags) + ")"

    def call(self, ins: Ins, ind: int) -> None:
        e = self.emit
        loc = ins.loc
        r = ins.res
        lhs = f"{r} = " if r else ""
        nfixed = len(ins.x["fnty"].params)
        if ins.x.get("indirect"):
            fixed, va = self.args(ins, nfixed)
            ptr = self.val(ins.a[-1])
            want = want_ret(ins)
            if want[0] < 0 and self.fn.system:
                want = DISCARDS  # (DiOS calls constructors, destructors and handlers as void: C ignores a value)
            call = f"_icall({ptr}, ({''.join(x + ', ' for x in fixed)}), {va or 'None'}, {want})"
            if va is None:  # a function pointer VM.icall checked before for this call's type: called directly
                call = (f"FT[({ptr} >> 32) - {CODE_BASE}]({', '.join(fixed)}) "
                        f"if ({ptr}).__class__ is int and PLAIN.get({ptr}) == {(len(fixed), want)} else {call}")
            e(ind, f"{lhs}{call}", loc)
            return
        callee: Fn = ins.x["callee"]
        name = callee.name
        if name in ALWAYS_ERROR:
            e(ind, f"_reach({ALWAYS_ERROR[name]!r}, {not callee.decl})", loc)
        if name.startswith("llvm."):
            self.intrinsic(ins, ind, base_name(name))
            return
        if name in LIBC_ACCESSES or self.race and name in LIBC_FORMATS or atomic_entry(ins):
            self.crit_mem(ins, ind)
        if getattr(callee, "debugfn", False):
            # a "divine.debugfn" function serves printing a counterexample
            # in DiVM; verification skips it (a value, if any, is 0)
            e(ind, f"{r} = 0" if r else "pass", loc)
            return
        fixed, va = self.args(ins, nfixed)
        if not callee.decl:
            self.direct_call(ins, ind, callee, fixed, va)
        elif name in HYPERCALLS:
            self.hypercall(ins, ind, name, fixed, va)
        elif name in self.vm.builtins:
            # no builtin is variadic: a call through an unprototyped (implicit)
            # declaration passes its arguments as they are
            if va is not None:
                fixed = [self.val(op) for op in ins.a]
            e(ind, f"{lhs}_bi({narrowed(name, ins)!r})({', '.join(fixed)})", loc)
        else:
            e(ind, f"{lhs}_undefined_fn({name!r})", loc)

    def direct_call(self, ins: Ins, ind: int, callee: Fn, fixed: list[str], va: str | None) -> None:
        """A call of a function with a body: its type must match the call's."""
        e = self.emit
        loc = ins.loc
        lhs = f"{ins.res} = " if ins.res else ""
        fnty: Ty = ins.x["fnty"]
        nfixed = len(fnty.params)
        target = callee.ty
        if fnty.vararg and not target.vararg and len(ins.a) == len(target.params):
            # an unprototyped (K&R) call, variadic at the call site, of a
            # function taking exactly the arguments passed
            fixed, va = self.args(ins, nfixed, plain=True)
        elif len(target.params) != nfixed or target.vararg != fnty.vararg:
            if not (target.vararg and fnty.vararg is False and len(fixed) >= len(target.params)):
                e(ind, f"{lhs}_bad_call({callee.idx}, {len(fixed)})", loc)
                return
        args = fixed + ([va] if va is not None else [])
        bad = bad_ret(ins)
        if bad is not None:  # (and where the callee's frame returns after a suspension: resume.py)
            c = f"F{callee.idx}({', '.join(args)})"
            e(ind, lhs + bad.format(c), loc)
            return
        e(ind, f"{lhs}F{callee.idx}({', '.join(args)})", loc)

    def hypercall(self, ins: Ins, ind: int, name: str, fixed: list[str], va: str | None) -> None:
        e = self.emit
        loc = ins.loc
        r = ins.res
        lhs = f"{r} = " if r else ""
        if name == "__vm_ctl_get" and r and ins.a[0].const and ins.a[0].val.__class__ is int \
                and 0 <= ins.a[0].val < len(self.vm.regs) and ins.a[0].val not in (2, 7):
            e(ind, f"{r} = REGS[{ins.a[0].val}]", loc)  # a plain register: no call
            return
        if name == "__vm_ctl_get" and r and ins.a[0].const and ins.a[0].val == 2 and (
                len(ins.a) == 1 or len(ins.a) == 2 and ins.a[1].const and ins.a[1].val.__class__ is int):
            e(ind, f"{r} = _hc_frame({'1, ' + str(ins.a[1].val) if len(ins.a) == 2 else ''})", loc)
            return
        rest = [f"*{va}"] if va and va != "()" else []
        if name == "__vm_peek" and ins.ty is not None:  # how the caller takes the struct
            rest = [repr(tuple(t.bits for t in ins.ty.elems) if ins.ty.k == "s" else (ins.ty.bits,))]
        e(ind, f"{lhs}_hc_{name[5:]}({', '.join(fixed + rest)})", loc)

    HANDLES = {"call": call}


def va_tag(ty: Ty) -> str:
    if ty.k == "p":
        return "p"
    if ty.k == "i":
        return "i" if ty.bits <= 64 else "I"
    if ty.k in ("d", "f"):
        return "d"
    if ty.k == "x":
        return "x"
    raise CodegenError(f"variadic argument of type {ty}")


def want_ret(ins: Ins) -> tuple:
    """What a call expects back: (-1, -1) nothing, else (bytes, bits)."""
    want = ins.x["fnty"].ret
    return (-1, -1) if want.k == "v" else (want.size, want.bits)


# what the runtime's calls through pointers that expect nothing want: a
# callee may return a value, which is dropped (a constructor returning int,
# as DIVINE's lart calls it by its own type)
DISCARDS = (-2, -1)


def ret_differs(want: tuple, got: Ty) -> bool:
    """Does a callee returning got fail a call expecting want (want_ret)?"""
    if want == DISCARDS:
        return False
    return (want[0] < 0) != (got.k == "v") or want[0] >= 0 and got.size != want[0]


def bad_ret(ins: Ins) -> str | None:
    """For a direct call expecting another return type than its callee's
    (a cast or an implicit declaration), the check of the value returned:
    a control fault, as at DiVM's ret ({} is the value)."""
    want = want_ret(ins)
    if ins.x.get("indirect"):  # (a frame resumed after a suspension: its callee said nothing of its type)
        return f"_ret_chk({{}}, {want[1]})" if want[1] > 0 else None
    callee = ins.x.get("callee")
    if callee is None or callee.decl or not ret_differs(want, callee.ty.ret):
        return None
    return f"_bad_ret({{}}, {callee.idx}, {want[1]})"


def narrowed(name: str, ins: Ins) -> str:
    """The builtin a call of name takes: a nondet kind declared with fewer
    bits than its own gives values of the declared width (vm/builtins.py)."""
    if name.startswith("__VERIFIER_nondet_") and ins.res and ins.ty.k == "i":
        from divm.load.nondet import NONDET
        k = NONDET.get(name[len("__VERIFIER_nondet_"):])
        if k is not None and ins.ty.bits < k[0]:
            return f"{name}:{ins.ty.bits}"
    return name
