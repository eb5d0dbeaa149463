"""Loader: parse bitcode or textual IR, link it with DiOS and libc-shim, and
decode every function once into divm's own instruction form (divm.ir).

Everything that needs LLVM happens here; the VM never sees an LLVM handle."""

from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path

from divm.load.errors import LoadError, VMError
from divm.load.paths import ROOT, RUNTIME
from divm.load.ir import Blk, Fn, Glob, Ins, Op, Program
from divm.load.layout import CODE_BASE, PL_GLOBAL
from divm.load.types import PTR, Ty, VOID, make_int
from divm.load.values import U



class _LazyLLVM:
    """divm.llvmapi, imported at first use: a program found in the cache
    runs without loading cffi and libLLVM."""

    def __getattr__(self, name):
        from divm.load import llvmapi
        globals()["A"] = llvmapi
        return getattr(llvmapi, name)


A = _LazyLLVM()




# -- divm cc ----------------------------------------------------------------

def find_clang() -> str:
    for c in (os.environ.get("DIVM_CLANG", ""), "clang-22", "/usr/lib/llvm-22/bin/clang", "clang"):
        if c and (os.path.isabs(c) and os.path.exists(c) or not os.path.isabs(c) and _which(c)):
            return c
    raise LoadError("clang not found: install clang-22 (see README.md)")


def _which(c: str) -> bool:
    from shutil import which
    return which(c) is not None


def cc_flags() -> list[str]:
    """Flags that make clang compile against libc-shim and DiOS.  -O0 keeps
    undefined behaviour in the program instead of letting the optimiser
    exploit it away; -ffp-contract=off keeps float results bit-identical to a
    native build without fused multiply-add."""
    return ["-O0", "-ffp-contract=off", "-g", "-emit-llvm", "-c",
            "-nostdlibinc", "-isystem", str(ROOT / "libc-shim" / "include"),
            "-isystem", str(ROOT / "dios" / "include"), "-D__divm__", "-D__divine__",
            "-fno-stack-protector", "-fno-pic", "-fno-pie", "-Wno-everything",
            # what older C allows, clang 16+ refuses by default: accept it as a (silenced) warning
            "-Wno-error=implicit-function-declaration", "-Wno-error=implicit-int",
            "-Wno-error=int-conversion", "-Wno-error=incompatible-function-pointer-types",
            "-Wno-error=incompatible-pointer-types", "-Wno-error=return-mismatch"]


def compile_c(sources: list[str], out: str, user_flags: list[str]) -> None:
    import subprocess
    cmd = [find_clang(), *cc_flags(), *user_flags]
    if len(sources) == 1:
        r = subprocess.run([*cmd, sources[0], "-o", out], capture_output=True, text=True)
        if r.returncode:
            raise LoadError(_clang_error(r.stderr, sources[0]))
        return
    import tempfile
    with tempfile.TemporaryDirectory() as td:
        parts = []
        for i, src in enumerate(sources):
            o = os.path.join(td, f"{i}.bc")
            r = subprocess.run([*cmd, src, "-o", o], capture_output=True, text=True)
            if r.returncode:
                raise LoadError(_clang_error(r.stderr, src))
            parts.append(o)
        link = os.environ.get("DIVM_LLVM_LINK", "llvm-link-22")
        r = subprocess.run([link, *parts, "-o", out], capture_output=True, text=True)
        if r.returncode:
            raise LoadError("llvm-link failed: " + r.stderr.strip().splitlines()[0])


def _clang_error(stderr: str, src: str) -> str:
    for line in stderr.splitlines():
        if "error:" in line:
            return f"cannot compile {src}: {line.strip()}"
    return f"cannot compile {src}: " + (stderr.strip().splitlines() or ["clang failed"])[0]


# -- parsing and linking ----------------------------------------------------

