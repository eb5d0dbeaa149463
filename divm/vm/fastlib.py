"""Fast paths for hot libc-shim functions, in Python on the VM's memory.

`divm run` spends most of a string-heavy program in libc-shim's byte loops
(strlen, strcmp, strcpy, ...) and its printf engine, each byte a checked
load or store.  Here those functions work on the objects' byte arrays
directly.  A fast path only handles the regular case, where its result and
every effect on memory are exactly those of the C version: every byte it
reads is in bounds and defined, every byte it writes is in a writable
object.  Anything else (an undefined byte, a missing terminator, a bad
pointer, an unusual format, overlapping objects) returns NO and the call
goes to the interpreted C function, which finds and reports the fault
exactly as before.  Definedness, bounds and provenance checks are therefore
as strong as without the fast paths; what differs is only the ids of the
C version's own local variables, which the fast path does not allocate.

Installed by `divm run` only (not by verify or replay), and not at all with
DIVM_NO_FASTLIB=1.  printf, which writes through DiOS, is fast only while
the program has one thread."""

from __future__ import annotations

import math
import os

from divm.load.layout import M32

NO = object()  # "not the regular case: run the C version"
F_WRITE, F_CLOSED = 2, 16
CF_THREADS = 0x800
INT_MAX = 0x7FFFFFFF


def enabled() -> bool:
    return os.environ.get("DIVM_NO_FASTLIB", "") in ("", "0")


# -- memory access ---------------------------------------------------------------

def _obj(vm, p):
    """The object p points into, if p is a defined pointer to a live object
    (frames the OS holds but has not had written count as irregular)."""
    if p.__class__ is not int:
        return None
    oid = p >> 32
    if oid in vm.unwritten:
        return None
    return vm.objs.get(oid)


def _defined(o, a: int, b: int) -> bool:
    ud = o.ud
    return ud is None or ud.count(0, a, b) == b - a


def cstr(vm, p):
    """(object, offset, end) of the NUL-terminated string at p, every byte
    up to and including the NUL defined; None otherwise."""
    if p.__class__ is not int:  # (_obj and _defined inlined: strings call this most)
        return None
    oid = p >> 32
    o = vm.objs.get(oid)
    if o is None or oid in vm.unwritten:
        return None
    off = p & M32
    end = o.b.find(0, off)
    if end < 0:
        return None
    ud = o.ud
    if ud is not None and ud.count(0, off, end + 1) != end + 1 - off:
        return None
    return o, off, end


def _dest(vm, p, n: int):
    """A writable object with room for n bytes at p (copied first if a
    stored state shares it), or None."""
    o = _obj(vm, p)
    if o is None or o.ro:
        return None
    off = p & M32
    if off + n > len(o.b):
        return None
    if o.frozen:
        o = vm.writable(p >> 32)
    return o


def _write(o, off: int, data) -> None:
    n = len(data)
    o.b[off:off + n] = data
    if o.ud is not None:
        o.define(off, n)
    if o.ptrs:
        o.clear_ptrs(off, n)


# -- string.h -----------------------------------------------------------------------

