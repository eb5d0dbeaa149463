"""The SV-COMP input functions `__VERIFIER_nondet_K` divm knows: each
kind's width under LP64 and its signedness.  A program that declares one
narrower (an ILP32 task's `size_t`, a 32-bit `long`) gets values of the
declared width (codegen/calls.py, vm/builtins.py)."""

NONDET = {"bool": (1, False), "_Bool": (1, False), "char": (8, True), "schar": (8, True),
          "uchar": (8, False), "short": (16, True), "ushort": (16, False), "int": (32, True),
          "uint": (32, False), "unsigned": (32, False), "long": (64, True), "ulong": (64, False),
          "longlong": (64, True), "ulonglong": (64, False), "size_t": (64, False), "loff_t": (64, True),
          "pointer": (64, False), "u32": (32, False), "u16": (16, False), "u8": (8, False),
          "s32": (32, True), "int128": (128, True), "uint128": (128, False), "pchar": (64, False),
          "pthread_t": (64, False), "sector_t": (64, False), "ushort_t": (16, False), "ssize_t": (64, True),
          # (spelled out, as SV-COMP's nla and termination tasks have them)
          "unsigned_int": (32, False), "unsigned_char": (8, False), "unsigned_short": (16, False),
          "unsigned_long": (64, False), "unsigned_long_long": (64, False), "long_long": (64, True),
          "signed_char": (8, True), "signed_short": (16, True), "signed_int": (32, True),
          "signed_long": (64, True), "signed_long_long": (64, True)}
