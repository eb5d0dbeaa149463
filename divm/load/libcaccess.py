"""The memory the C library's functions read and write, for -o check:race.

libc-shim runs with interrupts masked, so a call of strcpy is one step of
its thread; the race check parks the thread before the call instead and
reads the call's accesses from the state (vm/race.py).  Each entry is
(argument, writes, size); a size is an argument's index (its value), None
(to the object's end), or a tuple computed from memory at the parked state:

- ("s", k): the string at argument k with its NUL;
- ("sn", k, m): that, at most argument m bytes;
- ("mul", a, b): argument a times argument b;
- ("cat", d, s): the strings at d and s with one NUL (strcat's destination);
- ("cmp", k, j, m, mem): what strcmp-like functions read of argument k
  against argument j: up to the first difference or NUL (at most argument
  m bytes unless m is None; mem: memcmp, a NUL does not stop it);
- ("chr", k, c): the string at k up to the first byte argument c (strchr).

Where the exact extent is hard (strstr, the case-insensitive compares, the
number parsers) the whole string is taken: more bytes, never fewer.  The
printf and scanf families are not listed (their format decides)."""

from __future__ import annotations

_S0 = ((0, False, ("s", 0)),)

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
    "memchr": ((0, False, 2),),
    "memcpy": ((0, True, 2), (1, False, 2)),
    "memmove": ((0, True, 2), (1, False, 2)),
    "memset": ((0, True, 2),),
    "bzero": ((0, True, 1),),
    "explicit_bzero": ((0, True, 1),),
    "puts": _S0,
    "fputs": _S0,
    "atoi": _S0, "atol": _S0, "atoll": _S0, "atof": _S0,
    "strtol": _S0, "strtoll": _S0, "strtoul": _S0, "strtoull": _S0, "strtod": _S0, "strtof": _S0,
    "fwrite": ((0, False, ("mul", 1, 2)),),
    "fread": ((0, True, ("mul", 1, 2)),),
    "qsort": ((0, True, ("mul", 1, 2)),),
    "bsearch": ((1, False, ("mul", 2, 3)),),
}
