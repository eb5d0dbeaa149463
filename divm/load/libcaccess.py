"""The memory the C library's functions read and write, for -o check:race.

libc-shim runs with interrupts masked, so a call of strcpy is one step of
its thread; the race check parks the thread before the call instead and
reads the call's accesses from the state (vm/race.py).  Each entry is
(argument, writes, size); a size is an argument's index (its value), None
(to the object's end), or a tuple computed from memory at the parked state:

- ("s", k): the string at argument k with its NUL;
- ("sn", k, m): that, at most argument m bytes;
- ("mul", a, b): argument a times argument b;
- ("mulc", a, c): argument a times the number c (wide characters);
- ("cat", d, s): the strings at d and s with one NUL (strcat's destination);
- ("cmp", k, j, m, mem): what strcmp-like functions read of argument k
  against argument j: up to the first difference or NUL (at most argument
  m bytes unless m is None; mem: memcmp, a NUL does not stop it);
- ("chr", k, c): the string at k up to the first byte argument c (strchr);
- ("mchr", k, c, m): argument m bytes at k, or up to the first byte c (memchr);
- ("b", n): n bytes.

Where the exact extent is hard (strstr, the case-insensitive compares, the
number parsers) the whole string is taken: more bytes, never fewer.  The
printf and scanf families are in LIBC_FORMATS: their format string, read
at the parked state, decides what they touch (format_accesses), of their
own arguments or, for vprintf and the other v* forms, of those left in
their va_list."""

from __future__ import annotations

from typing import NamedTuple

_S0 = ((0, False, ("s", 0)),)
_SE = ((0, False, ("s", 0)), (1, True, ("b", 8)))

