"""Linking: DiOS and libc-shim linked once into a Runtime (decoded and
cached), a program decoded on its own against the runtime's numbering and
linked into it in Python, and the runtime's bodies decoded on demand.

Decoding needs LLVM: decode.py (and with it cffi and libLLVM) is imported
only where something is decoded, so a program found in the cache runs
without them."""

from __future__ import annotations

import hashlib
import pickle
import re
from pathlib import Path
from typing import TYPE_CHECKING

from divm.load.errors import LoadError, VMError
from divm.load.ir import Fn, Glob, Program
from divm.load.layout import CODE_BASE, M32, PL_GLOBAL, encode
from divm.load.paths import RUNTIME

if TYPE_CHECKING:
    from divm.load.decode import Context, Decoder


class _LazyLLVM:
    """divm.load.llvmapi, imported at first use: a program found in the cache
    runs without loading cffi and libLLVM."""

    def __getattr__(self, name):
        from divm.load import llvmapi
        globals()["A"] = llvmapi
        return getattr(llvmapi, name)


A = _LazyLLVM()


def runtime_modules(llp64: bool = False) -> list[Path]:
    """DiOS and libc-shim, built for the program's `long`: 64 bits, or 32
    (LLP64, `make` builds both)."""
    d = RUNTIME / "llp64" if llp64 else RUNTIME
    mods = [d / "dios.bc", d / "libc.bc"]
    for m in mods:
        if not m.exists():
            raise LoadError(f"runtime bitcode {m} is missing: run `make` first")
    return mods


# -- the runtime, linked once ---------------------------------------------------
# DiOS and libc-shim are linked with LLVM and decoded on their own, once (the
# result is cached on disk, see cache.py): function and global headers
# with fixed numbers, global initialisers and their memory images.  Bodies
# are decoded only when a function's code has to be generated.  A program is
# decoded against that numbering and linked in Python: its definitions win
# over the runtime's (which are weak), its declarations bind to the
# runtime's definitions.

class Runtime:
    """The decoded runtime: a Program without bodies, plus the names of its
    local (internal/private) symbols, which never bind to a program's."""

    def __init__(self, prog: Program, local_fns: set, local_globs: set):
        self.prog = prog
        self.local_fns = local_fns
        self.local_globs = local_globs


def _link_runtime(ctx: Context, llp64: bool):
    lib = ctx.lib
    mod = None
    for rp in runtime_modules(llp64):
        data = rp.read_bytes()
        if not data:  # (an empty module parses: being rewritten, or a failed build)
            raise LoadError(f"runtime bitcode {rp} is empty: run `make` again")
        m = ctx.parse(data, rp.name)
        if mod is None:
            mod = m
            continue
        ctx.diags.clear()
        if lib.LLVMLinkModules2(mod, m):
            raise LoadError(f"cannot link the runtime ({rp.name}): {ctx._diag()}")
    return mod



def build_runtime(llp64: bool = False) -> tuple[Runtime, Decoder]:
    from divm.load.decode import Context, Decoder
    ctx = Context()
    lib = ctx.lib
    mod = _link_runtime(ctx, llp64)
    msg = A.ffi.new("char **")
    if lib.LLVMVerifyModule(mod, 2, msg):
        text = A.s(msg[0]).strip().splitlines()
        raise LoadError(f"the runtime is invalid: {text[0] if text else 'verification failed'}")
    local = (A.INTERNAL_LINKAGE, A.PRIVATE_LINKAGE)
    defined, local_fns, local_globs = set(), set(), set()
    f = lib.LLVMGetFirstFunction(mod)
    while f != A.NULL:
        n = A.name(f)
        if not lib.LLVMIsDeclaration(f):
            defined.add(n)
        if lib.LLVMGetLinkage(f) in local:
            local_fns.add(n)
        f = lib.LLVMGetNextFunction(f)
    g = lib.LLVMGetFirstGlobal(mod)
    while g != A.NULL:
        n = A.name(g)
        if not lib.LLVMIsDeclaration(g):
            defined.add(n)
        if lib.LLVMGetLinkage(g) in local:
            local_globs.add(n)
        g = lib.LLVMGetNextGlobal(g)
    dec = Decoder(ctx, mod, defined)
    prog = dec.run()
    for fn in prog.functions:
        if not fn.decl:
            dec.header(fn)
    for gl in prog.globals:
        if not gl.decl and gl.init is not None:
            buf = bytearray(max(gl.size, 0))
            um = bytearray(len(buf))
            ptrs: list[int] = []
            try:
                encode(gl.ty, gl.init, buf, 0, um, ptrs)
            except Exception:
                continue
            gl.enc = (bytes(buf), bytes(um) if any(um) else None, tuple(ptrs))
    return Runtime(prog, local_fns, local_globs), dec



