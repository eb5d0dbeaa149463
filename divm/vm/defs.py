"""What the VM's parts share: the control registers and flags of
<sys/divm.h>, fault and trace kinds, and the exceptions that carry control
through generated code."""

from __future__ import annotations

from divm.load.layout import PL_ALLOCA

# control registers and flags (sys/divm.h)
CR_CONSTANTS, CR_GLOBALS, CR_FRAME, CR_USER1, CR_USER2, CR_USER3, CR_USER4, CR_FLAGS, \
    CR_OBJIDSHUFFLE, CR_PC, CR_SCHEDULER, CR_STATE, CR_FAULTHANDLER, CR_TASK = range(14)
CF_IGNORELOOP, CF_IGNORECRIT, CF_ACCEPTING, CF_ERROR, CF_CANCEL, CF_KERNEL = 1, 2, 4, 8, 16, 32
LOOP_LIMIT = 1000  # passes of one loop point per transition, with reductions
RECURSION_LIMIT = 200000  # Python frames: deep C recursion runs as deep Python recursion
# activations of one thread: a transition ending inside a recursion parks its frames in
# memory, where Python's limit no longer applies; past this it is a stack overflow too
STACK_DEPTH = RECURSION_LIMIT - 1000
CF_BOOTING, CF_STOP, CF_THREADS = 0x200, 0x400, 0x800
T_TEXT, T_FAULT, T_SCHEDINFO, T_OUTPUT, T_EXIT, T_BACKTRACE = 0, 1, 3, 16, 17, 18

F_ASSERT, F_INTEGER, F_FLOAT, F_MEMORY, F_LEAK, F_CONTROL, F_LOCKING, F_HYPERCALL, F_ACCESS, \
    F_NOTIMPL, F_UNDEFINED, F_DEADLOCK = range(1, 13)
F_EXIT = 16  # DiOS's _DiOS_F_Exit (<sys/fault.h>): exit with a non-zero status
KIND_NAMES = {F_ASSERT: "assert", F_INTEGER: "integer", F_FLOAT: "float", F_MEMORY: "memory",
              F_LEAK: "leak", F_CONTROL: "control", F_LOCKING: "locking", F_HYPERCALL: "control",
              F_ACCESS: "memory", F_NOTIMPL: "control", F_UNDEFINED: "undefined",
              F_DEADLOCK: "deadlock", F_EXIT: "assert"}

CONT_FRAME = 0xFFFFFFF0 << 32  # stands for "the frame that faulted"
HEAP_BASE = PL_ALLOCA  # heap ids start where alloca ids end


def first_choice(n: int, weights) -> int:
    """The chooser of a plain run: always the first alternative."""
    return 0


class ModelMismatch(Exception):
    """A replay's recorded inputs do not drive the run the trace recorded."""


class Suspend(BaseException):
    """The OS ended the transition (frame register set to null).  On its way
    out, each generated frame at a suspension point adds (resume entry,
    live registers, alloca mark, python frame) to `fr`, innermost first."""

    def __init__(self):
        self.fr: list = []


class Park(Suspend):
    """DiOS's __dios_interrupt done by the VM: the running task is parked
    in its caller's frame, whose pointer goes into the task's frame field
    (at `slot`) once the activations are written."""

    def __init__(self, slot: int):
        self.fr = []
        self.slot = slot


class Jump(BaseException):
    """Control goes to a frame (at block bb with registers regs, if given)."""
    def __init__(self, frame: int, bb: int = -1, regs: tuple = ()):
        self.frame = frame
        self.bb = bb
        self.regs = regs


class ContinueFault(BaseException):
    pass


class LongJmp(BaseException):
    def __init__(self, jf, bb, sp, val):
        self.jf, self.bb, self.sp, self.val = jf, bb, sp, val


class StopRequest(BaseException):
    """The explorer asked the machine to stop (a signal, a time or memory
    limit): raised at the next interrupt point, it abandons the transition."""


class ErrorInfo:
    def __init__(self, kind: str, message: str, backtrace: list[dict], accesses: list[dict] | None = None,
                 objects: tuple = ()):
        self.kind = kind
        self.message = message
        self.backtrace = backtrace
        self.accesses = accesses  # a race: both accesses (thread, access, size, function, file, line, object)
        self.objects = objects    # ids of the objects the error is about (explained with the counterexample)

    def to_json(self) -> dict:
        d = {"kind": self.kind, "message": self.message, "backtrace": self.backtrace}
        if self.accesses:
            d["accesses"] = self.accesses
        return d

# the "function" of an input that -o nondet:uninit made from a read of
# uninitialised memory (not a call)
UNINIT_INPUT = "(uninitialised)"
# (--symbolic) the entry of Obj.sym that holds the size of a block of
# symbolic size (a 64-bit term; vm/symmem.py), past any byte's offset
SYM_SIZE = 0xFFFFFFFF
