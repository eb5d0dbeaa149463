"""-o check:race: what a call of the C library is about to access, read
from the parked state (load/libcaccess.py says what each function reads
and writes): string extents, compared prefixes, and what the conversions
of a printf or scanf format do with their arguments."""

from __future__ import annotations

from divm.load.layout import M32
from divm.load.libcaccess import format_accesses


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
        do with the pointer arguments (load/libcaccess.py)."""
        fk, first, scan, out, bound, src = spec
        if fk >= len(args):
            return []
        p = args[fk]
        n = self.string_extent(p, None)
        o = self.objs.get(p >> 32) if n is not None else None
        off = p & M32 if o is not None else 0
        readable = o is not None and (o.ud is None or not any(o.ud[off:off + n]))
        out_acc = [Access(p, n, False, False)]
        if out is not None:
            size = args[bound] if bound is not None else None
            out_acc.append(Access(args[out], size if size.__class__ is int else None, True, False))
        if src is not None:
            out_acc.append(Access(args[src], self.string_extent(args[src], None), False, False))
        va = args[first:]
        for k, write, size in format_accesses(bytes(o.b[off:off + n - 1]) if readable else None, scan, len(va)):
            q = va[k] if k < len(va) else None
            if q.__class__ is not int or not ptr[first + k] or q >> 32 not in self.objs:
                continue  # (a value, or nothing there: the call itself faults)
            out_acc.append(Access(q, self.string_extent(q, None) if size == "s" else size, write, False))
        return out_acc

    def extent(self, size, args: list):
        """A size of LIBC_ACCESSES: bytes, or None (to the object's end)."""
        if size is None or size.__class__ is int:
            return args[size] if size is not None else None
        how, k = size[0], args[size[1]]
        if how == "mul":
            m = args[size[2]]
            return k * m if k.__class__ is int and m.__class__ is int else None
        if how == "cmp":
            return self.compared(k, args[size[2]], args[size[3]] if size[3] is not None else None, size[4])
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

    def string_extent(self, p, stop: int | None) -> int | None:
        """Bytes from p to its NUL (or to the first byte stop), both
        included; None if it is not there to read."""
        o = self.objs.get(p >> 32) if p.__class__ is int else None
        if o is None:
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
