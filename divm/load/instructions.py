"""Decoding instructions: LLVM's opcodes and operands into divm.ir.Ins
(operands named or constant, branch targets as block numbers, what an
instruction needs besides its operands in `x`)."""

from __future__ import annotations

from divm.load import llvmapi as A
from divm.load.errors import Unsupported
from divm.load.ir import Ins

# calls of these intrinsics decode to nothing: they change no state the VM keeps
IGNORED_INTRINSICS = ("llvm.dbg.", "llvm.lifetime.", "llvm.assume", "llvm.experimental.noalias.scope.decl",
                      "llvm.var.annotation", "llvm.donothing", "llvm.sideeffect", "llvm.pseudoprobe",
                      "llvm.prefetch", "llvm.invariant.")


class Instructions:
    def instruction(self, ins) -> Ins | None:
        lib = self.lib
        opc = lib.LLVMGetInstructionOpcode(ins)
        res = self.names[A.key(ins)]
        t = self.supported(self.ty(lib.LLVMTypeOf(ins)))
        nops = lib.LLVMGetNumOperands(ins)
        d = Ins(OPNAMES.get(opc, f"op{opc}"), res if t.k != "v" else None, t)
        line = lib.LLVMGetDebugLocLine(ins)
        if line:
            n = A.ffi.new("unsigned *")
            p = lib.LLVMGetDebugLocFilename(ins, n)
            d.loc = (A.ffi.unpack(p, n[0]).decode("utf-8", "replace") if p != A.NULL else "", line)
            d.col = lib.LLVMGetDebugLocColumn(ins)
        h = CONTROL.get(opc)
        if h is not None:
            h(self, ins, d)
            return d
        if opc in (A.INVOKE, A.LANDINGPAD, A.RESUME, A.CALLBR) or opc >= 61 and opc <= 65:
            raise Unsupported(f"instruction '{d.op}' (C++ exceptions and asm goto are not supported)")
        if opc == A.CALL:
            return self.call(ins, d)
        d.a = [self.op(lib.LLVMGetOperand(ins, i)) for i in range(nops)]
        self.details(opc, ins, d)
        return d

    def succ(self, ins, i: int) -> int:
        return self.bidx[A.key(self.lib.LLVMGetSuccessor(ins, i))]

    def d_br(self, ins, d: Ins) -> None:
        lib = self.lib
        if lib.LLVMIsConditional(ins):
            d.a = [self.op(lib.LLVMGetCondition(ins))]
            d.x = [self.succ(ins, 0), self.succ(ins, 1)]
        else:
            d.x = [self.succ(ins, 0)]

    def d_switch(self, ins, d: Ins) -> None:
        lib = self.lib
        d.a = [self.op(lib.LLVMGetOperand(ins, 0))]
        default = self.bidx[A.key(lib.LLVMGetSwitchDefaultDest(ins))]
        cases = []
        for i in range(1, lib.LLVMGetNumSuccessors(ins)):
            val = self.const(lib.LLVMGetSwitchCaseValue(ins, i))
            cases.append((val, self.succ(ins, i)))
        d.x = (default, cases)

    def d_indirectbr(self, ins, d: Ins) -> None:
        d.a = [self.op(self.lib.LLVMGetOperand(ins, 0))]
        d.x = [self.succ(ins, i) for i in range(self.lib.LLVMGetNumSuccessors(ins))]

    def d_phi(self, ins, d: Ins) -> None:
        lib = self.lib
        d.x = [(self.bidx[A.key(lib.LLVMGetIncomingBlock(ins, i))], self.op(lib.LLVMGetIncomingValue(ins, i)))
               for i in range(lib.LLVMCountIncoming(ins))]

    def call(self, ins, d: Ins) -> Ins | None:
        lib = self.lib
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
                if fn.name.startswith("llvm.lifetime.") and not self.cur.system and d.a:
                    # the end of a block whose variable's address is taken: the
                    # variable is gone until the block is entered again (C11 6.2.4)
                    d.op, d.x, d.a = "lifetime", fn.name.startswith("llvm.lifetime.start"), d.a[-1:]
                    return d
                if fn.name.startswith(IGNORED_INTRINSICS):
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

    def details(self, opc: int, ins, d: Ins) -> None:
        """What an instruction needs besides its operands."""
        lib = self.lib
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
        elif opc in (A.ADD, A.SUB, A.MUL):
            d.x = "nsw" if lib.LLVMGetNSW(ins) else None  # -o check:overflow reports nsw overflow
        elif opc == A.ATOMICRMW:
            d.x = A.RMW_OPS[lib.LLVMGetAtomicRMWBinOp(ins)]
        elif opc in (A.LOAD, A.STORE) and lib.LLVMGetOrdering(ins):
            d.x = "atomic"  # (C11 atomics, __atomic_load/store: -o check:race never reports them)
        elif opc == A.SHUFFLEVECTOR:
            n = lib.LLVMGetNumMaskElements(ins)
            und = lib.LLVMGetUndefMaskElem()
            d.x = tuple(None if (m := lib.LLVMGetMaskValue(ins, i)) == und else m for i in range(n))
        elif opc == A.VAARG:
            raise Unsupported("instruction 'va_arg'")
        elif d.op.startswith("op"):
            raise Unsupported(f"instruction with opcode {opc}")

    def byval_type(self, ins, i):
        lib = self.lib
        if not hasattr(self, "_byval_kind"):
            self._byval_kind = lib.LLVMGetEnumAttributeKindForName(b"byval", 5)
        at = lib.LLVMGetCallSiteEnumAttribute(ins, i + 1, self._byval_kind)
        if at == A.NULL:
            return None
        return self.ty(lib.LLVMGetTypeAttributeValue(at))


CONTROL = {A.BR: Instructions.d_br, A.SWITCH: Instructions.d_switch, A.INDIRECTBR: Instructions.d_indirectbr,
           A.PHI: Instructions.d_phi}

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