def make(vm) -> dict:
    """name -> fast function (returns NO when the C version must run)."""

    def strlen(s):
        r = cstr(vm, s)
        if r is None:
            return NO
        return r[2] - r[1]

    def strcmp(a, b):
        ra = cstr(vm, a)
        if ra is None:
            return NO
        oa, offa, enda = ra
        ob = _obj(vm, b)
        if ob is None:
            return NO
        offb = b & M32
        n = enda + 1 - offa
        sa = oa.b[offa:enda + 1]
        sb = ob.b[offb:offb + n]
        # the C loop stops at the first difference or at a's NUL
        k = 0
        if sa != sb:
            m = min(len(sa), len(sb))
            while k < m and sa[k] == sb[k]:
                k += 1
            if k == m:  # b's object ended first: the C version faults
                return NO
        else:
            k = n - 1
        if not _defined(ob, offb, offb + k + 1) or not _defined(oa, offa, offa + k + 1):
            return NO
        return (sa[k] - sb[k]) & M32

    def strchr(s, c):
        o = _obj(vm, s)
        if o is None or (c.__class__ is not int and c.__class__ is not bool):
            return NO
        off = s & M32
        ch = c & 0xFF
        end = o.b.find(0, off)
        if end < 0:
            return NO
        at = o.b.find(ch, off, end + 1) if ch else end
        stop = at if at >= 0 else end
        if not _defined(o, off, stop + 1):
            return NO
        return s + (at - off) if at >= 0 else 0

    def copy(d, s, dn: int):
        """strcpy(d + dn, s); d's object already checked for dn bytes."""
        r = cstr(vm, s)
        if r is None:
            return NO
        so, soff, send = r
        n = send + 1 - soff
        do = _dest(vm, d + dn, n)
        if do is None or do is so or (d >> 32) == (s >> 32):
            return NO
        _write(do, (d & M32) + dn, so.b[soff:send + 1])
        return d

    def strcpy(d, s):
        if d.__class__ is not int:
            return NO
        return copy(d, s, 0)

    def strcat(d, s):
        r = cstr(vm, d)
        if r is None:
            return NO
        return copy(d, s, r[2] - r[1])

    fns = {"strlen": strlen, "strcmp": strcmp, "strchr": strchr, "strcpy": strcpy, "strcat": strcat}
    fns.update(make_printf(vm))
    fns.update(make_malloc(vm))
    return fns


# -- malloc and free -------------------------------------------------------------------

def make_malloc(vm) -> dict:
    """malloc.c's malloc and free, calling the same DiOS function and
    hypercalls in the same order (so `choose` sees the same questions and
    faults come from the same checks)."""
    fails = vm.prog.fn_by_name.get("__dios_alloc_fails")
    errno_loc = vm.prog.fn_by_name.get("__errno_location")
    if fails is None or fails.decl or errno_loc is None or errno_loc.decl:
        return {}
    from divm.vm.memory import K_HEAP
    from divm.load.types import I32
    from divm.vm.machine import first_choice
    ENOMEM = 12
    # what dios.c's __dios_alloc_fails does: it asks choose(2) unless booted
    # with -o nofail:malloc; a plain run answers 0, so the question is only logged
    asks = ("divm.opt", b"nofail:malloc") not in vm.env

    def malloc(n):
        if n.__class__ is not int or n > INT_MAX:
            return NO
        if vm.chooser is first_choice:
            if asks:
                vm.choice_log.append((0, 2))
        elif vm.FT[fails.idx]():
            vm.st(vm.FT[errno_loc.idx](), ENOMEM, I32)
            return 0
        return vm.new_obj(n, K_HEAP) << 32  # hc_obj_make(n, _VM_PT_Heap), n checked above

    def free(p):
        if p.__class__ is not int:
            return NO
        if p:
            vm.hc_obj_free(p)
        return None

    return {"malloc": malloc, "free": free}


# -- printf ---------------------------------------------------------------------------

_FLAGS = {"-": 1, "+": 2, " ": 4, "#": 8, "0": 16}
_INTCONV = "diouxX"
_FLOATCONV = "fFeEgG"


def _fmt_int(flags: int, width: int, prec: int, v: int, neg: bool, base: int, upper: bool,
             signed: bool) -> str:
    """vformat.c's fmt_int."""
    digs = "" if v == 0 else (format(v, "d") if base == 10 else format(v, "o") if base == 8
                              else format(v, "X" if upper else "x"))
    n = len(digs)
    if prec < 0:
        prec = 1
    else:
        flags &= ~16
    zeros = prec - n if prec > n else 0
    if base == 8 and flags & 8 and zeros == 0 and (n == 0 or digs[0] != "0"):
        zeros = 1
    pre = ""
    if signed:
        pre = "-" if neg else "+" if flags & 2 else " " if flags & 4 else ""
    if base == 16 and flags & 8 and n:
        pre += "0X" if upper else "0x"
    w = width - (len(pre) + zeros + n)
    if not flags & 1:
        if flags & 16:
            zeros += max(w, 0)
        elif w > 0:
            pre = " " * w + pre
    out = pre + "0" * zeros + digs
    if flags & 1 and w > 0:
        out += " " * w
    return out