LIBC_ACCESSES: dict[str, tuple] = {
    "strlen": _S0,
    "strnlen": ((0, False, ("sn", 0, 1)),),
    "strcmp": ((0, False, ("cmp", 0, 1, None, False)), (1, False, ("cmp", 1, 0, None, False))),
    "strncmp": ((0, False, ("cmp", 0, 1, 2, False)), (1, False, ("cmp", 1, 0, 2, False))),
    "memcmp": ((0, False, ("cmp", 0, 1, 2, True)), (1, False, ("cmp", 1, 0, 2, True))),
    "bcmp": ((0, False, ("cmp", 0, 1, 2, True)), (1, False, ("cmp", 1, 0, 2, True))),
    "strcasecmp": ((0, False, ("s", 0)), (1, False, ("s", 1))),
    "strncasecmp": ((0, False, ("sn", 0, 2)), (1, False, ("sn", 1, 2))),
    "strcoll": ((0, False, ("s", 0)), (1, False, ("s", 1))),
    "strcpy": ((0, True, ("s", 1)), (1, False, ("s", 1))),
    "stpcpy": ((0, True, ("s", 1)), (1, False, ("s", 1))),
    "strncpy": ((0, True, 2), (1, False, ("sn", 1, 2))),
    "strcat": ((0, True, ("cat", 0, 1)), (1, False, ("s", 1))),
    "strncat": ((0, True, ("cat", 0, 1)), (1, False, ("sn", 1, 2))),
    "strchr": ((0, False, ("chr", 0, 1)),),
    "strchrnul": ((0, False, ("chr", 0, 1)),),
    "strrchr": _S0,
    "strstr": ((0, False, ("s", 0)), (1, False, ("s", 1))),
    "strspn": ((0, False, ("s", 0)), (1, False, ("s", 1))),
    "strcspn": ((0, False, ("s", 0)), (1, False, ("s", 1))),
    "strpbrk": ((0, False, ("s", 0)), (1, False, ("s", 1))),
    "strdup": _S0,
    "strndup": ((0, False, ("sn", 0, 1)),),
    "memchr": ((0, False, ("mchr", 0, 1, 2)),),
    "memcpy": ((0, True, 2), (1, False, 2)),
    "memmove": ((0, True, 2), (1, False, 2)),
    "memset": ((0, True, 2),),
    "bzero": ((0, True, 1),),
    "explicit_bzero": ((0, True, 1),),
    "puts": _S0,
    "fputs": _S0,
    "atoi": _S0, "atol": _S0, "atoll": _S0, "atof": _S0,
    # (the number parsers also store the end into *endptr, when it is not NULL)
    "strtol": _SE, "strtoll": _SE, "strtoul": _SE, "strtoull": _SE, "strtod": _SE, "strtof": _SE,
    "__isoc23_strtol": _SE, "__isoc23_strtoll": _SE, "__isoc23_strtoul": _SE, "__isoc23_strtoull": _SE,
    "fwrite": ((0, False, ("mul", 1, 2)),),
    "fread": ((0, True, ("mul", 1, 2)),),
    "qsort": ((0, True, ("mul", 1, 2)),),
    "bsearch": ((1, False, ("mul", 2, 3)),),
    "stpncpy": ((0, True, 2), (1, False, ("sn", 1, 2))),
    "memccpy": ((0, True, ("mchr", 1, 2, 3)), (1, False, ("mchr", 1, 2, 3))),
    "memrchr": ((0, False, 2),),
    "rawmemchr": ((0, False, None),),
    "memmem": ((0, False, 1), (2, False, 3)),
    "strcasestr": ((0, False, ("s", 0)), (1, False, ("s", 1))),
    "strlcpy": ((0, True, 2), (1, False, ("s", 1))),
    "strlcat": ((0, True, 2), (1, False, ("s", 1))),
    "strxfrm": ((0, True, 2), (1, False, ("s", 1))),
    # strtok(NULL, ...) goes on in the string of its last call: only the
    # runtime's remembered accesses see that one (vm/race.py)
    "strtok": ((0, True, ("s", 0)), (1, False, ("s", 1))),
    "strtok_r": ((0, True, ("s", 0)), (1, False, ("s", 1)), (2, True, ("b", 8))),
    "strsep": ((0, True, ("b", 8)), (1, False, ("s", 1))),
    "swab": ((0, False, 2), (1, True, 2)),
    "time": ((0, True, ("b", 8)),),
    "gettimeofday": ((0, True, ("b", 16)),),
    "localtime_r": ((0, False, ("b", 8)), (1, True, None)),
    "gmtime_r": ((0, False, ("b", 8)), (1, True, None)),
    "fgets": ((0, True, 1),),
    "read": ((1, True, 2),),
    "pread": ((1, True, 2),),
    "write": ((1, False, 2),),
    "pwrite": ((1, False, 2),),
    "clock_gettime": ((1, True, ("b", 16)),),
    "nanosleep": ((0, False, ("b", 16)), (1, True, ("b", 16))),
    "pipe": ((0, True, ("b", 8)),),
    "recv": ((1, True, 2),),
    "recvfrom": ((1, True, 2),),
    "send": ((1, False, 2),),
    "sendto": ((1, False, 2),),
    "bcopy": ((0, False, 2), (1, True, 2)),
    "mempcpy": ((0, True, 2), (1, False, 2)),
    "wmemcpy": ((0, True, ("mulc", 2, 4)), (1, False, ("mulc", 2, 4))),
    "wmemmove": ((0, True, ("mulc", 2, 4)), (1, False, ("mulc", 2, 4))),
    "wmemset": ((0, True, ("mulc", 2, 4)),),
    "mbstowcs": ((0, True, ("mulc", 2, 4)), (1, False, ("s", 1))),
    "wcstombs": ((0, True, 2),),
    "strtoimax": _SE, "strtoumax": _SE, "strtold": _SE, "strtoq": _SE, "strtouq": _SE,
    "strftime": ((0, True, 1), (3, False, None)),
    "asctime_r": ((0, False, None), (1, True, ("b", 26))),
    "ctime_r": ((0, False, ("b", 8)), (1, True, ("b", 26))),
    "getcwd": ((0, True, 1),),
    "gethostname": ((0, True, 1),),
    "rand_r": ((0, True, ("b", 4)),),
    "erand48": ((0, True, ("b", 6)),), "nrand48": ((0, True, ("b", 6)),), "jrand48": ((0, True, ("b", 6)),),
}