def load_runtime(llp64: bool = False) -> tuple[Runtime, Decoder | None]:
    """The runtime, from the cache if possible (a fresh copy each time: the
    program is linked into it in place)."""
    from divm.load import cache
    name = "runtime-llp64" if llp64 else "runtime"
    rt = cache.get_obj(name) if cache.enabled() else None
    if isinstance(rt, Runtime):
        return rt, None
    rt, dec = build_runtime(llp64)
    if cache.enabled():
        refs = [fn.ref for fn in rt.prog.functions]
        for fn in rt.prog.functions:
            fn.ref = None
        cache.put_obj(name, rt)
        for fn, r in zip(rt.prog.functions, refs):
            fn.ref = r
    return rt, dec


class UserPart:
    """A program decoded against the runtime's numbering (picklable)."""

    def __init__(self):
        self.functions: list[Fn] = []
        self.globals: list[Glob] = []
        self.aliases: dict = {}
        self.ext_uses: dict = {}
        self.local: set = set()  # (kind, name) of its local symbols


def decode_user(data: bytes, what: str, rt: Runtime) -> UserPart:
    from divm.load.decode import Context, Decoder
    ctx = Context()
    lib = ctx.lib
    mod = ctx.parse(data, what)
    msg = A.ffi.new("char **")
    if lib.LLVMVerifyModule(mod, 2, msg):
        text = A.s(msg[0]).strip().splitlines()
        raise LoadError(f"{what}: invalid module: {text[0] if text else 'verification failed'}")
    dec = Decoder(ctx, mod, set())
    part = UserPart()
    _user_globals(dec, rt, part, what)
    if not _user_functions(dec, rt, part, what):
        raise LoadError(f"{what}: the program has no main function")
    dec.aliases(mod, part.aliases)
    for gl in part.globals:
        dec.initialiser(gl)
        gl.ref = None
    debug_functions(part)
    for fn in part.functions:
        if not fn.decl:
            dec.function(fn)
    for fn in part.functions:
        fn.ref = None
    part.ext_uses = dict(dec.prog.ext_uses)
    return part


def _user_globals(dec: Decoder, rt: Runtime, part: UserPart, what: str) -> None:
    """Number the program's globals: the runtime's number for a name the
    runtime has (its declaration or its weak definition), the next free
    one otherwise."""
    lib, rp = dec.lib, rt.prog
    local = (A.INTERNAL_LINKAGE, A.PRIVATE_LINKAGE)
    next_g = len(rp.globals) + 1
    g = lib.LLVMGetFirstGlobal(dec.mod)
    while g != A.NULL:
        name = A.name(g)
        is_local = lib.LLVMGetLinkage(g) in local
        decl = bool(lib.LLVMIsDeclaration(g))
        r = None if is_local or name in rt.local_globs else rp.glob_by_name.get(name)
        if not is_local and name not in rt.local_fns and name in rp.fn_by_name and not rp.fn_by_name[name].decl:
            raise LoadError(f"{what}: {name} is a variable in the program but a function in DiOS/libc-shim")
        if r is not None:
            idx = r.idx
        else:
            idx, next_g = next_g, next_g + 1
        gl = Glob(name, idx)
        gl.ty = dec.ty(lib.LLVMGlobalGetValueType(g))
        gl.size = gl.ty.size
        gl.const = bool(lib.LLVMIsGlobalConstant(g))
        gl.tls = bool(lib.LLVMIsThreadLocal(g))
        gl.decl = decl
        gl.ref = g
        if is_local:
            part.local.add(("g", name))
        part.globals.append(gl)
        dec.glob_of[A.key(g)] = gl
        g = lib.LLVMGetNextGlobal(g)
    if next_g >= PL_GLOBAL - 1:
        raise LoadError("too many global variables")