def _pad_str(flags: int, width: int, s: bytes) -> bytes:
    w = width - len(s)
    if w <= 0:
        return s
    return s + b" " * w if flags & 1 else b" " * w + s


def _float_spec(c: str, flags: int, width: int, prec: int) -> str:
    spec = "%" + "".join(ch for ch, b in _FLAGS.items() if flags & b)
    if width:
        spec += str(width)
    if prec >= 0:
        spec += "." + str(prec)
    return spec + c


def parse_format(f: str):
    """A printf format as vformat.c reads it: literal strings and
    conversions (conv, flags, width, precision, length, float spec), width
    or precision None where an argument gives it ('*'); NO for what only the
    C version does (positional arguments, huge widths, other conversions)."""
    pieces: list = []
    i = 0
    n = len(f)
    while i < n:
        j = f.find("%", i)
        if j < 0:
            pieces.append(f[i:])
            break
        if j > i:
            pieces.append(f[i:j])
        i = j + 1
        flags = 0
        while i < n and f[i] in _FLAGS:
            flags |= _FLAGS[f[i]]
            i += 1
        width: int | None = 0
        if i < n and f[i] == "*":
            i += 1
            width = None
        else:
            k = i
            while i < n and f[i].isdigit():
                i += 1
            if i > k:
                width = int(f[k:i])
        prec: int | None = -1
        if i < n and f[i] == ".":
            i += 1
            if i < n and f[i] == "*":
                i += 1
                prec = None
            else:
                k = i
                while i < n and f[i].isdigit():
                    i += 1
                prec = int(f[k:i]) if i > k else 0
        if i < n and f[i] == "$" or (width or 0) > 100000 or (prec or 0) > 100000:
            return NO
        length = ""
        if i < n and f[i] in "hlzjt":
            length = f[i]
            i += 1
            if i < n and f[i] == length and length in "hl":
                length += f[i]
                i += 1
        if i >= n:
            return NO
        c = f[i]
        i += 1
        if c == "%":
            if width is None or prec is None:
                return NO  # (an argument read for nothing: as the C version does it)
            pieces.append("%")
            continue
        if not (c in _INTCONV or c in "sc" and length == "" or c in _FLOATCONV and length in ("", "l")):
            return NO
        spec = _float_spec(c, flags, width, prec) if c in _FLOATCONV and width is not None \
            and prec is not None else None
        pieces.append((c, flags, width, prec, length, spec))
    # adjacent literals joined
    out: list = []
    for pc in pieces:
        if pc.__class__ is str and out and out[-1].__class__ is str:
            out[-1] += pc
        else:
            out.append(pc)
    return out


def _fetch(va, i, kind):
    """The i-th variadic argument as va_arg(kind) would read it."""
    if i >= len(va):
        return NO
    tag = va[i]
    t, v = tag[0], tag[1]
    if v.__class__ is U_CLASS:
        return NO
    if kind == "d":
        return v if t == "d" and v.__class__ is float else NO
    if t not in ("i", "p") or (v.__class__ is not int and v.__class__ is not bool):
        return NO  # (an i1 widened by zext stays a Python bool)
    return int(v)


def _star(va, ai: int, flags: int, width, prec):
    """Width and precision that arguments give ('*'): (next argument,
    flags, width, precision), or NO."""
    if width is None:
        w = _fetch(va, ai, "i")
        ai += 1
        if w is NO:
            return NO
        w &= M32
        if w >> 31:
            flags |= 1
            w = (1 << 32) - w
            if w > INT_MAX:
                w = INT_MAX
        width = w
    if prec is None:
        pv = _fetch(va, ai, "i")
        ai += 1
        if pv is NO:
            return NO
        pv &= M32
        prec = -1 if pv >> 31 else pv
    return ai, flags, width, prec