class Context:
    def __init__(self):
        self.lib = A.lib()
        self.ctx = self.lib.LLVMContextCreate()
        self.diags: list[str] = []

        @A.ffi.callback("void(LLVMDiagnosticInfoRef, void *)")
        def handler(di, _):
            p = self.lib.LLVMGetDiagInfoDescription(di)
            self.diags.append(A.s(p))
            self.lib.LLVMDisposeMessage(p)

        self._handler = handler
        self.lib.LLVMContextSetDiagnosticHandler(self.ctx, handler, A.NULL)

    def parse(self, data: bytes, what: str):
        lib = self.lib
        buf = lib.LLVMCreateMemoryBufferWithMemoryRangeCopy(data, len(data), what.encode())
        out = A.ffi.new("LLVMModuleRef *")
        self.diags.clear()
        if data[:4] in (b"BC\xc0\xde", b"\xde\xc0\x17\x0b"):
            if lib.LLVMParseBitcodeInContext2(self.ctx, buf, out):
                raise LoadError(f"{what}: malformed bitcode: {self._diag()}")
        else:
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                raise LoadError(f"{what}: not LLVM bitcode or IR") from None
            msg = A.ffi.new("char **")
            if lib.LLVMParseIRInContext(self.ctx, buf, out, msg):
                text = A.s(msg[0]).strip().replace("\n", " ")
                raise LoadError(f"{what}: invalid LLVM IR: {text or self._diag()}")
        return out[0]

    def _diag(self) -> str:
        return "; ".join(d.strip().replace("\n", " ") for d in self.diags) or "unknown error"


def load_program(path: str, cc_options: list[str] | None = None) -> Program:
    p = Path(path)
    if not p.exists():
        raise LoadError(f"{path}: no such file")
    if p.is_dir():
        raise LoadError(f"{path}: is a directory")
    if p.suffix == ".c":
        import tempfile
        with tempfile.TemporaryDirectory() as td:
            out = os.path.join(td, "prog.bc")
            compile_c([path], out, cc_options or [])
            data = Path(out).read_bytes()
    else:
        try:
            data = p.read_bytes()
        except OSError as e:
            raise LoadError(f"{path}: {e.strerror}") from None
        if not data.strip():
            raise LoadError(f"{path}: empty file")
    return link_and_decode(data, p.name)


def runtime_modules() -> list[Path]:
    mods = [RUNTIME / "dios.bc", RUNTIME / "libc.bc"]
    for m in mods:
        if not m.exists():
            raise LoadError(f"runtime bitcode {m} is missing: run `make` first")
    return mods


# -- the runtime, linked once ---------------------------------------------------
# DiOS and libc-shim are linked with LLVM and decoded on their own, once (the
# result is cached on disk, see divm/cache.py): function and global headers
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


def _link_runtime(ctx: Context):
    lib = ctx.lib
    mod = None
    for rp in runtime_modules():
        m = ctx.parse(rp.read_bytes(), rp.name)
        if mod is None:
            mod = m
            continue
        ctx.diags.clear()
        if lib.LLVMLinkModules2(mod, m):
            raise LoadError(f"cannot link the runtime ({rp.name}): {ctx._diag()}")
    return mod


def build_runtime() -> tuple[Runtime, Decoder]:
    ctx = Context()
    lib = ctx.lib
    mod = _link_runtime(ctx)
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
    prog.decoder = None
    for fn in prog.functions:
        if not fn.decl:
            dec.header(fn)
    from divm.load.layout import encode
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


def load_runtime() -> tuple[Runtime, Decoder | None]:
    """The runtime, from the cache if possible (a fresh copy each time: the
    program is linked into it in place)."""
    from divm.load import cache
    rt = cache.get_obj("runtime") if cache.enabled() else None
    if isinstance(rt, Runtime):
        return rt, None
    rt, dec = build_runtime()
    if cache.enabled():
        refs = [fn.ref for fn in rt.prog.functions]
        for fn in rt.prog.functions:
            fn.ref = None
        cache.put_obj("runtime", rt)
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
    ctx = Context()
    lib = ctx.lib
    mod = ctx.parse(data, what)
    msg = A.ffi.new("char **")
    if lib.LLVMVerifyModule(mod, 2, msg):
        text = A.s(msg[0]).strip().splitlines()
        raise LoadError(f"{what}: invalid module: {text[0] if text else 'verification failed'}")
    local = (A.INTERNAL_LINKAGE, A.PRIVATE_LINKAGE)
    rp = rt.prog
    dec = Decoder(ctx, mod, set())
    prog = dec.prog
    part = UserPart()
    next_g = len(rp.globals) + 1
    next_f = len(rp.functions)
    has_main = False
    g = lib.LLVMGetFirstGlobal(mod)
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
    f = lib.LLVMGetFirstFunction(mod)
    while f != A.NULL:
        name = A.name(f)
        is_local = lib.LLVMGetLinkage(f) in local
        decl = bool(lib.LLVMIsDeclaration(f))
        if name == "main" and not decl and not is_local:
            has_main = True
        r = None if is_local or name in rt.local_fns else rp.fn_by_name.get(name)
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
    if not has_main:
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
    part.ext_uses = dict(prog.ext_uses)
    return part


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
    fns, globs = prog.functions, prog.globals
    nrt = len(fns)
    for fn in sorted(part.functions, key=lambda f: f.idx):
        if fn.idx < nrt:
            if not fn.decl:
                fns[fn.idx] = fn  # the program's definition wins
                prog.fn_by_name[fn.name] = fn
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
    prog.ext_uses = {n: w for n, w in part.ext_uses.items()
                     if n not in prog.fn_by_name or prog.fn_by_name[n].decl}
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
            ctx = Context()
            mod = _link_runtime(ctx)
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
            self._ctx = Context()
            self._mod = self._ctx.parse(self.data, self.what)
        return self._mod


