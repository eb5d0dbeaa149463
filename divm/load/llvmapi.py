"""The slice of LLVM's C API that the loader needs, reached through cffi.

llvmlite's binding hides comparison predicates, GEP source types, constant
expression opcodes, atomic orderings and debug locations; the C API of the
system's libLLVM 22 exposes all of them, so we parse, link and walk modules
with it directly (see docs/ARCHITECTURE.md)."""

from __future__ import annotations

import ctypes.util
import os

import cffi

CDEF = """
typedef int LLVMBool;
typedef struct LLVMOpaqueContext *LLVMContextRef;
typedef struct LLVMOpaqueMemoryBuffer *LLVMMemoryBufferRef;
typedef struct LLVMOpaqueModule *LLVMModuleRef;
typedef struct LLVMOpaqueValue *LLVMValueRef;
typedef struct LLVMOpaqueType *LLVMTypeRef;
typedef struct LLVMOpaqueBasicBlock *LLVMBasicBlockRef;
typedef struct LLVMOpaqueTargetData *LLVMTargetDataRef;
typedef struct LLVMOpaqueMetadata *LLVMMetadataRef;
typedef struct LLVMOpaqueDiagnosticInfo *LLVMDiagnosticInfoRef;
typedef struct LLVMOpaqueAttributeRef *LLVMAttributeRef;
typedef void (*LLVMDiagnosticHandler)(LLVMDiagnosticInfoRef, void *);

LLVMContextRef LLVMContextCreate(void);
void LLVMContextDispose(LLVMContextRef C);
void LLVMContextSetDiagnosticHandler(LLVMContextRef C, LLVMDiagnosticHandler Handler, void *Ctx);
char *LLVMGetDiagInfoDescription(LLVMDiagnosticInfoRef DI);
int LLVMGetDiagInfoSeverity(LLVMDiagnosticInfoRef DI);
void LLVMDisposeMessage(char *Message);

LLVMMemoryBufferRef LLVMCreateMemoryBufferWithMemoryRangeCopy(const char *InputData, size_t InputDataLength,
    const char *BufferName);
LLVMBool LLVMParseBitcodeInContext2(LLVMContextRef C, LLVMMemoryBufferRef MemBuf, LLVMModuleRef *OutModule);
LLVMBool LLVMParseIRInContext(LLVMContextRef C, LLVMMemoryBufferRef MemBuf, LLVMModuleRef *OutM, char **OutMessage);
LLVMBool LLVMLinkModules2(LLVMModuleRef Dest, LLVMModuleRef Src);
LLVMBool LLVMVerifyModule(LLVMModuleRef M, int Action, char **OutMessage);
void LLVMDisposeModule(LLVMModuleRef M);
const char *LLVMGetDataLayoutStr(LLVMModuleRef M);
const char *LLVMGetTarget(LLVMModuleRef M);
LLVMTargetDataRef LLVMCreateTargetData(const char *StringRep);
unsigned long long LLVMABISizeOfType(LLVMTargetDataRef TD, LLVMTypeRef Ty);
unsigned long long LLVMStoreSizeOfType(LLVMTargetDataRef TD, LLVMTypeRef Ty);
unsigned LLVMABIAlignmentOfType(LLVMTargetDataRef TD, LLVMTypeRef Ty);
unsigned long long LLVMOffsetOfElement(LLVMTargetDataRef TD, LLVMTypeRef StructTy, unsigned Element);
int LLVMWriteBitcodeToFile(LLVMModuleRef M, const char *Path);

LLVMValueRef LLVMGetFirstFunction(LLVMModuleRef M);
LLVMValueRef LLVMGetNextFunction(LLVMValueRef Fn);
LLVMValueRef LLVMGetFirstGlobal(LLVMModuleRef M);
LLVMValueRef LLVMGetNextGlobal(LLVMValueRef GlobalVar);
LLVMValueRef LLVMGetFirstGlobalAlias(LLVMModuleRef M);
LLVMValueRef LLVMGetNextGlobalAlias(LLVMValueRef GA);
LLVMValueRef LLVMAliasGetAliasee(LLVMValueRef Alias);
LLVMValueRef LLVMGetNamedFunction(LLVMModuleRef M, const char *Name);
LLVMValueRef LLVMGetNamedGlobal(LLVMModuleRef M, const char *Name);

const char *LLVMGetValueName2(LLVMValueRef Val, size_t *Length);
LLVMTypeRef LLVMTypeOf(LLVMValueRef Val);
int LLVMGetValueKind(LLVMValueRef Val);
LLVMBool LLVMIsDeclaration(LLVMValueRef Global);
int LLVMGetLinkage(LLVMValueRef Global);
void LLVMSetLinkage(LLVMValueRef Global, int Linkage);
LLVMValueRef LLVMGetInitializer(LLVMValueRef GlobalVar);
LLVMBool LLVMIsGlobalConstant(LLVMValueRef GlobalVar);
LLVMBool LLVMIsThreadLocal(LLVMValueRef GlobalVar);
LLVMTypeRef LLVMGlobalGetValueType(LLVMValueRef Global);
unsigned LLVMGetAlignment(LLVMValueRef V);
unsigned LLVMGetIntrinsicID(LLVMValueRef Fn);
LLVMBool LLVMIsAInlineAsm(LLVMValueRef Val);
char *LLVMPrintValueToString(LLVMValueRef Val);
char *LLVMPrintModuleToString(LLVMModuleRef M);
char *LLVMPrintTypeToString(LLVMTypeRef Val);
LLVMValueRef LLVMGetFirstUse(LLVMValueRef Val);

unsigned LLVMCountParams(LLVMValueRef Fn);
LLVMValueRef LLVMGetParam(LLVMValueRef Fn, unsigned Index);
LLVMBasicBlockRef LLVMGetFirstBasicBlock(LLVMValueRef Fn);
LLVMBasicBlockRef LLVMGetNextBasicBlock(LLVMBasicBlockRef BB);
LLVMValueRef LLVMGetFirstInstruction(LLVMBasicBlockRef BB);
LLVMValueRef LLVMGetNextInstruction(LLVMValueRef Inst);
LLVMValueRef LLVMBasicBlockAsValue(LLVMBasicBlockRef BB);
LLVMBasicBlockRef LLVMValueAsBasicBlock(LLVMValueRef Val);
LLVMMetadataRef LLVMGetSubprogram(LLVMValueRef Func);
unsigned LLVMDISubprogramGetLine(LLVMMetadataRef Subprogram);
LLVMMetadataRef LLVMDIScopeGetFile(LLVMMetadataRef Scope);
const char *LLVMDIFileGetFilename(LLVMMetadataRef File, unsigned *Len);

int LLVMGetInstructionOpcode(LLVMValueRef Inst);
int LLVMGetNumOperands(LLVMValueRef Val);
LLVMValueRef LLVMGetOperand(LLVMValueRef Val, unsigned Index);
int LLVMGetICmpPredicate(LLVMValueRef Inst);
int LLVMGetFCmpPredicate(LLVMValueRef Inst);
LLVMTypeRef LLVMGetAllocatedType(LLVMValueRef Alloca);
LLVMTypeRef LLVMGetGEPSourceElementType(LLVMValueRef GEP);
unsigned LLVMGetNumIndices(LLVMValueRef Inst);
const unsigned *LLVMGetIndices(LLVMValueRef Inst);
LLVMValueRef LLVMGetCalledValue(LLVMValueRef Instr);
LLVMTypeRef LLVMGetCalledFunctionType(LLVMValueRef C);
unsigned LLVMGetNumArgOperands(LLVMValueRef Instr);
unsigned LLVMGetNumSuccessors(LLVMValueRef Term);
LLVMBasicBlockRef LLVMGetSuccessor(LLVMValueRef Term, unsigned i);
LLVMBool LLVMIsConditional(LLVMValueRef Branch);
LLVMValueRef LLVMGetCondition(LLVMValueRef Branch);
LLVMBasicBlockRef LLVMGetSwitchDefaultDest(LLVMValueRef SwitchInstr);
LLVMValueRef LLVMGetSwitchCaseValue(LLVMValueRef SwitchInstr, unsigned i);
unsigned LLVMCountIncoming(LLVMValueRef PhiNode);
LLVMValueRef LLVMGetIncomingValue(LLVMValueRef PhiNode, unsigned Index);
LLVMBasicBlockRef LLVMGetIncomingBlock(LLVMValueRef PhiNode, unsigned Index);
int LLVMGetOrdering(LLVMValueRef MemoryAccessInst);
int LLVMGetAtomicRMWBinOp(LLVMValueRef AtomicRMWInst);
LLVMBool LLVMGetVolatile(LLVMValueRef MemoryAccessInst);
LLVMBool LLVMGetNUW(LLVMValueRef ArithInst);
LLVMBool LLVMGetNSW(LLVMValueRef ArithInst);
LLVMBool LLVMGetExact(LLVMValueRef DivOrShrInst);
int LLVMGetUndefMaskElem(void);
unsigned LLVMGetNumMaskElements(LLVMValueRef ShuffleVectorInst);
int LLVMGetMaskValue(LLVMValueRef ShuffleVectorInst, unsigned Elt);
unsigned LLVMGetDebugLocLine(LLVMValueRef Val);
unsigned LLVMGetDebugLocColumn(LLVMValueRef Val);
const char *LLVMGetDebugLocFilename(LLVMValueRef Val, unsigned *Length);
unsigned LLVMGetEnumAttributeKindForName(const char *Name, size_t SLen);
LLVMAttributeRef LLVMGetCallSiteEnumAttribute(LLVMValueRef C, unsigned Idx, unsigned KindID);
LLVMTypeRef LLVMGetTypeAttributeValue(LLVMAttributeRef A);
LLVMValueRef LLVMGetBlockAddressFunction(LLVMValueRef BlockAddr);
LLVMBasicBlockRef LLVMGetBlockAddressBasicBlock(LLVMValueRef BlockAddr);

unsigned long long LLVMConstIntGetZExtValue(LLVMValueRef ConstantVal);
double LLVMConstRealGetDouble(LLVMValueRef ConstantVal, LLVMBool *losesInfo);
int LLVMGetConstOpcode(LLVMValueRef ConstantVal);
LLVMBool LLVMIsConstantString(LLVMValueRef c);
const char *LLVMGetRawDataValues(LLVMValueRef c, size_t *SizeInBytes);
LLVMValueRef LLVMGetAggregateElement(LLVMValueRef C, unsigned Idx);

int LLVMGetTypeKind(LLVMTypeRef Ty);
unsigned LLVMGetIntTypeWidth(LLVMTypeRef IntegerTy);
LLVMTypeRef LLVMGetElementType(LLVMTypeRef Ty);
unsigned long long LLVMGetArrayLength2(LLVMTypeRef ArrayTy);
unsigned LLVMGetVectorSize(LLVMTypeRef VectorTy);
unsigned LLVMCountStructElementTypes(LLVMTypeRef StructTy);
LLVMTypeRef LLVMStructGetTypeAtIndex(LLVMTypeRef StructTy, unsigned i);
LLVMBool LLVMIsPackedStruct(LLVMTypeRef StructTy);
LLVMTypeRef LLVMGetReturnType(LLVMTypeRef FunctionTy);
unsigned LLVMCountParamTypes(LLVMTypeRef FunctionTy);
void LLVMGetParamTypes(LLVMTypeRef FunctionTy, LLVMTypeRef *Dest);
LLVMBool LLVMIsFunctionVarArg(LLVMTypeRef FunctionTy);
"""