# printf and scanf: (format argument, first variadic argument, scanf?, the
# output buffer's argument or None, its size's argument or None ("ptr":
# asprintf's char ** gets a pointer), the input string's argument or None,
# va_list?).  The v* forms (va_list True) take
# their variadic arguments in a va_list, the "first variadic argument": a
# pointer to the x86-64 __va_list_tag whose overflow area holds the ones
# left (vm/racelibc.py reads them).  glibc's headers name the scanf ones
# __isoc99_*, or __isoc23_* from glibc 2.38 (libc-shim's do not).
LIBC_FORMATS: dict[str, tuple] = {
    "printf": (0, 1, False, None, None, None, False),
    "fprintf": (1, 2, False, None, None, None, False),
    "dprintf": (1, 2, False, None, None, None, False),
    "sprintf": (1, 2, False, 0, None, None, False),
    "snprintf": (2, 3, False, 0, 1, None, False),
    "scanf": (0, 1, True, None, None, None, False),
    "__isoc99_scanf": (0, 1, True, None, None, None, False),
    "__isoc23_scanf": (0, 1, True, None, None, None, False),
    "fscanf": (1, 2, True, None, None, None, False),
    "__isoc99_fscanf": (1, 2, True, None, None, None, False),
    "__isoc23_fscanf": (1, 2, True, None, None, None, False),
    "sscanf": (1, 2, True, None, None, 0, False),
    "__isoc99_sscanf": (1, 2, True, None, None, 0, False),
    "__isoc23_sscanf": (1, 2, True, None, None, 0, False),
    "vprintf": (0, 1, False, None, None, None, True),
    "vfprintf": (1, 2, False, None, None, None, True),
    "vdprintf": (1, 2, False, None, None, None, True),
    "vsprintf": (1, 2, False, 0, None, None, True),
    "vsnprintf": (2, 3, False, 0, 1, None, True),
    "vscanf": (0, 1, True, None, None, None, True),
    "__isoc99_vscanf": (0, 1, True, None, None, None, True),
    "__isoc23_vscanf": (0, 1, True, None, None, None, True),
    "vfscanf": (1, 2, True, None, None, None, True),
    "__isoc99_vfscanf": (1, 2, True, None, None, None, True),
    "__isoc23_vfscanf": (1, 2, True, None, None, None, True),
    "vsscanf": (1, 2, True, None, None, 0, True),
    "__isoc99_vsscanf": (1, 2, True, None, None, 0, True),
    "__isoc23_vsscanf": (1, 2, True, None, None, 0, True),
    "asprintf": (1, 2, False, 0, "ptr", None, False),
    "vasprintf": (1, 2, False, 0, "ptr", None, True),
    # <err.h>: to stderr
    "warn": (0, 1, False, None, None, None, False),
    "warnx": (0, 1, False, None, None, None, False),
    "err": (1, 2, False, None, None, None, False),
    "errx": (1, 2, False, None, None, None, False),
    "vwarn": (0, 1, False, None, None, None, True),
    "vwarnx": (0, 1, False, None, None, None, True),
    "verr": (1, 2, False, None, None, None, True),
    "verrx": (1, 2, False, None, None, None, True),
    # <syslog.h>
    "syslog": (1, 2, False, None, None, None, False),
    "vsyslog": (1, 2, False, None, None, None, True),
    # DiOS's debug output (<sys/trace.h>): printed into the counterexample
    "__dios_trace_f": (0, 1, False, None, None, None, False),
}