def _user_functions(dec: Decoder, rt: Runtime, part: UserPart, what: str) -> bool:
    """Number the program's functions as _user_globals its globals; whether
    it defines main."""
    lib, rp = dec.lib, rt.prog
    local = (A.INTERNAL_LINKAGE, A.PRIVATE_LINKAGE)
    next_f = len(rp.functions)
    has_main = False
    f = lib.LLVMGetFirstFunction(dec.mod)
    while f != A.NULL:
        name = A.name(f)
        is_local = lib.LLVMGetLinkage(f) in local
        decl = bool(lib.LLVMIsDeclaration(f))
        if name == "main" and not decl and not is_local:
            has_main = True
        r = None if is_local or name in rt.local_fns else rp.fn_by_name.get(name)
        if r is None and decl and not is_local:  # (the runtime's aliases: fopen64 is fopen)
            a = rp.aliases.get(name)
            if a.__class__ is int and 0 <= (a >> 32) - CODE_BASE < len(rp.functions) and not a & M32:
                r = rp.functions[(a >> 32) - CODE_BASE]
        if not is_local and name not in rt.local_globs and name in rp.glob_by_name and \
                not rp.glob_by_name[name].decl:
            raise LoadError(f"{what}: {name} is a function in the program but a variable in DiOS/libc-shim")
        if r is not None:
            idx = r.idx
        else:
            idx, next_f = next_f, next_f + 1
        fn = Fn(name, idx)
        fn.ty = dec.ty(lib.LLVMGlobalGetValueType(f))
        fn.decl = decl
        fn.ref = f
        if is_local:
            part.local.add(("f", name))
        part.functions.append(fn)
        dec.fn_of[A.key(f)] = fn
        f = lib.LLVMGetNextFunction(f)
    return has_main


def debug_functions(part: UserPart) -> None:
    """Mark the functions annotated "divine.debugfn": they serve debugging
    (a counterexample's printout) and verification skips their calls."""
    ann = next((g for g in part.globals if g.name == "llvm.global.annotations" and g.init), None)
    if ann is None:
        return
    fns = {fn.idx: fn for fn in part.functions}
    globs = {g.idx: g for g in part.globals}
    for entry in ann.init:
        if not isinstance(entry, tuple) or len(entry) < 2 or not all(isinstance(x, int) for x in entry[:2]):
            continue
        fn = fns.get((entry[0] >> 32) - CODE_BASE)
        text = globs.get(entry[1] >> 32)
        init = text.init if text is not None else None
        if isinstance(init, tuple):
            init = bytes(x for x in init if isinstance(x, int))
        if fn is not None and isinstance(init, (bytes, bytearray)) and init.rstrip(b"\0") == b"divine.debugfn":
            fn.debugfn = True


def link(rt: Runtime, part: UserPart, what: str) -> Program:
    """Link a decoded program into the decoded runtime (in place)."""
    prog = rt.prog
    prog.replaced = set()
    fns, globs = prog.functions, prog.globals
    nrt = len(fns)
    for fn in sorted(part.functions, key=lambda f: f.idx):
        if fn.idx < nrt:
            if not fn.decl:
                fns[fn.idx] = fn  # the program's definition wins
                prog.fn_by_name[fn.name] = fn
                prog.replaced.add(fn.name)
        else:
            assert fn.idx == len(fns)
            fns.append(fn)
            if ("f", fn.name) not in part.local or fn.name not in prog.fn_by_name:
                prog.fn_by_name[fn.name] = fn
    nrtg = len(globs)
    for gl in sorted(part.globals, key=lambda g: g.idx):
        if gl.idx <= nrtg:
            if not gl.decl:
                globs[gl.idx - 1] = gl
                prog.glob_by_name[gl.name] = gl
                prog.replaced.add(gl.name)
        else:
            assert gl.idx == len(globs) + 1
            globs.append(gl)
            if ("g", gl.name) not in part.local or gl.name not in prog.glob_by_name:
                prog.glob_by_name[gl.name] = gl
    # the program's calls go to the functions as linked
    for fn in part.functions:
        for b in fn.blocks:
            for ins in b.ins:
                if ins.op == "call":
                    c = ins.x.get("callee")
                    if c is not None:
                        ins.x["callee"] = fns[c.idx]
    prog.aliases.update(part.aliases)
    prog.imports = set(part.ext_uses)  # what the program calls from outside itself (libc, DiOS, ...)
    prog.ext_uses = {n: w for n, w in part.ext_uses.items()
                     if n not in prog.aliases and (n not in prog.fn_by_name or prog.fn_by_name[n].decl)}
    prog.name = what
    return prog