ffi = cffi.FFI()
ffi.cdef(CDEF)


class LLVMUnavailable(RuntimeError):
    pass


def _open():
    cands = [os.environ.get("DIVM_LIBLLVM", ""), "libLLVM.so.22.1", "libLLVM-22.so",
             "/usr/lib/llvm-22/lib/libLLVM.so.22.1", "/usr/lib/llvm-22/lib/libLLVM-22.so", None]
    for c in cands:
        if c is None:  # find_library runs ldconfig or gcc: only as the last resort
            c = ctypes.util.find_library("LLVM-22")
        if not c:
            continue
        try:
            return ffi.dlopen(c)
        except OSError:
            continue
    raise LLVMUnavailable("cannot find libLLVM 22 (install the llvm-22 system package, "
                          "or point DIVM_LIBLLVM at libLLVM.so.22.1)")


_lib = None


def lib():
    global _lib
    if _lib is None:
        _lib = _open()
    return _lib


NULL = ffi.NULL


def s(cstr) -> str:
    return ffi.string(cstr).decode("utf-8", "replace") if cstr != NULL else ""


def name(v) -> str:
    n = ffi.new("size_t *")
    p = lib().LLVMGetValueName2(v, n)
    return ffi.unpack(p, n[0]).decode("utf-8", "replace") if p != NULL else ""