# bytes a %n (printf) or an integer conversion (scanf) writes, by length modifier
_INT_SIZE = {b"hh": 1, b"h": 2, b"": 4, b"l": 8, b"ll": 8, b"j": 8, b"z": 8, b"t": 8, b"q": 8, b"L": 8}
_FLOAT_SIZE = {b"": 4, b"l": 8, b"L": 16}


class Directive(NamedTuple):
    """One conversion of a format: the literal characters before it, the
    conversion character, its value's argument (None: not stored, scanf's
    %*), the '*' width and precision arguments (printf), flags, width,
    precision and length modifier."""
    lit: int
    c: str
    arg: int | None = None
    warg: int | None = None
    parg: int | None = None
    flags: str = ""
    width: int | None = None
    prec: int | None = None
    length: bytes = b""


def directives(fmt: bytes, scan: bool) -> list[Directive]:
    """The conversions of a format, in order; a last Directive with c ""
    holds the literal characters after them (a %% is one)."""
    out: list[Directive] = []
    arg = lit = 0
    i, n = 0, len(fmt)
    while i < n:
        if fmt[i] != 0x25:  # '%'
            i, lit = i + 1, lit + 1
            continue
        i += 1
        if i < n and fmt[i] == 0x25:
            i, lit = i + 1, lit + 1
            continue
        skip = False
        warg = parg = None
        if scan and i < n and fmt[i] == 0x2A:  # '*': converted, not stored
            skip, i = True, i + 1
        j = i
        while i < n and fmt[i] in b"-+ #0'":
            i += 1
        flags = fmt[j:i].decode()
        if not scan and i < n and fmt[i] == 0x2A:  # a width argument
            warg, arg, i = arg, arg + 1, i + 1
        j = i
        while i < n and 0x30 <= fmt[i] <= 0x39:
            i += 1
        width = int(fmt[j:i]) if i > j else None
        prec = None
        if not scan and i < n and fmt[i] == 0x2E:  # '.precision'
            i += 1
            if i < n and fmt[i] == 0x2A:
                parg, arg, i = arg, arg + 1, i + 1
            else:
                j = i
                while i < n and 0x30 <= fmt[i] <= 0x39:
                    i += 1
                prec = int(fmt[j:i] or b"0")
        j = i
        while i < n and fmt[i] in b"hljztqL":
            i += 1
        length = bytes(fmt[j:i])
        if i >= n:
            break
        c = chr(fmt[i])
        i += 1
        if c == "[":  # a scanset: up to its ']' (a ']' first is one of its characters)
            i += 1 if i < n and fmt[i] == 0x5E else 0
            i += 1 if i < n and fmt[i] == 0x5D else 0
            while i < n and fmt[i] != 0x5D:
                i += 1
            i += 1
        out.append(Directive(lit, c, None if skip else arg, warg, parg, flags, width, prec, length))
        lit = 0
        if not skip:
            arg += 1
    out.append(Directive(lit, ""))
    return out


def format_accesses(fmt: bytes | None, scan: bool, nargs: int,
                    wide: list[int] | None = None, token: int | None = None) -> list[tuple[int, bool, object]]:
    """What the conversions of a printf (scan False) or scanf format do
    with the variadic arguments: (index among them, writes, size), a size
    being bytes, "s" (the string there, with its NUL) or None (to the
    object's end).  A format that cannot be read (None) or a conversion
    divm does not know: every remaining argument, read and written to its
    object's end (an argument that is not a pointer touches nothing).
    The indices of the long double arguments (printf's %Lf: 16 bytes,
    16-aligned in a va_list) are appended to wide.  token bounds what a
    scanf %s or %[ with no width writes (sscanf: its input's length)."""
    if fmt is None:
        return [(k, True, None) for k in range(nargs)]
    out: list[tuple[int, bool, object]] = []
    for d in directives(fmt, scan):
        if not d.c:
            break
        if wide is not None and not scan and d.length == b"L" and d.c in "feEgGaA":
            wide.append(d.arg)
        if d.arg is None:
            continue
        size = _conversion(d.c, scan, d.length, d.width, d.prec)
        if size is False:
            out.extend((k, True, None) for k in range(d.arg, nargs))
            return out
        if size is not None:
            out.append((d.arg, scan or d.c == "n", size if size != "-" else token))
    return out