def link_and_decode(data: bytes, what: str) -> Program:
    from divm.load import cache
    rt, dec = load_runtime()
    nrt = len(rt.prog.functions)
    key = "prog-" + hashlib.sha256(data).hexdigest()
    ent = cache.get_obj(key) if cache.enabled() else None
    part = digest = None
    if isinstance(ent, tuple) and len(ent) == 2:
        try:
            part = pickle.loads(ent[0])
            digest = ent[1]
        except Exception:
            part = None
    fresh = None
    if not isinstance(part, UserPart):
        part = decode_user(data, what, rt)
        fresh = pickle.dumps(part, protocol=pickle.HIGHEST_PROTOCOL) if cache.enabled() else None
    prog = link(rt, part, what)
    if digest is None or not isinstance(digest, str):
        digest = structural_digest(prog)
        if fresh is not None:
            cache.put_obj(key, (fresh, digest))
    prog.digest = digest
    ckey = key[5:37]
    for fn in prog.functions:
        if not fn.decl:
            fn.ckey = f"u-{ckey}-{fn.idx}" if not fn.system else "rt"
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


# -- decoding -----------------------------------------------------------------

class Decoder:
    def __init__(self, ctx: Context, mod, system_names: set[str]):
        self.ctx = ctx
        self.lib = ctx.lib
        self.mod = mod
        self.system = system_names
        dl = A.s(self.lib.LLVMGetDataLayoutStr(mod))
        self.td = self.lib.LLVMCreateTargetData(dl.encode())
        self.types: dict[int, Ty] = {}
        self.prog = Program()
        self.fn_of: dict[int, Fn] = {}
        self.glob_of: dict[int, Glob] = {}
        self.consts: dict[int, object] = {}
        self._ok_types: set[int] = set()

    # types
    def ty(self, t) -> Ty:
        k = A.key(t)
        r = self.types.get(k)
        if r is not None:
            return r
        lib = self.lib
        kind = lib.LLVMGetTypeKind(t)
        if kind == A.T_INT:
            r = make_int(lib.LLVMGetIntTypeWidth(t))
        elif kind == A.T_PTR:
            r = PTR
        elif kind == A.T_VOID:
            r = VOID
        else:
            r = Ty({A.T_FLOAT: "f", A.T_DOUBLE: "d", A.T_FP80: "x", A.T_STRUCT: "s",
                    A.T_ARRAY: "a", A.T_VECTOR: "vec", A.T_FUNC: "fn", A.T_LABEL: "label",
                    A.T_TOKEN: "token", A.T_METADATA: "md"}.get(kind, "?"), A.type_str(t))
            self.types[k] = r
            if kind == A.T_STRUCT:
                n = lib.LLVMCountStructElementTypes(t)
                r.elems = [self.ty(lib.LLVMStructGetTypeAtIndex(t, i)) for i in range(n)]
                r.offsets = [lib.LLVMOffsetOfElement(self.td, t, i) for i in range(n)]
            elif kind in (A.T_ARRAY, A.T_VECTOR):
                r.elem = self.ty(lib.LLVMGetElementType(t))
                r.n = lib.LLVMGetArrayLength2(t) if kind == A.T_ARRAY else lib.LLVMGetVectorSize(t)
            elif kind == A.T_FUNC:
                r.ret = self.ty(lib.LLVMGetReturnType(t))
                n = lib.LLVMCountParamTypes(t)
                arr = A.ffi.new("LLVMTypeRef[]", max(n, 1))
                lib.LLVMGetParamTypes(t, arr)
                r.params = [self.ty(arr[i]) for i in range(n)]
                r.vararg = bool(lib.LLVMIsFunctionVarArg(t))
            if r.k in ("f", "d", "x", "s", "a", "vec"):
                r.size = lib.LLVMABISizeOfType(self.td, t)
                r.store = lib.LLVMStoreSizeOfType(self.td, t)
                r.align = lib.LLVMABIAlignmentOfType(self.td, t)
                r.bits = 8 * r.store
            if r.k == "s":
                covered, pad = 0, []
                for e, o in zip(r.elems, r.offsets):
                    if o > covered:
                        pad.append((covered, o))
                    covered = max(covered, o + e.size)
                if r.size > covered:
                    pad.append((covered, r.size))
                r.padding = pad
            return r
        self.types[k] = r
        return r

    def run(self) -> Program:
        lib, mod, prog = self.lib, self.mod, self.prog
        # number globals and functions first: constants refer to them
        g = lib.LLVMGetFirstGlobal(mod)
        while g != A.NULL:
            gl = Glob(A.name(g), len(prog.globals) + 1)
            gl.ty = self.ty(lib.LLVMGlobalGetValueType(g))
            gl.size = gl.ty.size
            gl.const = bool(lib.LLVMIsGlobalConstant(g))
            gl.tls = bool(lib.LLVMIsThreadLocal(g))
            gl.decl = bool(lib.LLVMIsDeclaration(g))
            gl.system = gl.name in self.system
            gl.ref = g
            prog.globals.append(gl)
            self.glob_of[A.key(g)] = gl
            g = lib.LLVMGetNextGlobal(g)
        if len(prog.globals) >= PL_GLOBAL - 1:
            raise LoadError("too many global variables")
        f = lib.LLVMGetFirstFunction(mod)
        while f != A.NULL:
            fn = Fn(A.name(f), len(prog.functions))
            fn.ty = self.ty(lib.LLVMGlobalGetValueType(f))
            fn.decl = bool(lib.LLVMIsDeclaration(f))
            fn.system = fn.name in self.system
            fn.ref = f
            prog.functions.append(fn)
            prog.fn_by_name[fn.name] = fn
            self.fn_of[A.key(f)] = fn
            f = lib.LLVMGetNextFunction(f)
        self.aliases(mod, prog.aliases)
        for gl in prog.globals:
            prog.glob_by_name[gl.name] = gl
            self.initialiser(gl)
        # the program's functions are decoded now, so unsupported constructs are
        # refused at load time; DiOS's and libc-shim's when first called
        for fn in prog.functions:
            if not fn.decl and not fn.system:
                self.function(fn)
        for gl in prog.globals:
            gl.ref = None
        prog.decoder = self
        return prog

    def aliases(self, mod, into: dict) -> None:
        """The module's aliases: name -> the constant they stand for."""
        lib = self.lib
        a = lib.LLVMGetFirstGlobalAlias(mod)
        while a != A.NULL:
            try:
                into[A.name(a)] = self.const(lib.LLVMAliasGetAliasee(a))
            except Unsupported as e:
                raise LoadError(f"unsupported {e} in alias {A.name(a)}") from None
            a = lib.LLVMGetNextGlobalAlias(a)

    def initialiser(self, gl) -> None:
        if gl.decl:
            return
        init = self.lib.LLVMGetInitializer(gl.ref)
        try:
            self.supported(gl.ty)
            gl.init = self.const(init) if init != A.NULL else None
        except Unsupported as e:
            raise LoadError(f"unsupported {e} in global variable {gl.name}") from None

    def ensure(self, fn: Fn) -> None:
        """Decode fn if that has not happened yet."""
        if not fn.decl and not fn.blocks:
            try:
                self.function(fn)
            except LoadError as e:
                    raise VMError(str(e)) from None

    # constants
    def const(self, v):
        k = A.key(v)
        if k in self.consts:
            return self.consts[k]
        r = self._const(v)
        self.consts[k] = r
        return r

    def _const(self, v):
        lib = self.lib
        vk = lib.LLVMGetValueKind(v)
        t = self.ty(lib.LLVMTypeOf(v))
        if vk == A.VK_CINT:
            if t.bits <= 64:
                return lib.LLVMConstIntGetZExtValue(v) & t.mask
            return int(A.printed(v).split()[-1]) & t.mask
        if vk == A.VK_CFP:
            if t.k == "x":  # exact bits from the printed form: x86_fp80 0xK<20 hex digits>
                txt = A.printed(v).split()[-1]
                if txt.startswith("0xK"):
                    from divm.load.layout import fp80_value
                    from divm.load.layout import x80_from_fraction, _x_parts
                    from divm.load.layout import X80
                    bits = int(txt[3:], 16)
                    val = fp80_value(bits.to_bytes(10, "little"))
                    x = X80(val, bits)
                    f, _ = _x_parts(x)
                    return x80_from_fraction(f, bits >> 79 == 1) if f.__class__ is not float else f
                loses = A.ffi.new("LLVMBool *")
                return lib.LLVMConstRealGetDouble(v, loses)
            loses = A.ffi.new("LLVMBool *")
            return lib.LLVMConstRealGetDouble(v, loses)
        if vk == A.VK_CNULL:
            return 0
        if vk == A.VK_FUNCTION:
            return (CODE_BASE + self.fn_of[A.key(v)].idx) << 32
        if vk == A.VK_GLOBALVAR:
            return self.glob_of[A.key(v)].idx << 32
        if vk == A.VK_ALIAS:
            return self.const(lib.LLVMAliasGetAliasee(v))
        if vk in (A.VK_UNDEF, A.VK_POISON):
            return undef_of(t)
        if vk == A.VK_CAZ:
            return zero_of(t)
        if vk in (A.VK_CARRAY, A.VK_CSTRUCT, A.VK_CVECTOR):
            n = t.n if t.k in ("a", "vec") else len(t.elems)
            return tuple(self.const(lib.LLVMGetAggregateElement(v, i)) for i in range(n))
        if vk in (A.VK_CDARRAY, A.VK_CDVECTOR):
            size = A.ffi.new("size_t *")
            raw = A.ffi.unpack(lib.LLVMGetRawDataValues(v, size), size[0])
            from divm.load.layout import decode
            e = t.elem
            return tuple(decode(e, raw, i * e.size, None) for i in range(t.n))
        if vk == A.VK_CEXPR:
            return self.cexpr(v, t)
        if vk == A.VK_BLOCKADDR:
            fn = self.fn_of[A.key(lib.LLVMGetBlockAddressFunction(v))]
            bb = lib.LLVMGetBlockAddressBasicBlock(v)
            # the block's index is known once the function is decoded; blocks
            # are numbered in order, so count now
            i, b = 0, lib.LLVMGetFirstBasicBlock(fn.ref if fn.ref is not None else A.NULL)
            while b != A.NULL and A.key(b) != A.key(bb):
                i += 1
                b = lib.LLVMGetNextBasicBlock(b)
            return ((CODE_BASE + fn.idx) << 32) | (i + 1)
        if vk == A.VK_INLINEASM:
            raise Unsupported("inline assembly")
        if vk == A.VK_PTRAUTH:
            raise Unsupported("pointer authentication constant")
        raise Unsupported(f"constant of kind {vk}: {A.printed(v)[:60]}")

    def cexpr(self, v, t):
        lib = self.lib
        opc = lib.LLVMGetConstOpcode(v)
        ops = [lib.LLVMGetOperand(v, i) for i in range(lib.LLVMGetNumOperands(v))]
        if opc == A.GEP:
            base = self.const(ops[0])
            src = self.ty(lib.LLVMGetGEPSourceElementType(v))
            idx = [self.const(o) for o in ops[1:]]
            its = [self.ty(lib.LLVMTypeOf(o)) for o in ops[1:]]
            off = gep_offset(src, [signed(i, it.bits) for i, it in zip(idx, its)])
            return (base + off) & 0xFFFFFFFFFFFFFFFF
        vals = [self.const(o) for o in ops]
        if opc in (A.BITCAST, A.ADDRSPACECAST, A.INTTOPTR, A.PTRTOINT, A.TRUNC, A.ZEXT, A.PTRTOADDR):
            x = vals[0]
            if isinstance(x, int):
                return x & t.mask if t.k in ("i", "p") else x
            return x
        if opc == A.SEXT:
            st = self.ty(lib.LLVMTypeOf(ops[0]))
            return signed(vals[0], st.bits) & t.mask
        binops = {A.ADD: lambda a, b: a + b, A.SUB: lambda a, b: a - b,
                  A.MUL: lambda a, b: a * b, A.XOR: lambda a, b: a ^ b,
                  A.AND: lambda a, b: a & b, A.OR: lambda a, b: a | b,
                  A.SHL: lambda a, b: a << b}
        if opc in binops and all(isinstance(x, int) for x in vals):
            return binops[opc](vals[0], vals[1]) & t.mask
        if opc == A.ICMP:
            return icmp_const(A.ICMP_PRED[lib.LLVMGetICmpPredicate(v)], vals[0], vals[1],
                              self.ty(lib.LLVMTypeOf(ops[0])).bits)
        if opc == A.EXTRACTELEMENT:
            return vals[0][vals[1]]
        raise Unsupported(f"constant expression {A.printed(v)[:80]}")

    # functions
    def header(self, fn: Fn) -> None:
        """What is known of a function without its body: where it is, its
        parameters' names."""
        lib = self.lib
        f = fn.ref
        sp = lib.LLVMGetSubprogram(f)
        if sp != A.NULL:
            fn.line = lib.LLVMDISubprogramGetLine(sp)
            fl = lib.LLVMDIScopeGetFile(sp)
            if fl != A.NULL:
                n = A.ffi.new("unsigned *")
                fn.file = A.ffi.unpack(lib.LLVMDIFileGetFilename(fl, n), n[0]).decode("utf-8", "replace")
        fn.params = [f"a{i}" for i in range(lib.LLVMCountParams(f))]

    def function(self, fn: Fn) -> None:
        lib = self.lib
        f = fn.ref
        self.header(fn)
        names: dict[int, str] = {}
        for i in range(lib.LLVMCountParams(f)):
            names[A.key(lib.LLVMGetParam(f, i))] = f"a{i}"
        blocks = []
        bb = lib.LLVMGetFirstBasicBlock(f)
        bidx: dict[int, int] = {}
        while bb != A.NULL:
            bidx[A.key(bb)] = len(blocks)
            blocks.append(bb)
            bb = lib.LLVMGetNextBasicBlock(bb)
        n = 0
        for bb in blocks:
            ins = lib.LLVMGetFirstInstruction(bb)
            while ins != A.NULL:
                names[A.key(ins)] = f"r{n}"
                n += 1
                ins = lib.LLVMGetNextInstruction(ins)
        self.names, self.bidx, self.cur = names, bidx, fn
        for i, bb in enumerate(blocks):
            blk = Blk(i)
            ins = lib.LLVMGetFirstInstruction(bb)
            while ins != A.NULL:
                try:
                    d = self.instruction(ins)
                except Unsupported as e:
                    raise LoadError(f"unsupported {e} in function {fn.name}{self.where(ins)}") from None
                if d is not None:
                    if d.op == "phi":
                        blk.phis.append(d)
                    else:
                        blk.ins.append(d)
                ins = lib.LLVMGetNextInstruction(ins)
            fn.blocks.append(blk)

    def where(self, ins) -> str:
        line = self.lib.LLVMGetDebugLocLine(ins)
        if not line:
            return f" ({self.cur.file})" if self.cur.file else ""
        n = A.ffi.new("unsigned *")
        p = self.lib.LLVMGetDebugLocFilename(ins, n)
        file = A.ffi.unpack(p, n[0]).decode("utf-8", "replace") if p != A.NULL else ""
        return f" at {file}:{line}"

    def supported(self, t: Ty) -> Ty:
        """t, if the VM can represent its values (not half, bfloat, fp128,
        scalable vectors, target types ...); Unsupported otherwise."""
        if id(t) in self._ok_types:
            return t
        if t.k == "?":
            raise Unsupported(f"type {t.text}")
        for e in (t.elems or ()) if t.k == "s" else (t.elem,) if t.k in ("a", "vec") else ():
            self.supported(e)
        if t.k == "fn":
            for e in [t.ret] + t.params:
                self.supported(e)
        self._ok_types.add(id(t))
        return t

    def op(self, v) -> Op:
        k = A.key(v)
        nm = self.names.get(k)
        t = self.supported(self.ty(self.lib.LLVMTypeOf(v)))
        if nm is not None:
            return Op(nm, t)
        vk = self.lib.LLVMGetValueKind(v)
        if vk == A.VK_METADATA:
            return Op("None", t, None, True)
        if vk == A.VK_INLINEASM:
            raise Unsupported("inline assembly")
        return Op(None, t, self.const(v), True)

    def instruction(self, ins) -> Ins | None:
        lib = self.lib
        opc = lib.LLVMGetInstructionOpcode(ins)
        res = self.names[A.key(ins)]
        t = self.supported(self.ty(lib.LLVMTypeOf(ins)))
        nops = lib.LLVMGetNumOperands(ins)
        d = Ins((OPNAMES or _opnames()).get(opc, f"op{opc}"), res if t.k != "v" else None, t)
        line = lib.LLVMGetDebugLocLine(ins)
        if line:
            n = A.ffi.new("unsigned *")
            p = lib.LLVMGetDebugLocFilename(ins, n)
            d.loc = (A.ffi.unpack(p, n[0]).decode("utf-8", "replace") if p != A.NULL else "", line)
        if opc == A.BR:
            if lib.LLVMIsConditional(ins):
                d.a = [self.op(lib.LLVMGetCondition(ins))]
                d.x = [self.bidx[A.key(lib.LLVMGetSuccessor(ins, 0))],
                       self.bidx[A.key(lib.LLVMGetSuccessor(ins, 1))]]
            else:
                d.x = [self.bidx[A.key(lib.LLVMGetSuccessor(ins, 0))]]
            return d
        if opc == A.SWITCH:
            d.a = [self.op(lib.LLVMGetOperand(ins, 0))]
            default = self.bidx[A.key(lib.LLVMGetSwitchDefaultDest(ins))]
            cases = []
            for i in range(1, lib.LLVMGetNumSuccessors(ins)):
                val = self.const(lib.LLVMGetSwitchCaseValue(ins, i))
                cases.append((val, self.bidx[A.key(lib.LLVMGetSuccessor(ins, i))]))
            d.x = (default, cases)
            return d
        if opc == A.INDIRECTBR:
            d.a = [self.op(lib.LLVMGetOperand(ins, 0))]
            d.x = [self.bidx[A.key(lib.LLVMGetSuccessor(ins, i))] for i in range(lib.LLVMGetNumSuccessors(ins))]
            return d
        if opc == A.PHI:
            d.x = [(self.bidx[A.key(lib.LLVMGetIncomingBlock(ins, i))], self.op(lib.LLVMGetIncomingValue(ins, i)))
                   for i in range(lib.LLVMCountIncoming(ins))]
            return d
        if opc in (A.INVOKE, A.LANDINGPAD, A.RESUME, A.CALLBR) or opc >= 61 and opc <= 65:
            raise Unsupported(f"instruction '{d.op}' (C++ exceptions and asm goto are not supported)")
        if opc == A.CALL:
            callee = lib.LLVMGetCalledValue(ins)
            nargs = lib.LLVMGetNumArgOperands(ins)
            d.a = [self.op(lib.LLVMGetOperand(ins, i)) for i in range(nargs)]
            d.x = {"fnty": self.ty(lib.LLVMGetCalledFunctionType(ins))}
            vk = lib.LLVMGetValueKind(callee)
            if vk == A.VK_INLINEASM:
                raise Unsupported("inline assembly")
            if vk == A.VK_FUNCTION:
                fn = self.fn_of[A.key(callee)]
                d.x["callee"] = fn
                if fn.name.startswith("llvm."):
                    if fn.name.startswith(("llvm.dbg.", "llvm.lifetime.", "llvm.assume",
                                           "llvm.experimental.noalias.scope.decl",
                                           "llvm.var.annotation", "llvm.donothing",
                                           "llvm.sideeffect", "llvm.pseudoprobe",
                                           "llvm.prefetch", "llvm.invariant.")):
                        return None
                    from divm.load.intrinsics import known_intrinsic
                    if not known_intrinsic(fn.name):
                        raise Unsupported(f"intrinsic {fn.name}")
                elif fn.decl:
                    self.prog.ext_uses.setdefault(fn.name, f"{self.cur.name}{self.where(ins)}")
            else:
                d.a.append(self.op(callee))
                d.x["indirect"] = True
            # attributes that change how arguments are passed
            byval = []
            for i in range(nargs):
                bt = self.byval_type(ins, i)
                if bt is not None:
                    byval.append((i, bt))
            if byval:
                d.x["byval"] = byval
            return d
        ops = [self.op(lib.LLVMGetOperand(ins, i)) for i in range(nops)]
        d.a = ops
        if opc == A.ICMP:
            d.x = A.ICMP_PRED[lib.LLVMGetICmpPredicate(ins)]
        elif opc == A.FCMP:
            d.x = A.FCMP_PRED[lib.LLVMGetFCmpPredicate(ins)]
        elif opc == A.ALLOCA:
            d.x = self.supported(self.ty(lib.LLVMGetAllocatedType(ins)))
        elif opc == A.GEP:
            d.x = self.supported(self.ty(lib.LLVMGetGEPSourceElementType(ins)))
        elif opc in (A.EXTRACTVALUE, A.INSERTVALUE):
            n = lib.LLVMGetNumIndices(ins)
            p = lib.LLVMGetIndices(ins)
            d.x = tuple(p[i] for i in range(n))
        elif opc == A.ATOMICRMW:
            d.x = A.RMW_OPS[lib.LLVMGetAtomicRMWBinOp(ins)]
        elif opc == A.SHUFFLEVECTOR:
            n = lib.LLVMGetNumMaskElements(ins)
            und = lib.LLVMGetUndefMaskElem()
            d.x = tuple(None if (m := lib.LLVMGetMaskValue(ins, i)) == und else m for i in range(n))
        elif opc == A.VAARG:
            raise Unsupported("instruction 'va_arg'")
        elif d.op.startswith("op"):
            raise Unsupported(f"instruction with opcode {opc}")
        return d

    def byval_type(self, ins, i):
        lib = self.lib
        if not hasattr(self, "_byval_kind"):
            self._byval_kind = lib.LLVMGetEnumAttributeKindForName(b"byval", 5)
        at = lib.LLVMGetCallSiteEnumAttribute(ins, i + 1, self._byval_kind)
        if at == A.NULL:
            return None
        return self.ty(lib.LLVMGetTypeAttributeValue(at))