def key(v) -> int:
    """A stable integer identity for an LLVM object while its module lives."""
    return int(ffi.cast("uintptr_t", v))


def printed(v) -> str:
    p = lib().LLVMPrintValueToString(v)
    r = s(p)
    lib().LLVMDisposeMessage(p)
    return r


def type_str(t) -> str:
    p = lib().LLVMPrintTypeToString(t)
    r = s(p)
    lib().LLVMDisposeMessage(p)
    return r


# opcodes (llvm-c/Core.h, LLVMOpcode)
RET, BR, SWITCH, INDIRECTBR, INVOKE, UNREACHABLE = 1, 2, 3, 4, 5, 7
CALLBR, FNEG = 67, 66
ADD, FADD, SUB, FSUB, MUL, FMUL, UDIV, SDIV, FDIV, UREM, SREM, FREM = range(8, 20)
SHL, LSHR, ASHR, AND, OR, XOR = range(20, 26)
ALLOCA, LOAD, STORE, GEP = 26, 27, 28, 29
TRUNC, ZEXT, SEXT, FPTOUI, FPTOSI, UITOFP, SITOFP, FPTRUNC, FPEXT, PTRTOINT, INTTOPTR, BITCAST = range(30, 42)
PTRTOADDR, ADDRSPACECAST = 69, 60
ICMP, FCMP, PHI, CALL, SELECT = 42, 43, 44, 45, 46
VAARG, EXTRACTELEMENT, INSERTELEMENT, SHUFFLEVECTOR, EXTRACTVALUE, INSERTVALUE = range(49, 55)
FREEZE, FENCE, CMPXCHG, ATOMICRMW = 68, 55, 56, 57
LANDINGPAD, RESUME = 59, 58