class Bodies:
    """prog.decoder: decodes the runtime's function bodies on demand (with
    LLVM, which is loaded only then), and gives the program's module to
    whoever needs its debug information (divm.props)."""

    def __init__(self, prog: Program, nrt: int, dec: Decoder | None, data: bytes, what: str):
        self.prog = prog
        self.nrt = nrt
        self.dec = dec
        self.data = data
        self.what = what
        self._mod = None
        self._mapped = False

    def ensure(self, fn: Fn) -> None:
        if fn.decl or fn.blocks:
            return
        try:
            dec = self._decoder()
            if fn.ref is None:
                raise LoadError(f"no body for function {fn.name}")
            dec.function(fn)
        except LoadError as e:
            raise VMError(str(e)) from None

    def _decoder(self) -> Decoder:
        if self.dec is None:
            from divm.load.decode import Context, Decoder
            ctx = Context()
            mod = _link_runtime(ctx, self.prog.llp64)
            self.dec = Decoder(ctx, mod, set())
        dec = self.dec
        if not self._mapped:
            # the decoder's functions and globals are the linked program's
            lib = dec.lib
            fns, globs = self.prog.functions, self.prog.globals
            dec.fn_of.clear()
            dec.glob_of.clear()
            dec.consts.clear()
            i, f = 0, lib.LLVMGetFirstFunction(dec.mod)
            while f != A.NULL:
                if i >= self.nrt:
                    raise LoadError("the runtime changed while divm was running")
                dec.fn_of[A.key(f)] = fns[i]
                if fns[i].system and not fns[i].decl and not fns[i].blocks:
                    fns[i].ref = f
                i, f = i + 1, lib.LLVMGetNextFunction(f)
            i, g = 0, lib.LLVMGetFirstGlobal(dec.mod)
            while g != A.NULL:
                dec.glob_of[A.key(g)] = globs[i]
                i, g = i + 1, lib.LLVMGetNextGlobal(g)
            dec.prog = self.prog
            self._mapped = True
        return dec

    @property
    def mod(self):
        if self._mod is None:
            from divm.load.decode import Context
            self._ctx = Context()
            self._mod = self._ctx.parse(self.data, self.what)
        return self._mod


UNINIT_GLOBAL = "__divm_cc_uninit"  # set by an optimising compile (loader.uninitialised_reads)


def llp64_target(data: bytes, what: str) -> bool:
    """Whether the module's `long` is 32 bits with 64-bit pointers: a
    Windows triple (clang's --target=x86_64-w64-windows-gnu, which divm
    svcomp uses for ILP32 tasks).  A 32-bit target's pointers divm's memory
    cannot hold."""
    from divm.load.decode import Context
    ctx = Context()
    mod = ctx.parse(data, what)
    triple = A.s(ctx.lib.LLVMGetTarget(mod))
    if re.search(r"(^|-)p:32:", A.s(ctx.lib.LLVMGetDataLayoutStr(mod))):
        raise LoadError(f"{what}: target {triple} has 32-bit pointers, which divm does not support "
                        "(compile for x86_64; divm svcomp --data-model ILP32 runs 32-bit programs)")
    return "windows" in triple or "mingw" in triple


def link_and_decode(data: bytes, what: str) -> Program:
    from divm.load import cache
    key = "prog-" + hashlib.sha256(data).hexdigest()
    ent = cache.get_obj(key) if cache.enabled() else None
    part = digest = None
    if isinstance(ent, tuple) and len(ent) == 3:
        try:
            part = pickle.loads(ent[0])
            digest, llp64 = ent[1], ent[2]
        except Exception:
            part = None
    fresh = None
    if not isinstance(part, UserPart):
        llp64 = llp64_target(data, what)
    rt, dec = load_runtime(llp64)
    nrt = len(rt.prog.functions)
    if not isinstance(part, UserPart):
        part = decode_user(data, what, rt)
        fresh = pickle.dumps(part, protocol=pickle.HIGHEST_PROTOCOL) if cache.enabled() else None
    prog = link(rt, part, what)
    prog.llp64 = bool(llp64)
    if digest is None or not isinstance(digest, str):
        digest = structural_digest(prog)
        if fresh is not None:
            cache.put_obj(key, (fresh, digest, prog.llp64))
    prog.digest = digest
    note = prog.glob_by_name.get(UNINIT_GLOBAL)
    if note is not None and isinstance(note.init, tuple):
        prog.uninit_reads = bytes(note.init).rstrip(b"\0").decode(errors="replace")
    ckey = key[5:37]
    for fn in prog.functions:
        if not fn.decl:
            fn.ckey = f"u-{ckey}-{fn.idx}" if not fn.system else "rt64" if prog.llp64 else "rt"
    prog.decoder = Bodies(prog, nrt, dec, data, what)
    return prog


def structural_digest(prog: Program) -> str:
    """A hash of the program's code and data that ignores debug locations and
    file paths, so the same source compiled anywhere has the same digest."""
    h = hashlib.sha256()
    for fn in prog.functions:
        if fn.system:
            continue
        h.update(f"F {fn.name} {fn.ty} {fn.decl}\n".encode())
        for b in fn.blocks:
            for ins in b.phis + b.ins:
                h.update(f"{ins.op} {ins.ty} {[(o.name, o.val) for o in ins.a]} {ins.x if ins.op != 'call' else ''}\n"
                         .encode())
    for gl in prog.globals:
        h.update(f"G {gl.name} {gl.size} {gl.init!r}\n".encode())
    return h.hexdigest()
