"""Decoding a module: LLVM's types, globals and functions into divm.ir.
Everything here needs libLLVM (through cffi); a program found in the cache
never imports it.  Constants and instructions are decoded by the parts in
constants.py and instructions.py."""

from __future__ import annotations

from divm.load import llvmapi as A
from divm.load.constants import Constants
from divm.load.errors import LoadError, Unsupported
from divm.load.instructions import Instructions
from divm.load.ir import Blk, Fn, Glob, Op, Program
from divm.load.layout import PL_GLOBAL
from divm.load.types import PTR, Ty, VOID, make_int


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



class Decoder(Constants, Instructions):
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
        # (a scalar poison is an operation over constants with no defined
        # result that clang folded: -o check:overflow reports it, codegen/gen.py)
        return Op("poison" if vk == A.VK_POISON and t.k == "i" else None, t, self.const(v), True)
