"""-o check:race: what a call of the C library is about to access, read
from the parked state (load/libcaccess.py says what each function reads
and writes): string extents, compared prefixes, and what the conversions
of a printf or scanf format do with their arguments, which the v* forms
take from a va_list."""

from __future__ import annotations

import struct

from divm.load.layout import M32, decode_obj
from divm.load.libcaccess import directives, format_accesses, printed_length
from divm.load.types import PTR
from divm.load.values import Sym

_Q = struct.Struct("<Q").unpack_from
_D = struct.Struct("<d").unpack_from
_II = struct.Struct("<II").unpack_from
# the x86-64 __va_list_tag va_start writes (vm/insns.py): gp_offset and
# fp_offset past the register save area, so va_arg takes every argument
# from overflow_arg_area (at offset 8), which it moves past each one.
# LLP64's va_list is that pointer itself, and a long double an 8-byte
# reference to it.
VA_LIST_SIZE, VA_GP_FP, VA_OVERFLOW = 24, (48, 176), 8


class Access:
    """One pending access: n bytes at p (n None: to the object's end)."""
    __slots__ = ("p", "n", "write", "atomic")

    def __init__(self, p, n, write: bool, atomic: bool):
        self.p, self.n, self.write, self.atomic = p, n, write, atomic


class LibcRaces:
    """A mixin of VM (through Races): the pending accesses of a call of a C
    library function."""

    def libc_accesses(self, spec: tuple, args: list) -> list[Access]:
        """The accesses of a C library call with arguments args, its extents
        read from this state's memory (load/libcaccess.py)."""
        out = []
        for k, write, size in spec:
            if k < len(args):
                n = self.extent(size, args)
                out.append(Access(args[k], n if n.__class__ is int else None, write, False))
        return out

    def format_call(self, spec: tuple, args: list, ptr: list[bool]) -> list[Access]:
        """The accesses of a printf or scanf call: its format string, its
        output buffer or input string, and what the format's conversions
        do with the pointer arguments (load/libcaccess.py), the call's own
        or (a v* form) those its va_list holds."""
        fk, first, scan, out, bound, src, valist = spec
        if fk >= len(args):
            return []
        p = args[fk]
        n = self.string_extent(p, None)
        o = self.objs.get(p >> 32) if n is not None else None
        off = p & M32 if o is not None else 0
        readable = o is not None and (o.ud is None or not any(o.ud[off:off + n]))
        fmt = bytes(o.b[off:off + n - 1]) if readable else None
        out_acc = [Access(p, n, False, False)]
        if out is not None:
            size = 8 if bound == "ptr" else args[bound] if bound is not None else None
            size = size if size.__class__ is int else None
            if bound != "ptr" and fmt is not None:  # (what the conversions print)
                va = (self.va_values(args[first], fmt) if first < len(args) else None) if valist else args[first:]
                m = printed_length(fmt, va, self.string_length) if va is not None else None
                if m is not None:
                    size = m + 1 if size is None else min(size, m + 1)
            out_acc.append(Access(args[out], size, True, False))
        token = None  # (sscanf: no string it stores is longer than its input)
        if src is not None:
            token = self.string_extent(args[src], None)
            out_acc.append(Access(args[src], token, False, False))
        if valist:
            return out_acc + self.va_list_accesses(args[first] if first < len(args) else None, fmt, scan, token)
        va = args[first:]
        for k, write, size in format_accesses(fmt, scan, len(va), None, token):
            acc = self.argument_access(va[k], write, size) if k < len(va) and ptr[first + k] else None
            if acc is not None:
                out_acc.append(acc)
        return out_acc

    def argument_access(self, q, write: bool, size) -> Access | None:
        """What a conversion does at its pointer argument q (a size of
        format_accesses); None if q points nowhere (the call itself faults)."""
        if q.__class__ is Sym:
            return Access(q, size if size.__class__ is int else None, write, False)
        if q.__class__ is not int or q >> 32 not in self.objs:
            return None
        return Access(q, self.string_extent(q, None) if size == "s" else size, write, False)

    def va_list_accesses(self, ap, fmt: bytes | None, scan: bool, token: int | None) -> list[Access]:
        """What a v* call does with the arguments its va_list ap holds: it
        reads the va_list and the arguments left, which va_start put in an
        overflow area (vm/insns.py), 8 bytes each (a long double 16,
        16-aligned), and va_arg took those before the one at
        overflow_arg_area.  A va_list not of that form (undefined, or moved
        off va_start's by hand): every pointer in any object it points to,
        read and written to its end."""
        o = self.objs.get(ap >> 32) if ap.__class__ is int else None
        if o is None:
            return []  # (the call faults reading it)
        llp64 = self.prog.llp64
        acc = [Access(ap, self.prog.va_list_size, False, False)]
        at = self.overflow_area(ap)
        if at is None:
            return acc + self.va_list_unknown(o, ap & M32)
        area, q = at
        start = q & M32
        acc.append(Access(q, None, False, False))
        wide: list[int] = []
        pos, k0 = start, 0  # the offset of argument k0
        for k, write, size in format_accesses(fmt, scan, max(len(area.b) - start, 0) // 8, wide, token):
            while k0 < k:
                pos = ((pos + 15) & ~15) + 16 if k0 in wide and not llp64 else pos + 8
                k0 += 1
            if pos + 8 <= len(area.b):
                got = self.argument_access(decode_obj(PTR, area, pos), write, size)
                if got is not None:
                    acc.append(got)
        return acc

    def overflow_area(self, ap):
        """(object, pointer) of the arguments left in va_start's va_list
        ap; None for a va_list not of that form."""
        o = self.objs.get(ap >> 32) if ap.__class__ is int else None
        if o is None:
            return None
        off = ap & M32
        if self.prog.llp64:
            if off + 8 <= len(o.b) and (o.ud is None or not any(o.ud[off:off + 8])):
                q = _Q(o.b, off)[0]
                area = self.objs.get(q >> 32)
                if area is not None:
                    return area, q
            return None
        if off + VA_LIST_SIZE <= len(o.b) and (o.ud is None or not any(o.ud[off:off + VA_LIST_SIZE])) \
                and _II(o.b, off) == VA_GP_FP:
            q = _Q(o.b, off + VA_OVERFLOW)[0]
            area = self.objs.get(q >> 32)
            if area is not None:
                return area, q
        return None

    def va_values(self, ap, fmt: bytes) -> list | None:
        """The arguments a v* printf's va_list ap holds, as fmt's
        conversions take them: integers and doubles (None where divm
        cannot tell: undefined or input bytes, long doubles)."""
        at = self.overflow_area(ap)
        if at is None or at[0].sym is not None:
            return None
        area, pos = at[0], at[1] & M32
        kinds: dict[int, str] = {}
        for d in directives(fmt, False):
            if not d.c:
                break
            for k in (d.warg, d.parg):
                if k is not None:
                    kinds[k] = "i"
            if d.arg is not None:
                kinds[d.arg] = ("L" if d.length == b"L" else "d") if d.c in "fFeEgGaA" else "i"
        wide = 8 if self.prog.llp64 else 16
        out: list = []
        for k in range(max(kinds) + 1 if kinds else 0):
            kind = kinds.get(k, "i")
            if kind == "L":
                pos = (pos + wide - 1) & ~(wide - 1)
            n = wide if kind == "L" else 8
            if pos + n > len(area.b):
                break
            if kind == "L" or area.ud is not None and any(area.ud[pos:pos + n]):
                out.append(None)
            else:
                out.append(_D(area.b, pos)[0] if kind == "d" else _Q(area.b, pos)[0])
            pos += n
        return out

    def va_list_unknown(self, o, off: int) -> list[Access]:
        """The arguments of a va_list whose form is unknown, at off in o:
        the pointers in what the pointers in it point to, each read and
        written to its end (more than the call can touch, never less)."""
        acc = []
        for at in sorted(o.ptrs):
            if not off <= at < off + self.prog.va_list_size or at + 8 > len(o.b):
                continue
            q = _Q(o.b, at)[0]
            held = self.objs.get(q >> 32)
            if held is None:
                continue
            acc.append(Access(q & ~M32, None, False, False))
            for p in sorted(held.ptrs):
                got = self.argument_access(_Q(held.b, p)[0] if p + 8 <= len(held.b) else None, True, None)
                if got is not None:
                    acc.append(got)
        return acc

    def extent(self, size, args: list):
        """A size of LIBC_ACCESSES: bytes, or None (to the object's end)."""
        if size is None or size.__class__ is int:
            return args[size] if size is not None else None
        if size[0] == "b":
            return size[1]
        how, k = size[0], args[size[1]]
        if how == "mulc":
            return k * size[2] if k.__class__ is int else None
        if how == "mul":
            m = args[size[2]]
            return k * m if k.__class__ is int and m.__class__ is int else None
        if how == "cmp":
            return self.compared(k, args[size[2]], args[size[3]] if size[3] is not None else None, size[4])
        if how == "mchr":
            c, m = args[size[2]], args[size[3]]
            o = self.objs.get(k >> 32) if k.__class__ is int else None
            if m.__class__ is not int or c.__class__ is not int or o is None or o.sym is not None:
                return m if m.__class__ is int else None
            off = k & M32
            at = o.b.find(c & 0xFF, off, off + m)
            if at < 0 or o.ud is not None and any(o.ud[off:at + 1]):
                return m
            return at - off + 1
        if how == "chr":
            c = args[size[2]]
            return self.string_extent(k, c & 0xFF if c.__class__ is int else None)
        n = self.string_extent(k, None)
        if n is None or how == "s":
            return n
        if how == "sn":
            m = args[size[2]]
            return min(n, m) if m.__class__ is int else None
        t = self.string_extent(args[size[2]], None)  # "cat"
        return n + t - 1 if t is not None else None

    def string_length(self, p) -> int | None:
        n = self.string_extent(p, None)
        return n - 1 if n is not None else None

    def string_extent(self, p, stop: int | None) -> int | None:
        """Bytes from p to its NUL (or to the first byte stop), both
        included; None if it is not there to read (or has input data in
        it, whose bytes may be NUL or not)."""
        o = self.objs.get(p >> 32) if p.__class__ is int else None
        if o is None or o.sym is not None:
            return None
        off = p & M32
        b = o.b
        ends = [i for i in (b.find(0, off), b.find(stop, off) if stop is not None else -1) if i >= 0]
        return min(ends) - off + 1 if ends else None

    def compared(self, p, q, bound, mem: bool) -> int | None:
        """Bytes strcmp, strncmp (bound) or memcmp (mem, bound) reads at p
        against q: up to the first difference or NUL, at most bound."""
        op = self.objs.get(p >> 32) if p.__class__ is int else None
        oq = self.objs.get(q >> 32) if q.__class__ is int else None
        bounded = bound.__class__ is int
        if op is None or oq is None or mem and not bounded:
            return None
        a, b = op.b, oq.b
        i, j = p & M32, q & M32
        limit = min(len(a) - i, len(b) - j, bound if bounded else len(a))
        for n in range(max(limit, 0)):
            if a[i + n] != b[j + n] or not mem and a[i + n] == 0:
                return n + 1
        return limit if bounded and limit == bound else None