class Unsupported(Exception):
    pass


def _opnames() -> dict:
    global OPNAMES
    OPNAMES = {
        A.RET: "ret", A.BR: "br", A.SWITCH: "switch", A.INDIRECTBR: "indirectbr",
        A.UNREACHABLE: "unreachable", A.FNEG: "fneg", A.ADD: "add", A.FADD: "fadd",
        A.SUB: "sub", A.FSUB: "fsub", A.MUL: "mul", A.FMUL: "fmul", A.UDIV: "udiv",
        A.SDIV: "sdiv", A.FDIV: "fdiv", A.UREM: "urem", A.SREM: "srem", A.FREM: "frem",
        A.SHL: "shl", A.LSHR: "lshr", A.ASHR: "ashr", A.AND: "and", A.OR: "or", A.XOR: "xor",
        A.ALLOCA: "alloca", A.LOAD: "load", A.STORE: "store", A.GEP: "gep",
        A.TRUNC: "trunc", A.ZEXT: "zext", A.SEXT: "sext", A.FPTOUI: "fptoui",
        A.FPTOSI: "fptosi", A.UITOFP: "uitofp", A.SITOFP: "sitofp", A.FPTRUNC: "fptrunc",
        A.FPEXT: "fpext", A.PTRTOINT: "ptrtoint", A.PTRTOADDR: "ptrtoint", A.INTTOPTR: "inttoptr",
        A.BITCAST: "bitcast", A.ADDRSPACECAST: "bitcast", A.ICMP: "icmp", A.FCMP: "fcmp",
        A.PHI: "phi", A.CALL: "call", A.SELECT: "select", A.EXTRACTELEMENT: "extractelement",
        A.INSERTELEMENT: "insertelement", A.SHUFFLEVECTOR: "shufflevector",
        A.EXTRACTVALUE: "extractvalue", A.INSERTVALUE: "insertvalue", A.FREEZE: "freeze",
        A.FENCE: "fence", A.CMPXCHG: "cmpxchg", A.ATOMICRMW: "atomicrmw", A.VAARG: "va_arg",
        A.INVOKE: "invoke", A.LANDINGPAD: "landingpad", A.RESUME: "resume", A.CALLBR: "callbr",
    }
    return OPNAMES