_BITS = {b"hh": 8, b"h": 16, b"": 32, b"l": 64, b"ll": 64, b"j": 64, b"z": 64, b"t": 64, b"q": 64}


def printed_length(fmt: bytes, va: list, strlen) -> int | None:
    """At most how many characters (the NUL not counted) a printf of fmt
    with the arguments va writes; None when divm cannot tell.  strlen(p)
    is the length of the string at p, or None."""
    total = 0
    for d in directives(fmt, False):
        total += d.lit
        if not d.c:
            return total
        width, prec = d.width or 0, d.prec
        if d.warg is not None:
            w = va[d.warg] if d.warg < len(va) else None
            if w.__class__ is not int:
                return None
            w = w - (w >> 31 << 32) if w < 1 << 32 else w
            width = abs(w)  # (a negative width is the '-' flag)
        if d.parg is not None:
            q = va[d.parg] if d.parg < len(va) else None
            if q.__class__ is not int:
                return None
            q = q - (q >> 31 << 32) if q < 1 << 32 else q
            prec = q if q >= 0 else None
        v = va[d.arg] if d.arg is not None and d.arg < len(va) else None
        n = _printed(d, v, prec, strlen)
        if n is None:
            return None
        total += max(width, n)
    return total


def _printed(d: Directive, v, prec, strlen) -> int | None:
    """The characters of one conversion before its width pads it."""
    c, flags = d.c, d.flags
    sign = 1 if "+" in flags or " " in flags else 0
    if c in "diouxX":
        bits = _BITS.get(d.length)
        if bits is None or v.__class__ is not int:
            return None
        v &= (1 << bits) - 1
        if c in "di" and v >> (bits - 1):
            v, sign = (1 << bits) - v, 1
        digits = len(format(v, {"o": "o", "x": "x", "X": "X"}.get(c, "d")))
        prefix = (2 if c in "xX" else 1 if c == "o" else 0) if "#" in flags else 0
        return sign * (c in "di") + prefix + max(prec or 0, digits)
    if c == "c":
        return 1
    if c == "s":
        n = strlen(v) if d.length == b"" else None
        if n is None:
            return prec
        return min(n, prec) if prec is not None else n
    if c == "p":
        return 2 + 16 + sign  # (at most; "(nil)" is shorter)
    if c == "n":
        return 0
    if c in "fFeEgGaA":
        if v.__class__ is not float or d.length == b"L":
            return None
        p = 6 if prec is None else prec
        if v != v or v in (float("inf"), float("-inf")):
            return 1 + 3
        if c in "aA":
            return 1 + 4 + max(p if prec is not None else 13, 13) + 6
        alt = "#" if "#" in flags or c in "gG" else ""  # (the longest form)
        return 1 + len(f"%{alt}.{p}{c.lower() if c in 'gG' else c}" % abs(v))
    return None


def _conversion(c: str, scan: bool, length: bytes, width, prec):
    """The size one conversion touches at its argument: bytes, "s", "-"
    (to the object's end), None (the argument is a value), False (unknown)."""
    if c in "diouxX":
        return _INT_SIZE.get(length, False) if scan else None
    if c == "n":
        return _INT_SIZE.get(length, False)
    if c in "feEgGaA":
        return _FLOAT_SIZE.get(length, False) if scan else None
    if c == "p":
        return 8 if scan else None
    if c == "c":
        return (width or 1) if scan else None
    if c in "s[":
        if scan:
            return width + 1 if width is not None else "-"
        return prec if prec is not None else "s"
    return False