def _conv_int(c: str, flags: int, width: int, prec: int, length: str, v: int) -> str:
    if length in ("", "h", "hh"):
        v &= M32
        if length == "h":
            v &= 0xFFFF
        elif length == "hh":
            v &= 0xFF
    if c in "di":
        bits = {"": 32, "h": 16, "hh": 8}.get(length, 64)
        if v >> (bits - 1) & 1:
            v -= 1 << bits
        if not flags and not width and prec < 0:
            return str(v)
        return _fmt_int(flags, width, prec, -v if v < 0 else v, v < 0, 10, False, True)
    base = 8 if c == "o" else 10 if c == "u" else 16
    return _fmt_int(flags, width, prec, v, False, base, c == "X", False)


def _conv_str(vm, flags: int, width: int, prec: int, p: int, sources: list):
    """%s of p, or NO; the object read from goes to sources."""
    if p == 0:
        s = b"(null)" if prec < 0 or prec >= 6 else b""
    else:
        o = _obj(vm, p)
        if o is None:
            return NO
        off = p & M32
        end = o.b.find(0, off, off + prec if prec >= 0 else len(o.b))
        if end < 0:
            if prec < 0 or off + prec > len(o.b):
                return NO
            end = off + prec  # strnlen stopped at prec bytes
            if not _defined(o, off, end):
                return NO
        elif not _defined(o, off, end + 1):
            return NO
        sources.append(p >> 32)
        s = bytes(o.b[off:end])
    return (_pad_str(flags, width, s) if width else s).decode("latin-1")


def format_(vm, parsed: dict, fmt, va, sources: list):
    """The bytes printf(fmt, va...) produces, or NO; parsed caches
    parse_format by format; the objects read from go to sources."""
    r = cstr(vm, fmt)
    if r is None:
        return NO
    fo, foff, fend = r
    sources.append(fmt >> 32)
    key = bytes(fo.b[foff:fend])
    pieces = parsed.get(key)
    if pieces is None:
        if len(parsed) > 4096:
            parsed.clear()
        pieces = parsed[key] = parse_format(key.decode("latin-1"))
    if pieces is NO:
        return NO
    out = []
    ai = 0
    for pc in pieces:
        if pc.__class__ is str:
            out.append(pc)
            continue
        c, flags, width, prec, length, spec = pc
        if width is None or prec is None:
            star = _star(va, ai, flags, width, prec)
            if star is NO:
                return NO
            ai, flags, width, prec = star
        if width > 100000 or prec > 100000:
            return NO  # huge widths: the C version
        v = _fetch(va, ai, "d" if c in _FLOATCONV else "i")
        ai += 1
        if v is NO:
            return NO
        if c in _INTCONV:
            if length == "l" and vm.prog.llp64:  # (a 32-bit long)
                length = ""
            out.append(_conv_int(c, flags, width, prec, length, v))
        elif c == "s":
            s = _conv_str(vm, flags, width, prec, v, sources)
            if s is NO:
                return NO
            out.append(s)
        elif c == "c":
            out.append(_pad_str(flags, width, bytes((v & 0xFF,))).decode("latin-1"))
        else:  # a float conversion
            if not math.isfinite(v):
                return NO
            if spec is None:
                spec = _float_spec(c, flags, width, prec)
            out.append(spec % v)  # Python's float conversions are C's
    data = "".join(out).encode("latin-1")
    if len(data) > INT_MAX:
        return NO
    return data