# type kinds
T_VOID, T_HALF, T_FLOAT, T_DOUBLE, T_FP80, T_FP128, T_PPCFP128, T_LABEL, T_INT, T_FUNC, \
    T_STRUCT, T_ARRAY, T_PTR, T_VECTOR, T_METADATA = range(15)
T_TOKEN, T_SVECTOR, T_BFLOAT = 16, 17, 18

# value kinds
VK_ARG, VK_BB = 0, 1
VK_FUNCTION, VK_ALIAS, VK_IFUNC, VK_GLOBALVAR, VK_BLOCKADDR, VK_CEXPR, VK_CARRAY, VK_CSTRUCT, \
    VK_CVECTOR, VK_UNDEF, VK_CAZ, VK_CDARRAY, VK_CDVECTOR, VK_CINT, VK_CFP, VK_CNULL, \
    VK_CTOKENNONE, VK_METADATA, VK_INLINEASM, VK_INSTRUCTION, VK_POISON, VK_TARGETNONE, \
    VK_PTRAUTH = range(5, 28)

ICMP_PRED = {32: "eq", 33: "ne", 34: "ugt", 35: "uge", 36: "ult", 37: "ule",
             38: "sgt", 39: "sge", 40: "slt", 41: "sle"}
FCMP_PRED = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
             "uno", "ueq", "ugt", "uge", "ult", "ule", "une", "true"]
RMW_OPS = ["xchg", "add", "sub", "and", "nand", "or", "xor", "max", "min", "umax", "umin",
           "fadd", "fsub", "fmax", "fmin", "uinc_wrap", "udec_wrap", "usub_cond", "usub_sat",
           "fmaximum", "fminimum"]

WEAK_ANY_LINKAGE = 5
INTERNAL_LINKAGE = 8
PRIVATE_LINKAGE = 9