OPNAMES: dict = {}


def signed(v: int, bits: int) -> int:
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def gep_offset(src: Ty, idx: list[int]) -> int:
    off = idx[0] * src.size
    t = src
    for i in idx[1:]:
        if t.k == "s":
            off += t.offsets[i]
            t = t.elems[i]
        else:
            t = t.elem
            off += i * t.size
    return off


def zero_of(t: Ty):
    if t.k in ("i", "p"):
        return 0
    if t.k in ("f", "d", "x"):
        return 0.0
    if t.k == "s":
        return tuple(zero_of(e) for e in t.elems)
    if t.k in ("a", "vec"):
        return tuple(zero_of(t.elem) for _ in range(t.n))
    return None


def undef_of(t: Ty):
    if t.k in ("i", "p"):
        return U(0, t.mask)
    if t.k in ("f", "d"):
        return U(0, (1 << (8 * t.store)) - 1)
    if t.k == "x":
        return U(0, (1 << 80) - 1)
    if t.k == "s":
        return tuple(undef_of(e) for e in t.elems)
    if t.k in ("a", "vec"):
        return tuple(undef_of(t.elem) for _ in range(t.n))
    return None


def icmp_const(pred, a, b, bits):
    """A constant expression's integer comparison."""
    if pred[0] == "s":
        s = 1 << (bits - 1)
        a, b = (a ^ s) - s, (b ^ s) - s
        pred = "u" + pred[1:]
    return {"eq": a == b, "ne": a != b, "ugt": a > b, "uge": a >= b,
            "ult": a < b, "ule": a <= b}[pred]