def make_printf(vm) -> dict:
    parsed: dict = {}  # format bytes -> parse_format's pieces

    def sprintf(buf, fmt, va=()):
        src: list = []
        data = format_(vm, parsed, fmt, va, src)
        if data is NO or buf.__class__ is not int or (buf >> 32) in src:
            return NO
        o = _dest(vm, buf, len(data) + 1)
        if o is None:
            return NO
        _write(o, buf & M32, data + b"\0")
        return len(data)

    def snprintf(buf, size, fmt, va=()):
        src: list = []
        data = format_(vm, parsed, fmt, va, src)
        if data is NO or buf.__class__ is not int or size.__class__ is not int or (buf >> 32) in src:
            return NO
        if size:
            k = min(len(data), size - 1)
            o = _dest(vm, buf, k + 1)
            if o is None:
                return NO
            _write(o, buf & M32, data[:k] + b"\0")
        return len(data)

    stdout_g = next((g for g in vm.prog.globals if g.name == "stdout" and g.system), None)
    write_all = vm.prog.fn_by_name.get("__divm_write_all")
    scratch = []

    def printf(fmt, va=()):
        if vm.flags & CF_THREADS or stdout_g is None or write_all is None or write_all.decl:
            return NO
        so = vm.objs.get(stdout_g.idx)
        if so is None or so.ud is not None or len(so.b) < 8:
            return NO
        fp = int.from_bytes(so.b[:8], "little")
        fo = _obj(vm, fp)
        off = fp & M32
        if fo is None or off + 8 > len(fo.b) or not _defined(fo, off, off + 8):
            return NO
        fd = int.from_bytes(fo.b[off:off + 4], "little")
        fl = int.from_bytes(fo.b[off + 4:off + 8], "little")
        if fl & F_CLOSED or not fl & F_WRITE or fd not in (1, 2):
            return NO
        data = format_(vm, parsed, fmt, va, [])
        if data is NO:
            return NO
        if not scratch:
            from divm.vm.memory import K_GLOBAL, Obj
            scratch.append(vm.add_global_obj(Obj(512, K_GLOBAL, defined=True, name="<printf buffer>")))
        sp = scratch[0]
        sb = vm.objs[sp >> 32].b
        wa = vm.FT[write_all.idx]
        for k in range(0, len(data), 512):
            chunk = data[k:k + 512]
            sb[:len(chunk)] = chunk
            if wa(fd, sp, len(chunk)) != 0:
                from divm.vm.machine import VMError
                raise VMError("printf: DiOS refused to write to standard output")
        return len(data)

    return {"sprintf": sprintf, "snprintf": snprintf, "printf": printf}


def _u_class():
    from divm.load.values import U
    return U


U_CLASS = _u_class()


def install(vm) -> None:
    """Put the fast paths in front of libc-shim's functions (not of the
    program's own functions of the same names)."""
    fast = make(vm)
    for name, fp in fast.items():
        fn = vm.prog.fn_by_name.get(name)
        if fn is None or fn.decl or not fn.system:
            continue
        vm.G[f"F{fn.idx}"] = vm.FT[fn.idx] = _wrap(vm, fn, fp)


def _wrap(vm, fn, fp):
    key = f"F{fn.idx}"
    slow = []

    def run_c(*args):
        if not slow:
            slow.append(vm.compile(fn))
            vm.G[key] = vm.FT[fn.idx] = wrapper  # compile installed the C version
        return slow[0](*args)

    # one and two fixed arguments (malloc, free, strlen, strcmp, ...) without
    # packing them into a tuple: these wrappers run once per libc call
    if not fn.ty.vararg and len(fn.ty.params) == 1:
        def wrapper(a):
            r = fp(a)
            if r is NO:
                return run_c(a)
            return r
    elif not fn.ty.vararg and len(fn.ty.params) == 2:
        def wrapper(a, b):
            r = fp(a, b)
            if r is NO:
                return run_c(a, b)
            return r
    else:
        def wrapper(*args):
            r = fp(*args)
            if r is NO:
                return run_c(*args)
            return r
    return wrapper
