"""Decoding constants: LLVM constants (integers, floats, aggregates,
addresses of functions, globals and blocks, constant expressions) into
the VM's values."""

from __future__ import annotations

from divm.load import llvmapi as A
from divm.load.errors import Unsupported
from divm.load.layout import CODE_BASE, X80, _x_parts, decode, fp80_value, x80_from_fraction
from divm.load.types import Ty
from divm.load.values import undef_of, zero_of


class Constants:
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
            return self.float_const(v, t)
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
            e = t.elem
            return tuple(decode(e, raw, i * e.size, None) for i in range(t.n))
        if vk == A.VK_CEXPR:
            return self.cexpr(v, t)
        if vk == A.VK_BLOCKADDR:
            return self.block_address(v)
        if vk == A.VK_INLINEASM:
            raise Unsupported("inline assembly")
        if vk == A.VK_PTRAUTH:
            raise Unsupported("pointer authentication constant")
        raise Unsupported(f"constant of kind {vk}: {A.printed(v)[:60]}")

    def float_const(self, v, t: Ty):
        if t.k == "x":  # exact bits from the printed form: x86_fp80 0xK<20 hex digits>
            txt = A.printed(v).split()[-1]
            if txt.startswith("0xK"):
                bits = int(txt[3:], 16)
                x = X80(fp80_value(bits.to_bytes(10, "little")), bits)
                f, _ = _x_parts(x)
                return x80_from_fraction(f, bits >> 79 == 1) if f.__class__ is not float else f
        loses = A.ffi.new("LLVMBool *")
        return self.lib.LLVMConstRealGetDouble(v, loses)

    def block_address(self, v) -> int:
        lib = self.lib
        fn = self.fn_of[A.key(lib.LLVMGetBlockAddressFunction(v))]
        bb = lib.LLVMGetBlockAddressBasicBlock(v)
        # the block's index is known once the function is decoded; blocks
        # are numbered in order, so count now
        i, b = 0, lib.LLVMGetFirstBasicBlock(fn.ref if fn.ref is not None else A.NULL)
        while b != A.NULL and A.key(b) != A.key(bb):
            i += 1
            b = lib.LLVMGetNextBasicBlock(b)
        return ((CODE_BASE + fn.idx) << 32) | (i + 1)

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



def icmp_const(pred, a, b, bits):
    """A constant expression's integer comparison."""
    if pred[0] == "s":
        s = 1 << (bits - 1)
        a, b = (a ^ s) - s, (b ^ s) - s
        pred = "u" + pred[1:]
    return {"eq": a == b, "ne": a != b, "ugt": a > b, "uge": a >= b,
            "ult": a < b, "ule": a <= b}[pred]
