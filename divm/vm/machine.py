"""The divm virtual machine: graph memory, control registers, hypercalls,
faults, and the execution of one transition.

The VM knows nothing of threads or of programs' `main`: it boots DiOS with
`__boot`, then every transition calls the scheduler DiOS registered, which
jumps into a thread's frame.  A transition ends when DiOS suspends
(`__vm_ctl_set(_VM_CR_Frame, 0)`), which unwinds the Python stack."""

from __future__ import annotations

import math
import os
import struct
import sys

from divm.load import cache
from divm.vm import ops
from divm.codegen.gen import CodegenError, generate
from divm.load.errors import VMError  # noqa: F401  (raised here, caught by the CLI)
from divm.load.ir import Fn, Program
from divm.load.layout import CODE_BASE, M32, M64, PL_ALLOCA, PL_CODE, PL_GLOBAL, POISON_ID, decode, encode
from divm.vm.memory import K_ALLOCA, K_FRAME, K_GLOBAL, K_HEAP, K_KERNEL, Obj
from divm.load.types import DOUBLE, I64, I128, PTR, VA_LIST, X86FP80, Ty
from divm.vm.memory import clone
from divm.load.values import U, set_undef_hook

# control registers and flags (sys/divm.h)
CR_CONSTANTS, CR_GLOBALS, CR_FRAME, CR_USER1, CR_USER2, CR_USER3, CR_USER4, CR_FLAGS, \
    CR_OBJIDSHUFFLE, CR_PC, CR_SCHEDULER, CR_STATE, CR_FAULTHANDLER, CR_TASK = range(14)
CF_IGNORELOOP, CF_IGNORECRIT, CF_ACCEPTING, CF_ERROR, CF_CANCEL, CF_KERNEL = 1, 2, 4, 8, 16, 32
LOOP_LIMIT = 1000  # passes of one loop point per transition, with reductions
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
DUMP = os.environ.get("DIVM_DUMP")  # directory to write generated code into
HEAP_BASE = PL_ALLOCA  # heap ids start where alloca ids end


def first_choice(n: int, weights) -> int:
    """The chooser of a plain run: always the first alternative."""
    return 0


FRAME_HDR = 24
FRAME_HEAD = struct.Struct("<QQQ")  # pc, parent, number of allocas


class FrameLayout:
    """Where a frame parked at one resume entry keeps its live registers.
    `fast` packs them all at once when every one is a plain scalar."""
    __slots__ = ("names", "types", "offsets", "size", "fast", "ptr_offs")

    def __init__(self, names: tuple, types: list):
        self.names = names
        self.types = types
        self.offsets = []
        off = 0
        codes = []
        for t in types:
            self.offsets.append(off)
            if t.k in ("i", "p") and t.bits <= 64:
                codes.append("Q")
            elif t.k == "d":
                codes.append("d")
            elif t.k == "f":
                codes.append("f4x")
            else:
                codes = None
                off += (max(t.size, 1) + 7) & ~7
                break
            off += 8
        for t in types[len(self.offsets):]:
            self.offsets.append(off)
            off += (max(t.size, 1) + 7) & ~7
        self.size = off
        self.fast = struct.Struct("<" + "".join(codes)) if codes is not None else None
        self.ptr_offs = [o for o, t in zip(self.offsets, types) if t.k == "p"]
SCALAR = {(k, bits): (st.unpack_from, st.pack_into) for (k, bits), st in (
    (("i", 8), struct.Struct("<B")), (("i", 16), struct.Struct("<H")), (("i", 32), struct.Struct("<I")),
    (("i", 64), struct.Struct("<Q")), (("p", 64), struct.Struct("<Q")), (("d", 64), struct.Struct("<d")),
    (("f", 32), struct.Struct("<f")))}


class Suspend(BaseException):
    """The OS ended the transition (frame register set to null).  On its way
    out, each generated frame at a suspension point adds (resume entry,
    live registers, alloca mark, python frame) to `fr`, innermost first."""

    def __init__(self):
        self.fr: list = []


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
    def __init__(self, kind: str, message: str, backtrace: list[dict]):
        self.kind = kind
        self.message = message
        self.backtrace = backtrace

    def to_json(self) -> dict:
        return {"kind": self.kind, "message": self.message, "backtrace": self.backtrace}


class VM:
    def __init__(self, prog: Program, env: list[tuple[str, bytes]], out=None):
        self.prog = prog
        self.env = env  # what __boot is given (DiOS's options among it)
        self.objs: dict[int, Obj] = {}
        self.next_alloca = PL_CODE  # allocas, heap and code have separate id ranges (<sys/divm.h>)
        self.next_heap = HEAP_BASE
        self.regs = [0] * (CR_TASK + 1)
        self.flags = 0
        self.AST: list[int] = []  # ids of live alloca objects, innermost last
        self.out = out  # callable(fd, bytes)
        self.trace: list = []
        self.exit_status: int | None = None
        self.exit_roots: list[int] = []  # kept alive at exit by the caller's activations (--leakcheck)
        self.error: ErrorInfo | None = None
        self.pending_fault: tuple | None = None
        self.in_fault = False
        self.choices: list[int] = []
        self.choice_log: list[tuple[int, int]] = []
        self.chooser = first_choice
        self.sjres = 0
        self.jf_counter = 0
        self.lasti_lines: dict = {}  # code -> {instruction offset: line}
        self.jmp_targets: dict[int, tuple] = {}
        self.code_info: dict = {}
        self._pool: list = []
        self._pool_ids: dict = {}
        self.builtins = make_builtins(self)
        self.live_frames: dict = {}  # python frame -> frame object id, this transition
        self.frame_lines: dict = {}  # frame object id -> (resume entry, parent, allocas, registers) written
        self.plain_fns: dict[int, int] = {}  # function pointer -> arguments, for icall's checked calls
        self.unwritten: dict = {}  # frame object id -> activations, handed out but not yet written
        self.dirty: set | None = None  # objects made, copied or freed since the last snapshot (None: all)
        self.base = None  # the snapshot last restored, and what has changed since (state.restore)
        self.touched: set | None = None
        self.nondet_range: tuple[int, int] | None = None
        self.bt_frame = 0  # a parked frame DiOS blames for the next fault
        self.boot_failed = False  # boot faulted or set no scheduler: result boot-error
        self.bt_extra: dict | None = None  # an innermost frame for the next fault (a callee's ret)
        self.nondet_limited = False  # a wide nondet value came from the small default domain
        self.leakcheck: str | None = None
        self._reduce = True
        self.want_stop_bt = False  # remember where each transition stopped
        self.all_visible = False  # liveness: interrupt points live even with one thread
        self.stop_bt: list = []
        self.accept_bt: list | None = None
        self.resume_base: tuple | None = None
        self.visible = False
        self.loops_seen: dict[int, int] = {}  # loop point -> passes in this transition
        self.loop_choices: dict[int, int] = {}  # loop point -> self.chosen at its last pass
        self.chosen = 0  # choices with more than one outcome made so far (loops end at one)
        self.explore_mode = False  # verify/replay: loop points are live even with one thread
        self.loop_limit = LOOP_LIMIT
        self.stop_request: str | None = None  # why the explorer wants to stop (see request_stop)
        self.FT: list = []  # function number -> what calls it (filled below: stubs use the namespace)
        self.G = self.namespace()
        self.FT.extend(self.stub(fn) for fn in prog.functions)
        self.init_globals(env)
        set_undef_hook(self.undef_branch)
        ops.hooks.fault = self.fault

    @property
    def reduce(self) -> bool:
        """Interrupt reductions: accesses to thread-private objects are
        invisible, private loops run LOOP_LIMIT passes per transition."""
        return self._reduce

    @reduce.setter
    def reduce(self, on: bool) -> None:
        self._reduce = on
        self.loop_limit = LOOP_LIMIT if on else 1

    # -- code --------------------------------------------------------------------
    def pool(self, v) -> str:
        key = id(v)
        n = self._pool_ids.get(key)
        if n is None:
            n = len(self._pool)
            self._pool.append(v)
            self._pool_ids[key] = n
            self.G[f"K{n}"] = v
        return f"K{n}"

    def stub(self, fn: Fn):
        if fn.decl:
            if fn.name in self.builtins:
                return self.builtins[fn.name]
            hc = self.G.get("_hc_" + fn.name[5:]) if fn.name.startswith("__vm_") else None
            if hc is not None:
                return hc
            name = fn.name

            def missing(*a):
                return self.undefined_fn(name)
            return missing
        vm = self

        def stub(*args):
            return vm.compile(fn)(*args)
        self.G[f"F{fn.idx}"] = stub
        return stub

    def compile(self, fn: Fn):
        hit = cache.load_code(self, fn)  # the disk cache (divm/cache.py)
        if hit is not None:
            code, linemap, resume = hit
        else:
            self.prog.decoder.ensure(fn)
            before = cache.snapshot(fn)
            try:
                src, linemap, resume = generate(self, fn)
            except CodegenError as e:
                raise VMError(f"unsupported {e} in function {fn.name}") from None
            if DUMP:
                os.makedirs(DUMP, exist_ok=True)
                with open(os.path.join(DUMP, f"{fn.name}.py"), "w") as f:
                    f.write(src)
            code = compile(src, f"<divm:{fn.name}>", "exec")
            cache.store_code(self, fn, code, linemap, resume, before)
        exec(code, self.G)
        f = self.G[f"F{fn.idx}"]
        self.FT[fn.idx] = f
        self.code_info[f.__code__] = (fn, linemap, resume)
        return f

    def namespace(self) -> dict:
        vm = self
        g = {"__builtins__": __builtins__, "OBJS": self.objs, "AST": self.AST, "U": U,
             "REGS": self.regs, "LongJmp": LongJmp, "Suspend": Suspend, "_gf": sys._getframe,
             "_hc_frame": self.hc_frame, "THR": False, "LOOPS": False, "LEAKRET": False, "UNW": self.unwritten,
             "FT": self.FT, "PLAIN": self.plain_fns}
        for n, st in ((8, "<B"), (16, "<H"), (32, "<I"), (64, "<Q")):
            s = struct.Struct(st)
            g[f"L{n}"] = s.unpack_from
            g[f"S{n}"] = s.pack_into
        g["LD"] = struct.Struct("<d").unpack_from
        g["SD"] = struct.Struct("<d").pack_into
        g["LF"] = struct.Struct("<f").unpack_from
        g["SF"] = struct.Struct("<f").pack_into
        for name in ("udiv", "urem", "sdiv", "srem", "shl", "lshr", "ashr", "sext", "sx", "select",
                     "fdiv", "frem", "f32", "fptrunc", "fptosi", "fptoui", "fptoi_sat", "fcmp",
                     "add_ov", "sub_ov", "mul_ov", "sat", "minmax", "cmp3", "iabs", "ctpop", "ctlz",
                     "cttz", "bswap", "bitreverse", "fshl", "fshr", "is_fpclass", "reduce", "freduce",
                     "ffloor", "fceil", "ftrunc", "frint", "fround", "fsqrt", "fcopysign",
                     "fminnum", "fmaxnum", "fminimum", "fmaximum", "ffma", "fmuladd", "fexp", "fexp2",
                     "flog", "flog2", "flog10", "fsin", "fcos", "fpow", "fldexp",
                     "xop", "xneg", "xcmp", "xfromint", "xtoint", "xtod"):
            g["_" + name] = getattr(ops, name)
        g["_fabs"] = ops.fabs_
        g["_b2d"], g["_d2b"] = ops.bits_to_double, ops.double_to_bits
        g["_b2f"], g["_f2b"] = ops.bits_to_float, ops.float_to_bits
        g["_b2x"], g["_x2b"] = ops.bits_to_fp80, ops.fp80_to_bits
        g["_modf"] = lambda x: (math.modf(x)[0], math.modf(x)[1]) if math.isfinite(x) else (
            math.copysign(0.0, x) if x == x else x, x)
        g["_libm"] = self.builtins.__getitem__
        g["_frexp"] = lambda x: (math.frexp(x)[0], math.frexp(x)[1] & M32) if math.isfinite(x) else (x, 0)
        for name in ("ld", "st", "alloca", "freeto", "gep", "memcpy", "memset", "icall", "byval",
                     "va_start", "cmpxchg", "atomicrmw", "insertvalue", "extractelement",
                     "insertelement", "shuffle", "bitcast", "objectsize", "blockaddr", "bad_call", "bad_ret",
                     "bad_target", "undefined_fn", "ubranch", "fault", "setjmp", "newjf", "crit", "loop",
                     "leak_return", "tls"):
            g["_" + name] = getattr(self, name)
        g["_sjres"] = lambda: vm.sjres
        g["_set_sjres"] = lambda v: setattr(vm, "sjres", v)
        g["_bi"] = self.builtins.__getitem__
        g["_share"] = self.share
        g["_def"] = Obj.define_bytes
        for name in ("ctl_set", "ctl_get", "ctl_flag", "test_crit", "test_loop", "choose", "trace",
                     "obj_make", "obj_resize", "obj_free", "obj_size", "obj_clone", "obj_shared", "peek", "poke"):
            g["_hc_" + name] = getattr(self, "hc_" + name)
        return g

    # -- globals and the boot environment ------------------------------------------
    def init_globals(self, env: list[tuple[str, bytes]]) -> None:
        prog = self.prog
        ctors = dtors = ()
        for gl in prog.globals:
            if gl.name in ("llvm.global_ctors", "llvm.global_dtors"):
                entries = sorted((e[0], i, e[1]) for i, e in enumerate(gl.init or ()) if e[1])
                if gl.name == "llvm.global_ctors":
                    ctors = [e[2] for e in entries]
                else:
                    dtors = [e[2] for e in entries]
        main = prog.fn_by_name["main"]
        synth = {"__divm_ctors": list(ctors) + [0], "__divm_dtors": list(dtors)[::-1] + [0]}
        for gl in prog.globals:
            if gl.decl:
                if gl.name in synth:
                    vals = synth[gl.name]
                    o = Obj(8 * len(vals), K_GLOBAL, defined=True, name=gl.name)
                    for i, v in enumerate(vals):
                        struct.pack_into("<Q", o.b, 8 * i, v)
                        if v:
                            o.ptrs.add(8 * i)
                elif gl.name == "__divm_main_nparams":
                    o = Obj(4, K_GLOBAL, defined=True, name=gl.name)
                    struct.pack_into("<i", o.b, 0, len(main.ty.params))
                elif gl.name in prog.aliases:
                    continue
                else:
                    from divm.load.loader import LoadError
                    raise LoadError(f"undefined global variable {gl.name}")
                o.ro = True
                o.resync()
                self.objs[gl.idx] = o
                continue
            o = Obj(max(gl.size, 0), K_GLOBAL, defined=True, name=gl.name)
            enc = gl.__dict__.get("enc")  # the memory image the loader precomputed
            if enc is not None:
                o.b[:] = enc[0]
                if enc[1] is not None:
                    o.undefine(0, enc[1])
                o.ptrs.update(enc[2])
            elif gl.init is not None:
                um = bytearray(gl.size)
                ptrs: list[int] = []
                encode(gl.ty, gl.init, o.b, 0, um, ptrs)
                if any(um):
                    o.undefine(0, bytes(um))
                o.ptrs.update(ptrs)
            o.ro = gl.const
            o.resync()
            self.objs[gl.idx] = o
        self.next_global = len(prog.globals) + 1
        # a new thread's copy of a thread-local variable starts from its initial value
        self.tls_templates = {}
        for gl in prog.globals:
            if gl.tls and not gl.decl:
                src = self.objs[gl.idx]
                t = Obj(len(src.b), K_GLOBAL, defined=True, name=gl.name)
                t.b[:] = src.b
                t.ud = bytearray(src.ud) if src.ud is not None else None
                t.nud = src.nud
                t.ptrs = set(src.ptrs)
                t.ro = True
                t.resync()
                self.tls_templates[gl.idx] = self.add_global_obj(t)
        # the environment __boot receives: an array of {key, value, size}
        arr = Obj(24 * (len(env) + 1), K_GLOBAL, defined=True, name="<env>")
        for i, (k, v) in enumerate(env):
            kp = self.const_blob(k.encode() + b"\0")
            vp = self.const_blob(v + b"\0")
            struct.pack_into("<QQi", arr.b, 24 * i, kp, vp, len(v))
            arr.ptrs.update((24 * i, 24 * i + 8))
        arr.ro = True
        arr.resync()
        self.env_ptr = self.add_global_obj(arr)

    def add_global_obj(self, o: Obj) -> int:
        gid = self.next_global
        self.next_global += 1
        if gid >= PL_GLOBAL:
            raise VMError("too many global objects")
        self.objs[gid] = o
        if self.dirty is not None:
            self.dirty.add(gid)
        return gid << 32

    def const_blob(self, data: bytes) -> int:
        o = Obj(len(data), K_GLOBAL, defined=True)
        o.b[:] = data
        o.ro = True
        o.resync()
        return self.add_global_obj(o)

    # -- running ------------------------------------------------------------------
    def call_fn(self, ptr: int, args: tuple):
        return self.FT[(ptr >> 32) - CODE_BASE](*args)

    def boot(self) -> None:
        boot = self.prog.fn_by_name.get("__boot")
        if boot is None or boot.decl:
            raise VMError("DiOS is missing __boot")
        self.flags = CF_BOOTING | CF_KERNEL
        try:
            self.FT[boot.idx](self.env_ptr)
        except (Suspend, ContinueFault):
            pass
        except Jump:  # control moved to a frame: there is no thread to run yet
            self.error = self.error or ErrorInfo("control", "__vm_ctl_set(_VM_CR_Frame) during boot", [])
            self.flags |= CF_ERROR
        self.flags &= ~(CF_BOOTING | CF_KERNEL)
        # the program cannot start: a fault during boot, or no scheduler
        if not self.flags & CF_ERROR and not self.regs[CR_SCHEDULER]:
            self.error = ErrorInfo("control", "boot did not set the scheduler (_VM_CR_Scheduler)", [])
            self.flags |= CF_ERROR
        self.boot_failed = bool(self.flags & CF_ERROR)

    def transition(self) -> None:
        """Run the scheduler once: one step of the program."""
        self.flags &= ~(CF_ACCEPTING | CF_CANCEL)
        self.stop_bt = []
        self.accept_bt = None
        self.visible = False
        self.loops_seen.clear()
        self.loop_choices.clear()
        self.regs[CR_TASK] = 0  # transient: not part of the state between transitions
        sched = self.regs[CR_SCHEDULER]
        if not sched:
            self.flags |= CF_STOP
            return
        try:
            try:
                self.call_fn(sched, ())
            except Jump as j:
                frame = j.frame
                while True:
                    try:
                        self.enter_frame(frame, j.bb, j.regs)
                    except Jump as jj:  # a program or the OS moved control to another frame
                        frame, j = jj.frame, jj
                        # the abandoned activations' allocas stay (unreachable, as in DiVM)
                        del self.AST[:]
                        self.resume_base = None
        except Suspend as s:
            if self.live_frames:
                self.refresh_frames(s)
            if self.want_stop_bt:
                self.stop_bt = self.traceback_frames(s.__traceback__)
        except RecursionError:
            self.stack_overflow()
        finally:
            if self.leakcheck and not self.flags & CF_ERROR and (
                    self.leakcheck == "state" or self.flags & CF_STOP and self.exit_status is not None):
                self.check_leaks(self.exit_roots if self.exit_status is not None else [])
            self.exit_roots = []
            self.live_frames.clear()
            self.frame_lines.clear()
            self.unwritten.clear()
            self.resume_base = None
            if self.AST:
                del self.AST[:]

    def check_leaks(self, extra_roots: list[int], where=None) -> None:
        """Heap blocks the program allocated that nothing points to any more."""
        from divm.vm.memory import reachable, roots
        live = set(reachable(self.objs, roots(self.objs, self.regs) + extra_roots))
        lost = [(oid, o) for oid, o in self.objs.items() if o.kind == K_HEAP and oid not in live]
        if lost:
            size = sum(len(o.b) for _, o in lost)
            self.error = ErrorInfo("leak", f"{size} bytes in {len(lost)} block{'s' if len(lost) > 1 else ''} "
                                           "unreachable and never freed", where or [])
            self.flags |= CF_ERROR

    def leak_return(self, value) -> None:
        """--leakcheck return: before a function returns, nothing it
        allocated may become unreachable (its return value still counts)."""
        f = sys._getframe(1)
        extra = []
        if value.__class__ is int:
            extra.append(value >> 32)
        sp = f.f_locals.get("_sp", len(self.AST))
        extra += self.AST[:sp] + self.stack_roots(f.f_back)
        before = self.error
        self.check_leaks([x for x in extra if x in self.objs])
        if self.error is not before and self.flags & CF_ERROR:
            self.error.backtrace = self.backtrace()
            raise Suspend()

    def stack_roots(self, f) -> list[int]:
        """Objects the running thread's activations (Python frames from f
        outwards) hold pointers to in their registers."""
        out = []
        while f is not None:
            if f.f_code in self.code_info:
                for name, v in f.f_locals.items():
                    if v.__class__ is int and name[0] in "amr":
                        out.append(v >> 32)
            f = f.f_back
        return out

    def stack_overflow(self) -> None:
        self.error = ErrorInfo("memory", "stack overflow (call depth limit reached)", [])
        self.flags |= CF_ERROR

    # -- frames in graph memory ------------------------------------------------------
    # A frame object: pc (code pointer; the offset is the resume entry, 0 for a
    # fresh call), parent, the number of allocas the activation owns, a pointer
    # to each, then the registers live at the resume entry (8-byte slots for
    # scalars).  Frames are written only when the OS asks for one (to park a
    # thread); while running, activations are Python frames.

    def frame_layout(self, fn: Fn, rid: int) -> FrameLayout:
        try:
            return fn.layouts[rid]
        except (AttributeError, KeyError):
            pass
        lays = fn.__dict__.setdefault("layouts", {})
        lay = lays.get(rid)
        if lay is None:
            if not hasattr(fn, "regs"):
                self.compile(fn)
            names = fn.live.get(rid)
            if names is None:  # not a resume entry: keep everything
                names = tuple(fn.regs)
            lay = lays[rid] = FrameLayout(names, [fn.regs[n] for n in names])
        return lay

    def generated_frames(self, f) -> list:
        """(python frame, fn, resume map) of generated code, innermost first,
        down to the activation the VM resumed or entered."""
        out = []
        while f is not None:
            info = self.code_info.get(f.f_code)
            if info is not None:
                out.append((f, info[0], info[2]))
            if f.f_code is ENTER_CODE:
                break
            f = f.f_back
        return out

    def frame_ptr(self, pyf, fn: Fn, outermost: bool) -> int:
        fid = self.live_frames.get(pyf)
        if fid is None:
            if outermost and self.resume_base is not None:
                fid = self.resume_base[0]
            else:
                fid = self.new_obj(0, K_FRAME, defined=True)
            self.live_frames[pyf] = fid
        return fid << 32

    def materialise(self, frames: list, only_changed: bool = False) -> int:
        """Write the given activations, innermost first, each (python frame,
        fn, resume entry, live registers in layout order, alloca mark), into
        frame objects; only_changed skips frames written alike before."""
        live = self.live_frames
        last = len(frames) - 1
        fids = []
        for i, fr in enumerate(frames):
            fid = live.get(fr[0])
            if fid is None:
                if i == last and self.resume_base is not None:
                    fid = self.resume_base[0]
                else:
                    fid = self.new_obj(0, K_FRAME, defined=True)
                live[fr[0]] = fid
            fids.append(fid)
        parent = self.resume_base[1] if self.resume_base is not None else 0
        AST = self.AST
        sp_end = len(AST)
        written = self.frame_lines
        objs = self.objs
        owned = []
        for fr in frames:  # allocas: each activation owns AST[_sp:next inner _sp]
            sp = fr[4]
            if sp is not None:
                owned.append(AST[sp:sp_end])
                sp_end = sp
            else:
                owned.append(())
        for i in range(last, -1, -1):
            _, fn, rid, vals, _ = frames[i]
            fid = fids[i]
            al = owned[i]
            na = len(al)
            stamp = (rid, parent, na, vals)
            if only_changed and written.get(fid) == stamp:
                parent = fid << 32
                continue
            written[fid] = stamp
            lay = self.frame_layout(fn, rid)
            base = FRAME_HDR + 8 * na
            o = objs[fid]
            if o.frozen:  # every field is rewritten below: a new object, not a copy
                o = objs[fid] = Obj(0, K_FRAME, defined=True)
                if self.dirty is not None:
                    self.dirty.add(fid)
            head = FRAME_HEAD.pack(((CODE_BASE + fn.idx) << 32) | rid, parent, na)
            if na:
                head += struct.pack(f"<{na}Q", *[a << 32 for a in al])
                ptrset = {8, *range(FRAME_HDR, base, 8)}
            else:
                ptrset = {8}
            try:
                if lay.fast is None or U in map(type, vals):  # (struct packs a U by its __index__)
                    raise struct.error
                o.b = bytearray(head + lay.fast.pack(*vals))
                o.ud = None
                o.nud = 0
                if lay.ptr_offs:
                    ptrset.update([base + off for off in lay.ptr_offs])
            except (struct.error, TypeError, OverflowError):
                # undefined bits, aggregates, long doubles: the general encoder
                size = base + lay.size
                buf = bytearray(size)
                buf[:base] = head
                um = bytearray(size)
                pl: list[int] = []
                for v, ty, off in zip(vals, lay.types, lay.offsets):
                    if v is None:
                        um[base + off:base + off + max(ty.size, 1)] = b"\xff" * max(ty.size, 1)
                    else:
                        encode(ty, v, buf, base + off, um, pl)
                o.b = buf
                o.ud = None
                o.nud = 0
                if any(um):
                    o.undefine(0, bytes(um))
                ptrset.update(pl)
            o.ptrs = ptrset
            o.resync()
            parent = fid << 32
        return fids[0] << 32

    def from_locals(self, frames: list, lines: list) -> list:
        """The materialise records of python frames read through f_locals (a
        dict of every local, built per call): for frames that did not pass
        their registers to a Suspend."""
        out = []
        for (f, fn, resume), line in zip(frames, lines):
            rid = resume.get(line, 0)
            loc = f.f_locals
            out.append((f, fn, rid, tuple(loc.get(n) for n in self.frame_layout(fn, rid).names), loc.get("_sp")))
        return out

    def traceback_frames(self, tb) -> list[dict]:
        """Where a transition stopped: the user frames of the suspended thread."""
        chain = []
        while tb is not None:
            chain.append((tb.tb_frame, tb.tb_lineno))
            tb = tb.tb_next
        out = []
        for f, line in reversed(chain):
            info = self.code_info.get(f.f_code)
            if info is not None and not info[0].system:
                fn, lm, _ = info
                loc = lm.get(line)
                if loc is None:
                    for d in range(1, 8):
                        loc = lm.get(line - d)
                        if loc:
                            break
                file, ln = loc if loc else (fn.file, fn.line)
                out.append({"function": fn.name, "file": file, "line": ln})
        return out

    def refresh_frames(self, s: Suspend) -> None:
        """At a suspension: bring the parked activations' frames up to date."""
        frames, tbs = [], []
        code_info = self.code_info
        tb = s.__traceback__
        while tb is not None:  # outermost first
            f = tb.tb_frame
            code = f.f_code
            if code is ENTER_CODE:  # activations outside the one the VM entered do not count
                frames, tbs = [], []
            else:
                info = code_info.get(code)
                if info is not None:
                    frames.append((f, info[0], info[2]))
                    tbs.append(tb)
            tb = tb.tb_next
        frames.reverse()  # innermost first
        # only activations the OS holds (and everything outside them) matter
        live = self.live_frames
        first = next((i for i, fr in enumerate(frames) if fr[0] in live), None)
        if first is not None:
            recs = {r[3]: r for r in s.fr}
            out = []
            for fr in frames[first:]:
                r = recs.get(fr[0])
                if r is None:
                    break
                out.append((fr[0], fr[1], r[0], r[1], r[2]))
            else:
                tbs = None
            if tbs is not None:  # suspended elsewhere than at a resume point (a fault, say)
                tbs.reverse()
                out = self.from_locals(frames[first:], [self.line_at(t.tb_frame.f_code, t.tb_lasti)
                                                        for t in tbs[first:]])
            self.materialise(out, only_changed=True)
        unwritten = self.unwritten
        if unwritten:
            for fid in [fid for fid in unwritten if fid in self.frame_lines]:
                del unwritten[fid]
            if unwritten:  # handed out by activations that have returned since
                self.write_pending_frames()

    def line_at(self, code, lasti: int) -> int:
        """The line of an instruction offset: tb_lineno scans the line table
        each time, which is costly in large generated functions."""
        lines = self.lasti_lines.get(code)
        if lines is None:
            lines = self.lasti_lines[code] = {}
        ln = lines.get(lasti)
        if ln is None:
            ln = lines[lasti] = next((ln for start, end, ln in code.co_lines() if start <= lasti < end), 0)
        return ln

    def hc_frame(self, up: int = 1, out: int = 0) -> int:
        """__vm_ctl_get(_VM_CR_Frame[, out]): the frame of the generated code
        `up` python frames out (the caller of the hypercall), or of the
        activation `out` calls outside it (DiOS parks the caller of
        __dios_interrupt: its own frame would be one more object to write,
        resume and free in every transition, only to return)."""
        frames = self.generated_frames(sys._getframe(up))
        if 0 < out < len(frames):
            del frames[:out]
        if not frames:
            return 0
        # the OS only keeps the pointer and suspends: the frames are written
        # at the suspension (refresh_frames), or when something reads them
        ptrs = [self.frame_ptr(f, fn, i == len(frames) - 1) for i, (f, fn, _) in enumerate(frames)]
        unwritten = self.unwritten
        for p in ptrs:
            unwritten[p >> 32] = frames
        return ptrs[0]

    def write_pending_frames(self) -> None:
        """Something reads a frame hc_frame handed out: write it now."""
        for frames in {id(f): f for f in self.unwritten.values()}.values():
            self.materialise(self.from_locals(frames, [f.f_lineno for f, _, _ in frames]), only_changed=True)
        self.unwritten.clear()

    def free_frame(self, fid: int) -> None:
        if self.objs.pop(fid, None) is not None:
            if self.dirty is not None:
                self.dirty.add(fid)

    def enter_frame(self, frame: int, bb: int = -1, regs: tuple = ()) -> None:
        """Continue a thread whose frame the OS holds: a fresh frame
        {pc, parent, args...} calls the function; a parked one resumes it
        (at block bb >= 0 with every register in regs, after a jump)."""
        value = None
        while frame:
            o = self.objs.get(frame >> 32)
            if o is None or len(o.b) < 16 or frame & M32:
                self.fault(F_HYPERCALL, "jump to an invalid frame")
                raise Suspend()
            pc, parent = struct.unpack_from("<QQ", o.b, 0)
            fidx = (pc >> 32) - CODE_BASE
            if not (0 <= fidx < len(self.FT)) or self.prog.functions[fidx].decl:
                self.fault(F_CONTROL, "frame with an invalid program counter")
                raise Suspend()
            fn = self.prog.functions[fidx]
            rid = pc & M32
            self.resume_base = (frame >> 32, parent)
            if bb >= 0:
                self.visible = True
                na = FRAME_HEAD.unpack_from(o.b, 0)[2]
                sp = len(self.AST)
                if na:
                    self.AST.extend(q >> 32 for q in struct.unpack_from(f"<{na}Q", o.b, FRAME_HDR))
                args = [None] * len(fn.params)
                if fn.ty.vararg:
                    args.append(())
                value = self.FT[fidx](*args, _rs=(bb, None, regs, sp, "jump"))
                bb = -1
            elif rid == 0:
                args = [decode(t, o.b, 16 + 8 * i, o.ud) for i, t in enumerate(fn.ty.params)]
                value = self.FT[fidx](*args)
            else:
                # a parked thread resumes at its interrupt point: the action
                # there is this transition's visible action
                self.visible = True
                lay = self.frame_layout(fn, rid)
                na = FRAME_HEAD.unpack_from(o.b, 0)[2]
                base = FRAME_HDR + 8 * na
                if o.ud is None and lay.fast is not None and len(o.b) == base + lay.size:
                    vals = lay.fast.unpack_from(o.b, base)
                else:
                    vals = tuple(decode(t, o.b, base + off, o.ud) for t, off in zip(lay.types, lay.offsets))
                sp = len(self.AST)
                if na:
                    self.AST.extend(q >> 32 for q in struct.unpack_from(f"<{na}Q", o.b, FRAME_HDR))
                args = [None] * len(fn.params)
                if fn.ty.vararg:
                    args.append(())
                value = self.FT[fidx](*args, _rs=(rid, value, vals, sp))
            # (live_frames may keep the returned activation: no new one can match it)
            self.free_frame(frame >> 32)
            frame = parent
        raise Suspend()

    # -- faults -------------------------------------------------------------------
    def backtrace(self, skip_system: bool = True) -> list[dict]:
        frames = []
        f = sys._getframe(1)
        while f is not None:
            info = self.code_info.get(f.f_code)
            if info is not None:
                fn, lm, _ = info
                loc = lm.get(f.f_lineno)
                if loc is None:
                    for d in range(1, 8):
                        loc = lm.get(f.f_lineno - d)
                        if loc:
                            break
                file, line = loc if loc else (fn.file, fn.line)
                frames.append({"function": fn.name, "file": file, "line": line, "system": fn.system})
            if f.f_code is ENTER_CODE:
                break
            f = f.f_back
        # below the activation the VM resumed, the stack is in frame objects
        frame = self.resume_base[1] if self.resume_base is not None else 0
        if self.bt_frame and not any(not fr["system"] for fr in frames):
            frames, frame = [], self.bt_frame  # the OS names a parked thread as the culprit
        for _ in range(10000):
            o = self.objs.get(frame >> 32) if frame.__class__ is int else None
            if not frame or o is None or len(o.b) < FRAME_HDR:
                break
            pc, parent = struct.unpack_from("<QQ", o.b, 0)
            fidx = (pc >> 32) - CODE_BASE
            if not 0 <= fidx < len(self.prog.functions):
                break
            fn = self.prog.functions[fidx]
            loc = getattr(fn, "resume_loc", {}).get(pc & M32) or (fn.file, fn.line)
            frames.append({"function": fn.name, "file": loc[0], "line": loc[1], "system": fn.system})
            frame = parent
        if self.bt_extra is not None:
            frames.insert(0, self.bt_extra)
        if skip_system:
            user = [fr for fr in frames if not fr["system"]]
            if user:
                # innermost user frame first; keep the calling user frames
                i = frames.index(user[0])
                frames = [fr for fr in frames[i:] if not fr["system"]]
        for fr in frames:
            del fr["system"]
        return frames

    def fault(self, kind: int, msg: str) -> None:
        """Hand a fault to DiOS's fault handler; returns if it continues."""
        if self.in_fault:
            self.error = self.error or ErrorInfo(KIND_NAMES.get(kind, "control"), "double fault: " + msg,
                                                 self.backtrace())
            self.flags |= CF_ERROR
            raise Suspend()
        self.pending_fault = (kind, msg, self.backtrace())
        self.bt_frame = 0
        handler = self.regs[CR_FAULTHANDLER]
        if not handler:
            self.error = ErrorInfo(KIND_NAMES.get(kind, "control"), msg, self.pending_fault[2])
            self.flags |= CF_ERROR
            raise Suspend()
        self.in_fault = True
        try:
            self.call_fn(handler, (kind, CONT_FRAME, CODE_BASE << 32))
        except ContinueFault:
            pass
        finally:
            self.in_fault = False
            self.pending_fault = None

    def undef_branch(self, u: U) -> bool:
        self.fault(F_UNDEFINED, "branch on an undefined value")
        return bool(u.v)

    def ubranch(self, u: U) -> int:
        self.fault(F_UNDEFINED, "switch on an undefined value")
        return u.v

    def bad_call(self, fidx: int, nargs: int):
        fn = self.prog.functions[fidx]
        self.fault(F_CONTROL, f"call of {fn.name} with {nargs} arguments, it takes {len(fn.ty.params)}")
        return U(0, M64)

    def bad_ret(self, v, fidx: int, bits: int):
        """A call returned v from function fidx where the caller expects a
        bits-wide value (-1: none); the fault continues with a defined value."""
        fn = self.prog.functions[fidx]
        # the callee's return is the innermost frame, as at DiVM's ret
        rets = [i.loc for b in fn.blocks for i in b.ins if i.op == "ret" and i.loc]
        file, line = rets[-1] if rets else (fn.file, fn.line)
        self.bt_extra = {"function": fn.name, "file": file, "line": line, "system": fn.system}
        try:
            if bits < 0:
                self.fault(F_CONTROL, f"{fn.name} was called as void and returned a value")
                return None
            if v is None:
                self.fault(F_CONTROL, f"{fn.name} was called as non-void and did not return a value")
                return 0
            self.fault(F_CONTROL, f"{fn.name} returned a value of another size than its caller expects")
        finally:
            self.bt_extra = None
        m = (1 << bits) - 1
        if v.__class__ is U:
            return U(v.v & m, v.m & m) if v.m & m else v.v & m
        return v & m if v.__class__ is int else 0

    def bad_target(self):
        self.fault(F_CONTROL, "indirect branch to an invalid address")

    def undefined_fn(self, name: str):
        self.fault(F_CONTROL, f"call of undefined function {name}")
        return U(0, M64)

    # -- memory slow paths ----------------------------------------------------------
    def writable(self, oid: int) -> Obj:
        """The object with this id, copied first if a stored state shares it."""
        o = self.objs[oid]
        if o.frozen:
            o = self.objs[oid] = clone(o)
            if self.dirty is not None:
                self.dirty.add(oid)
        return o

    def check(self, p, n: int, write: bool) -> Obj | None:
        """Validate an access of n bytes at p; fault and return None if bad."""
        what = "store" if write else "load"
        if p.__class__ is U:
            self.fault(F_UNDEFINED, f"{what} through an undefined pointer")
            return None
        oid = p >> 32
        off = p & M32
        if oid in self.unwritten:
            self.write_pending_frames()
        o = self.objs.get(oid)
        if o is None:
            if oid == 0:
                self.fault(F_MEMORY, f"null pointer dereference ({what} of {n} bytes)")
            elif self.was_freed(oid):
                self.fault(F_MEMORY, f"{what} of {n} bytes into a freed object")
            elif oid == POISON_ID:
                self.fault(F_MEMORY, f"{what} through a pointer whose offset overflowed")
            elif PL_GLOBAL <= oid < PL_CODE:
                self.fault(F_MEMORY, f"{what} through a function pointer")
            else:
                self.fault(F_MEMORY, f"{what} through an invalid pointer")
            return None
        if off + n > len(o.b):
            where = f" {o.name!r}" if o.name else ""
            self.fault(F_MEMORY, f"out-of-bounds {what} of {n} bytes at offset {off} "
                                 f"in a {len(o.b)}-byte {kind_word(o)} object{where}")
            return None
        if write:
            if o.ro:
                self.fault(F_MEMORY, f"store into constant data{' ' + repr(o.name) if o.name else ''}")
                return None
            if o.frozen:
                o = self.writable(oid)
        return o

    def ld(self, p, ty: Ty):
        # a scalar whose own bytes are defined, in an object that has some
        # undefined bytes elsewhere: the common slow-path case, kept short
        un = SCALAR.get((ty.k, ty.bits))
        if un is not None and p.__class__ is int:
            o = self.objs.get(p >> 32)
            if o is not None:
                off = p & M32
                n = ty.store
                if off + n <= len(o.b) and (o.ud is None or o.ud.count(0, off, off + n) == n):
                    return un[0](o.b, off)[0]
        o = self.check(p, ty.store, False)
        if o is None:
            from divm.load.loader import undef_of
            return undef_of(ty)
        return decode(ty, o.b, p & M32, o.ud)

    def st(self, p, v, ty: Ty) -> None:
        n = ty.store
        un = SCALAR.get((ty.k, ty.bits))
        if un is not None and p.__class__ is int and v.__class__ is not U:
            # a defined scalar or aligned pointer: mostly stores into frozen
            # objects (copy on write), which generated code leaves to us
            oid = p >> 32
            o = self.objs.get(oid)
            off = p & M32
            if o is not None and not o.ro and off + n <= len(o.b) and oid not in self.unwritten \
                    and (ty.k != "p" or not off & 7):
                if o.frozen:
                    o = self.writable(oid)
                un[1](o.b, off, v)
                if o.ud is not None:
                    o.define(off, n)
                if o.ptrs:
                    o.clear_ptrs(off, n)
                if ty.k == "p":
                    o.ptrs.add(off)
                    if o.shared:
                        self.share(v)
                o.resync()
                return
        o = self.check(p, n, True)
        if o is None:
            return
        off = p & M32
        buf = bytearray(n)
        um = bytearray(n)
        ptrs: list[int] = []
        encode(ty, v, buf, 0, um, ptrs)
        o.b[off:off + n] = buf
        if any(um):
            o.undefine(off, bytes(um))
        else:
            o.define(off, n)
        if o.ptrs:
            o.clear_ptrs(off, n)
        for q in ptrs:
            o.ptrs.add(off + q)
            if o.shared:
                self.share(struct.unpack_from("<Q", o.b, off + q)[0])
        o.resync()

    def was_freed(self, oid: int) -> bool:
        """Ids are handed out in increasing order and never reused, and
        globals are never freed: an id below its range's counter that names
        no object was freed (no set of freed ids to copy with every state)."""
        if oid in self.objs:
            return False
        if PL_CODE <= oid < HEAP_BASE:
            return oid < self.next_alloca
        return HEAP_BASE <= oid < self.next_heap

    def new_obj(self, size: int, kind: int, defined: bool = False) -> int:
        if kind == K_ALLOCA:
            oid = self.next_alloca
            self.next_alloca += 1
            if oid >= PL_ALLOCA:
                raise VMError("out of object ids for local variables")
        else:
            oid = self.next_heap
            self.next_heap += 1
        self.objs[oid] = Obj(size, kind, defined)
        if self.dirty is not None:
            self.dirty.add(oid)
        return oid

    def alloca(self, size: int, count, align: int) -> int:
        if count.__class__ is U:
            self.fault(F_UNDEFINED, "alloca with an undefined size")
            count = count.v
        n = size * count
        if n > 1 << 31:
            self.fault(F_MEMORY, f"alloca of {n} bytes is too large")
            n = 0
        oid = self.new_obj(n, K_ALLOCA)
        self.AST.append(oid)
        return oid << 32

    def freeto(self, sp: int) -> None:
        ast = self.AST
        objs = self.objs
        for oid in ast[sp:]:
            if objs.pop(oid, None) is not None:
                if self.dirty is not None:
                    self.dirty.add(oid)
        del ast[sp:]

    def gep(self, p, off):
        if p.__class__ is U or off.__class__ is U:
            return (p + off) & M64
        r = p + off
        if r < 0 or (r ^ p) >> 32:
            return (POISON_ID << 32) | (r & M32)
        return r

    def span(self, p, n: int, write: bool) -> Obj | None:
        if n == 0:
            return None
        return self.check(p, n, write)

    def memcpy(self, d, s, n, nooverlap: bool) -> None:
        # the common case needs no checks: defined pointers into live
        # objects, in bounds, the destination writable in place, no memcpy
        # between overlapping ranges
        so = do = None
        if n.__class__ is int and s.__class__ is int and d.__class__ is int and n > 0:
            objs = self.objs
            sid, did = s >> 32, d >> 32
            so, do = objs.get(sid), objs.get(did)
            soff, doff = s & M32, d & M32
            if not (so is not None and do is not None and not do.slow and soff + n <= len(so.b)
                    and doff + n <= len(do.b) and sid not in self.unwritten and did not in self.unwritten
                    and (so is not do or not nooverlap or soff + n <= doff or doff + n <= soff)):
                so = do = None
        if do is None:
            if n.__class__ is U:
                self.fault(F_UNDEFINED, "memcpy with an undefined length")
                return
            if n == 0:
                return
            so = self.check(s, n, False)
            if so is None:
                return
            do = self.check(d, n, True)
            if do is None:
                return
            soff, doff = s & M32, d & M32
            if nooverlap and so is do and soff < doff + n and doff < soff + n and soff != doff:
                self.fault(F_MEMORY, f"memcpy of {n} bytes between overlapping ranges")
        # the source is read whole before anything is written
        sp = [q - soff for q in so.ptrs if soff <= q and q + 8 <= soff + n] if so.ptrs else ()
        ud = so.ud
        um = bytes(ud[soff:soff + n]) if ud is not None and ud.count(0, soff, soff + n) != n else None
        do.b[doff:doff + n] = so.b[soff:soff + n]
        if um is not None:
            do.undefine(doff, um)
        elif do.ud is not None:
            do.define(doff, n)
        if do.ptrs:
            do.clear_ptrs(doff, n)
        for q in sp:
            do.ptrs.add(doff + q)
            if do.shared:
                self.share(struct.unpack_from("<Q", do.b, doff + q)[0])
        do.resync()

    def memset(self, d, v, n) -> None:
        o = None
        if n.__class__ is int and d.__class__ is int and n > 0:  # the common case needs no checks
            o = self.objs.get(d >> 32)
            if o is not None and (o.slow or (d & M32) + n > len(o.b) or (d >> 32) in self.unwritten):
                o = None
        if o is None:
            if n.__class__ is U:
                self.fault(F_UNDEFINED, "memset with an undefined length")
                return
            if n == 0:
                return
            o = self.check(d, n, True)
            if o is None:
                return
        off = d & M32
        if v.__class__ is U:
            o.b[off:off + n] = bytes([v.v & 255]) * n
            o.undefine(off, bytes([v.m & 255]) * n)
        else:
            o.b[off:off + n] = bytes(n) if not v else bytes((v & 255,)) * n
            if o.ud is not None:
                o.define(off, n)
        if o.ptrs:
            o.clear_ptrs(off, n)
        o.resync()

    def byval(self, p, size: int) -> int:
        oid = self.alloca(size, 1, 8) >> 32
        self.memcpy(oid << 32, p, size, True)
        return oid << 32

    def va_start(self, ap, va) -> None:
        size = 0
        layout = []
        for tag in va:
            k = tag[0]
            if k in ("x", "I"):
                size = (size + 15) & ~15
                layout.append((size, tag))
                size += 16
            elif k == "b":
                al = 16 if tag[3] > 8 else 8
                size = (size + al - 1) & ~(al - 1)
                layout.append((size, tag))
                size += (tag[2] + 7) & ~7
            else:
                layout.append((size, tag))
                size += 8
        area = self.alloca(max(size, 8), 1, 16)
        o = self.objs[area >> 32]
        for off, tag in layout:
            k = tag[0]
            if k == "b":
                self.memcpy(area + off, tag[1], tag[2], True)
            else:
                ty = {"i": I64, "p": PTR, "d": DOUBLE, "x": X86FP80, "I": I128}[k]
                v = tag[1]
                if k == "i" and v.__class__ is not U:
                    v &= M64
                self.st(area + off, v, ty)
        regsave = self.alloca(176, 1, 16)
        self.st(ap, (48, 176, area, regsave), VA_LIST)
        o.resync()

    def icall(self, p, fixed: tuple, va):
        """A call through a pointer (generated code calls a pointer found
        plain here before, in plain_fns, directly)."""
        if p.__class__ is U:
            self.fault(F_UNDEFINED, "call through an undefined function pointer")
            return U(0, M64)
        fidx = (p >> 32) - CODE_BASE
        if p & M32 or not (0 <= fidx < len(self.FT)):
            what = "a null pointer" if p == 0 else "a pointer that is not a function"
            self.fault(F_CONTROL, f"call through {what}")
            return U(0, M64)
        fn = self.prog.functions[fidx]
        fty = fn.ty
        if fn.decl and fn.name in self.builtins or fn.name.startswith("__vm_"):
            args = fixed + (() if va is None else ((va,) if fn.name in self.builtins else tuple(x[1] for x in va)))
            return self.FT[fidx](*args)
        if va is not None and not fty.vararg and len(fixed) + len(va) == len(fty.params) \
                and all(x[0] != "b" for x in va):
            # an unprototyped (K&R) call of a function taking exactly these arguments
            fixed = fixed + tuple(x[1] for x in va)
            va = None
        if len(fixed) != len(fty.params) or (va is not None) != fty.vararg:
            if not (fty.vararg and va is None and len(fixed) >= len(fty.params)):
                self.fault(F_CONTROL, f"call of {fn.name} with {len(fixed) + len(va or ())} arguments, "
                                      f"it takes {len(fty.params)}{' or more' if fty.vararg else ''}")
                return U(0, M64)
            extra = fixed[len(fty.params):]
            fixed = fixed[:len(fty.params)]
            va = tuple(("i", x) for x in extra)
        if va is not None:
            return self.FT[fidx](*fixed, va)
        if not fty.vararg:
            self.plain_fns[p] = len(fixed)
        return self.FT[fidx](*fixed)

    def cmpxchg(self, p, cmp, new, ty):
        old = self.ld(p, ty)
        ok = old == cmp
        if ok.__class__ is U:
            self.fault(F_UNDEFINED, "compare-and-swap on an undefined value")
            ok = False
        if ok:
            self.st(p, new, ty)
        return (old, bool(ok))

    def atomicrmw(self, op: str, p, v, ty):
        old = self.ld(p, ty)
        bits = ty.bits
        m = (1 << bits) - 1
        if op == "xchg":
            new = v
        elif op == "add":
            new = (old + v) & m
        elif op == "sub":
            new = (old - v) & m
        elif op == "and":
            new = old & v
        elif op == "or":
            new = old | v
        elif op == "xor":
            new = old ^ v
        elif op == "nand":
            new = ~(old & v) & m
        elif op in ("max", "min", "umax", "umin"):
            new = ops.minmax(("s" + op) if op in ("max", "min") else op, old, v, bits)
        elif op == "fadd":
            new = old + v
        elif op == "fsub":
            new = old - v
        elif op in ("fmax", "fmin", "fmaximum", "fminimum"):
            new = {"fmax": ops.fmaxnum, "fmin": ops.fminnum, "fmaximum": ops.fmaximum,
                   "fminimum": ops.fminimum}[op](old, v)
        elif op == "uinc_wrap":
            new = 0 if old >= v else old + 1
        elif op == "udec_wrap":
            new = v if old == 0 or old > v else old - 1
        elif op == "usub_cond":
            new = old - v if old >= v else old
        elif op == "usub_sat":
            new = old - v if old >= v else 0
        else:
            raise VMError(f"atomicrmw {op}")
        self.st(p, new, ty)
        return old

    def insertvalue(self, agg, v, idx):
        if agg.__class__ is U:
            raise VMError("insertvalue into an undefined scalar")
        lst = list(agg)
        if len(idx) == 1:
            lst[idx[0]] = v
        else:
            lst[idx[0]] = self.insertvalue(lst[idx[0]], v, idx[1:])
        return tuple(lst)

    def extractelement(self, vec, i, ty):
        if i.__class__ is U or i >= len(vec):
            from divm.load.loader import undef_of
            return undef_of(ty)
        return vec[i]

    def insertelement(self, vec, v, i):
        if i.__class__ is U or i >= len(vec):
            return vec
        lst = list(vec)
        lst[i] = v
        return tuple(lst)

    def shuffle(self, a, b, maskv, ety):
        both = tuple(a) + tuple(b)
        from divm.load.loader import undef_of
        return tuple(undef_of(ety) if m is None else both[m] for m in maskv)

    def bitcast(self, x, st: Ty, dt: Ty):
        n = st.store
        buf = bytearray(max(n, dt.size, st.size))
        um = bytearray(len(buf))
        encode(st, x, buf, 0, um, [])
        return decode(dt, buf, 0, um if any(um) else None)

    def objectsize(self, p, minimum, bits):
        if p.__class__ is U:
            return (1 << bits) - 1
        o = self.objs.get(p >> 32)
        if o is None or (p & M32) > len(o.b):
            return 0 if minimum else (1 << bits) - 1
        return len(o.b) - (p & M32)

    def blockaddr(self, p, fidx: int) -> int:
        if p.__class__ is U:
            self.fault(F_UNDEFINED, "indirect branch to an undefined address")
            return -1
        if (p >> 32) - CODE_BASE != fidx or not (p & M32):
            self.fault(F_CONTROL, "indirect branch to an address outside the function")
            return -1
        return (p & M32) - 1

    # -- interrupt points ----------------------------------------------------------------
    def crit(self, p, n: int, access: int) -> None:
        """interrupt_mem: the second visible access of a transition ends it
        (before the access happens).  Accesses to objects no other thread can
        reach are invisible."""
        if self.stop_request is not None:
            raise StopRequest(self.stop_request)
        if self.flags & (CF_IGNORECRIT | CF_KERNEL):
            return
        if self.reduce and p.__class__ is int:
            o = self.objs.get(p >> 32)
            if o is not None and not o.shared:
                return
        if self.visible:
            self.interrupt()
        self.visible = True

    def loop(self, fidx: int, block: int) -> None:
        """interrupt_cfl: a transition that keeps passing the same loop point
        may never end; give the others a chance, and let the explorer see
        the states a loop goes round (in a single-threaded program too, or
        the search of a finite-state endless loop would never end).  Without
        reductions that happens at the second pass (every iteration is a
        transition); with them, a loop whose iterations touch nothing shared
        runs LOOP_LIMIT times before it is interrupted: invisible steps
        commute with the other threads, so only termination needs the
        interrupt.  A pass that made a choice ends the transition at once:
        a transition must not collect choices without bound."""
        if self.stop_request is not None:
            raise StopRequest(self.stop_request)
        if self.flags & (CF_IGNORELOOP | CF_KERNEL):
            return
        key = fidx << 32 | block
        seen = self.loops_seen
        n = seen.get(key, 0) + 1
        seen[key] = n
        chosen = self.chosen
        if n > self.loop_limit or n > 1 and self.loop_choices[key] != chosen:
            self.loop_choices[key] = chosen
            seen[key] = 1
            self.interrupt()
            return
        self.loop_choices[key] = chosen

    def request_stop(self, reason: str) -> None:
        """Stop at the next interrupt point (callable from another thread):
        interrupt points become live, even in a single-threaded program stuck
        in one endless transition, and raise StopRequest."""
        self.stop_request = reason
        self.G["THR"] = self.G["LOOPS"] = True

    def set_live(self) -> None:
        """Which interrupt points are live: memory ones once a second thread
        exists (or liveness wants every state), loop ones also whenever the
        state space is explored."""
        thr = bool(self.flags & CF_THREADS) or self.all_visible or self.stop_request is not None
        self.G["THR"] = thr
        self.G["LOOPS"] = thr or self.explore_mode

    def tls(self, p):
        """The calling thread's copy of a thread-local variable (DiOS keeps
        the copies; the main thread uses the variable itself)."""
        fn = self.prog.fn_by_name.get("__dios_tls_address")
        if fn is None or fn.decl or p.__class__ is not int:
            return p
        return self.FT[fn.idx](p, self.tls_templates.get(p >> 32, p))

    def share(self, p) -> None:
        """p becomes reachable by other threads: so does everything it reaches.
        The shared set stays closed under reachability, except through
        activation frames: the OS keeps each thread's frames, but no other
        thread's code can follow a pointer into them (whether a parked frame
        has been written yet must not matter either)."""
        if p.__class__ is not int:
            return
        todo = [p >> 32]
        objs = self.objs
        while todo:
            oid = todo.pop()
            o = objs.get(oid)
            if o is None or o.shared or o.kind == K_FRAME:
                continue
            o = self.writable(oid)
            o.shared = True
            b = o.b
            for off in o.ptrs:
                if off + 8 <= len(b):
                    todo.append(struct.unpack_from("<Q", b, off)[0] >> 32)

    def hc_obj_shared(self, p) -> None:
        self.share(p)

    def interrupt(self) -> None:
        fn = self.prog.fn_by_name.get("__dios_interrupt")
        if fn is None or fn.decl:
            return
        self.FT[fn.idx]()

    # -- setjmp/longjmp ---------------------------------------------------------------
    def newjf(self):
        return object()

    def setjmp(self, buf, jf, bb: int, sp: int) -> int:
        self.jf_counter += 1
        key = self.jf_counter
        self.jmp_targets[key] = (jf, bb, len(self.AST))
        self.st(buf, key, I64)
        self.sjres = 0
        return 0

    def longjmp(self, buf, val) -> None:
        key = self.ld(buf, I64)
        t = self.jmp_targets.get(key) if key.__class__ is int else None
        if t is None:
            self.fault(F_CONTROL, "longjmp to a jmp_buf that setjmp did not fill")
            raise Suspend()
        jf, bb, sp = t
        raise LongJmp(jf, bb, sp, (val & M32) or 1)

    # -- hypercalls --------------------------------------------------------------------
    def hc_ctl_set(self, reg, val=0, *rest):
        if reg == CR_FRAME:
            if val == 0:
                raise Suspend()
            if val == CONT_FRAME:
                raise ContinueFault()
            if not self.valid_frame(val):
                return
            if self.unwritten:  # the target may be an activation on the python stack
                self.write_pending_frames()
            if rest:
                raise self.jump_to_block(val, rest[0][1])
            raise Jump(val)
        if reg == CR_FLAGS:
            self.flags = val
        elif reg in (CR_SCHEDULER, CR_STATE, CR_FAULTHANDLER):
            if not self.flags & CF_BOOTING:
                self.fault(F_HYPERCALL, "this register can only be set during boot")
                return
            self.regs[reg] = val
        elif reg == CR_CONSTANTS:
            self.fault(F_ACCESS, "the constants register is read-only")
        elif 0 <= reg < len(self.regs):
            self.regs[reg] = val
        else:
            self.fault(F_HYPERCALL, f"__vm_ctl_set of unknown register {reg}")

    def jump_to_block(self, frame: int, pc) -> Jump:
        """__vm_ctl_set(_VM_CR_Frame, frame, pc): continue frame's function
        at the block pc (a block address) with the registers the frame holds."""
        o = self.objs[frame >> 32]
        fpc = struct.unpack_from("<Q", o.b, 0)[0]
        fidx = (fpc >> 32) - CODE_BASE
        if pc.__class__ is not int or (pc >> 32) - CODE_BASE != fidx or not pc & M32:
            self.fault(F_CONTROL, "__vm_ctl_set(_VM_CR_Frame) to a pc outside the frame's function")
            raise Suspend()
        fn = self.prog.functions[fidx]
        rid = fpc & M32
        vals: dict = {}
        if rid:
            lay = self.frame_layout(fn, rid)
            na = FRAME_HEAD.unpack_from(o.b, 0)[2]
            base = FRAME_HDR + 8 * na
            vals = {n: decode(t, o.b, base + off, o.ud) for n, t, off in zip(lay.names, lay.types, lay.offsets)}
        if not hasattr(fn, "regs"):
            self.compile(fn)
        if (pc & M32) - 1 not in getattr(fn, "jump_entries", ()):
            self.fault(F_CONTROL, "__vm_ctl_set(_VM_CR_Frame) to a pc that is no label of the frame's function")
            raise Suspend()
        return Jump(frame, (pc & M32) - 1, tuple(vals.get(n) for n in fn.regs))

    def valid_frame(self, val) -> bool:
        """Can control go to frame val?  A fault (at the caller) if not."""
        if val.__class__ is U:
            self.fault(F_UNDEFINED, "jump to an undefined frame pointer")
            return False
        oid = val >> 32
        if oid in self.unwritten:
            self.write_pending_frames()
        o = self.objs.get(oid)
        if o is None or val & M32 or len(o.b) < 16:
            what = "a freed object" if o is None and self.was_freed(oid) else "an invalid frame"
            self.fault(F_MEMORY, f"__vm_ctl_set(_VM_CR_Frame) to {what}")
            return False
        pc = struct.unpack_from("<Q", o.b, 0)[0]
        fidx = (pc >> 32) - CODE_BASE
        if o.ud is not None and any(o.ud[:8]) or not (0 <= fidx < len(self.FT)) \
                or self.prog.functions[fidx].decl:
            self.fault(F_CONTROL, "__vm_ctl_set(_VM_CR_Frame) to a frame with an invalid program counter")
            return False
        return True

    def hc_ctl_get(self, reg, *rest):
        if reg == CR_FRAME:
            return self.hc_frame(2, rest[0][1] if rest and rest[0][1].__class__ is int else 0)
        if reg == CR_FLAGS:
            return self.flags
        if 0 <= reg < len(self.regs):
            return self.regs[reg]
        self.fault(F_HYPERCALL, f"__vm_ctl_get of unknown register {reg}")
        return 0

    def hc_ctl_flag(self, clear, set_):
        old = self.flags
        self.flags = (old & ~clear) | set_
        self.set_live()
        if set_ & CF_ACCEPTING and self.want_stop_bt and self.accept_bt is None:
            self.accept_bt = self.backtrace()
        if set_ & CF_ERROR and not old & CF_ERROR and self.error is None:
            if self.pending_fault is not None:
                kind, msg, bt = self.pending_fault
                self.error = ErrorInfo(KIND_NAMES.get(kind, "control"), msg, bt)
            else:
                self.error = ErrorInfo("assert", "error flag set", self.backtrace())
        return old

    def hc_test_crit(self, addr, size, access, yes):
        if self.flags & CF_IGNORECRIT:
            return
        if self.visible:
            self.call_fn(yes, ())
        self.visible = True

    def hc_test_loop(self, counter, yes):
        if self.flags & CF_IGNORELOOP:
            return
        key = ("loop", counter)
        if key in self.loops_seen:
            self.call_fn(yes, ())
        self.loops_seen[key] = 1

    def hc_choose(self, n, *weights):
        if not (n.__class__ is int and 1 < n < 0x80000000):  # else a plain count: nothing to check
            if n.__class__ is U:
                self.fault(F_UNDEFINED, "__vm_choose with an undefined argument")
                n = n.v
            n = ops.sx(n, 32)
            if n <= 0:
                self.fault(F_HYPERCALL, f"__vm_choose({n}): the number of choices must be positive")
                return 0
            if n == 1:
                return 0
        c = self.chooser(n, weights)
        self.chosen += 1
        self.choice_log.append((c, n))
        return c

    def cstring(self, p, limit: int = 1 << 20) -> bytes:
        o = self.check(p, 1, False)
        if o is None:
            return b""
        off = p & M32
        end = o.b.find(0, off)
        if end < 0:
            self.fault(F_MEMORY, "string is not terminated within its object")
            return bytes(o.b[off:])
        return bytes(o.b[off:min(end, off + limit)])

    def hc_trace(self, kind, *args):
        if kind == T_OUTPUT:
            fd, buf, n = args[0][1], args[1][1], args[2][1]
            n &= M32
            if n:
                o = self.check(buf, n, False)
                if o is None:
                    return
                off = buf & M32
                data = bytes(o.b[off:off + n])
                if o.ud is not None and any(o.ud[off:off + n]):
                    self.fault(F_UNDEFINED, "output of uninitialised bytes")
                self.trace.append(("out", fd, data))
                if self.out is not None:
                    self.out(fd, data)
        elif kind == T_BACKTRACE:
            self.bt_frame = args[0][1]
        elif kind == T_SCHEDINFO:
            self.trace.append(("sched", args[0][1], args[1][1]))
        elif kind == T_EXIT:
            self.exit_status = ops.sx(args[0][1] & M32, 32) & 0xFF
            if self.leakcheck:  # what the live activations of exit()'s caller hold is not lost
                self.exit_roots = [x for x in self.AST + self.stack_roots(sys._getframe(1)) if x in self.objs]
        elif kind == T_FAULT:
            fk = args[0][1]
            msg = self.cstring(args[1][1]).decode("utf-8", "replace") if len(args) > 1 and args[1][1] else ""
            self.fault(fk, msg or KIND_NAMES.get(fk, "fault"))
        elif kind == T_TEXT:
            self.trace.append(("text", self.cstring(args[0][1]).decode("utf-8", "replace")))

    def hc_obj_make(self, size, typ=3):
        if size.__class__ is U:
            self.fault(F_UNDEFINED, "__vm_obj_make with an undefined size")
            return 0
        size = ops.sx(size, 32)
        if size < 0:
            self.fault(F_HYPERCALL, f"__vm_obj_make with a negative size {size}")
            return 0
        return self.new_obj(size, K_KERNEL if typ == 4 else K_HEAP) << 32

    def heap_obj(self, p, what: str) -> Obj | None:
        if p.__class__ is U:
            self.fault(F_UNDEFINED, f"{what} of an undefined pointer")
            return None
        oid = p >> 32
        o = self.objs.get(oid)
        if o is None:
            if self.was_freed(oid):
                self.fault(F_MEMORY, f"{what} of an object that was already freed (double free)")
            else:
                self.fault(F_MEMORY, f"{what} of an invalid pointer")
            return None
        if o.kind not in (K_HEAP, K_KERNEL):
            self.fault(F_MEMORY, f"{what} of a pointer to a {kind_word(o)} object, not to the heap")
            return None
        if p & M32:
            self.fault(F_MEMORY, f"{what} of a pointer into the middle of an object (offset {p & M32})")
            return None
        return o

    def hc_obj_free(self, p):
        o = self.objs.get(p >> 32) if p.__class__ is int and not p & M32 else None
        if o is not None and (o.kind == K_HEAP or o.kind == K_KERNEL) or self.heap_obj(p, "free") is not None:
            del self.objs[p >> 32]
            if self.dirty is not None:
                self.dirty.add(p >> 32)

    def hc_obj_size(self, p):
        o = self.objs.get(p >> 32) if p.__class__ is not U else None
        if o is None:
            if p.__class__ is int and self.was_freed(p >> 32):
                self.fault(F_MEMORY, "use of a freed object")
            else:
                self.fault(F_MEMORY, "size of an invalid pointer")
            return 0
        return len(o.b)

    def hc_obj_resize(self, p, size):
        o = self.heap_obj(p, "resize")
        if o is None:
            return
        o = self.writable(p >> 32)
        size = ops.sx(size, 32)
        old = len(o.b)
        if size < old:
            del o.b[size:]
            if o.ud is not None:
                del o.ud[size:]
                o.nud = size - o.ud.count(0)
                if not o.nud:
                    o.ud = None
            o.ptrs = {q for q in o.ptrs if q + 8 <= size}
        else:
            o.b.extend(bytes(size - old))
            o.undefine(old, b"\xff" * (size - old))
        o.resync()

    def hc_obj_clone(self, root, block=0):
        """Deep copy of the heap graph reachable from root; objects listed in
        the null-terminated array `block` (and non-heap objects) are shared,
        not copied."""
        if root.__class__ is not int or (root >> 32) not in self.objs:
            self.fault(F_HYPERCALL, "__vm_obj_clone of an invalid pointer")
            return 0
        stop = set()
        if block:
            for i in range(1 << 16):
                q = self.ld(block + 8 * i, PTR)
                if not q or q.__class__ is not int:
                    break
                stop.add(q >> 32)
        order, copy = [root >> 32], {}
        while order:
            oid = order.pop()
            o = self.objs.get(oid)
            if oid in copy or oid in stop or o is None or o.kind not in (K_HEAP, K_ALLOCA):
                continue
            copy[oid] = self.new_obj(0, K_HEAP)
            for off in o.ptrs:
                order.append(struct.unpack_from("<Q", o.b, off)[0] >> 32)
        for oid, nid in copy.items():
            c = clone(self.objs[oid])
            c.kind, c.ro, c.shared = K_HEAP, False, False
            for off in c.ptrs:
                v = struct.unpack_from("<Q", c.b, off)[0]
                if (v >> 32) in copy:
                    struct.pack_into("<Q", c.b, off, (copy[v >> 32] << 32) | (v & M32))
            self.objs[nid] = c
        return (copy.get(root >> 32, root >> 32) << 32) | (root & M32)

    def meta_range(self, what: str, key, obj, off, n, write: bool) -> Obj | None:
        """The object a __vm_peek/__vm_poke names by id and offset, checked
        for the n bytes it covers (a fault and None if it is no object)."""
        if any(x.__class__ is U for x in (key, obj, off, n)):
            self.fault(F_UNDEFINED, f"{what} with an undefined argument")
            return None
        if n < 0 or not 0 <= off <= M32:
            self.fault(F_HYPERCALL, f"{what} of a negative range")
            return None
        o = self.check(((obj & M32) << 32) | off, n, False)
        if o is None:
            return None
        if write and (key >= ML_USER or key == ML_DEFINEDNESS):
            o = self.writable(obj & M32)
        return o

    def hc_peek(self, key, obj, off, n, shape=()):
        """__vm_peek: the metadata interval {offset, length, value} of layer
        key meeting [off, off + n) (the first one), {0, 0, 0} if none."""
        r = (0, 0, 0)
        o = self.meta_range("__vm_peek", key, obj, off, n, False)
        if o is not None:
            if key >= ML_USER:
                for layer, lo, hi, v in meta_items(o.meta):
                    if layer == key and lo < off + max(n, 1) and hi > off:
                        r = (lo, hi - lo, v)
                        break
            elif key == ML_POINTERS:
                q = next((q for q in sorted(o.ptrs) if q < off + max(n, 1) and q + 8 > off), None)
                if q is not None:
                    r = (q, 8, 1)
            elif key == ML_DEFINEDNESS and off < len(o.b):
                r = (off, 1, (~o.ud[off] & 0xFF) if o.ud is not None else 0xFF)
        if shape == (64, 32):  # {offset, length, value} as the x86-64 ABI returns it
            return (r[0] | r[1] << 32, r[2])
        if len(shape) == 3:
            return r
        return r[0] | r[1] << 32

    def hc_poke(self, key, obj, off, n, val=0):
        """__vm_poke: attach val to [off, off + n) in layer key (user layers
        keep intervals, a new one replacing what it overlaps); the
        definedness layer takes a mask of defined bits for every byte."""
        o = self.meta_range("__vm_poke", key, obj, off, n, True)
        if o is None or not n:
            return
        if val.__class__ is U:
            self.fault(F_UNDEFINED, "__vm_poke of an undefined value")
            return
        if key >= ML_USER:
            items = []
            for it in meta_items(o.meta):
                layer, lo, hi, v = it
                if layer != key or hi <= off or lo >= off + n:
                    items.append(it)
                    continue
                if lo < off:
                    items.append((layer, lo, off, v))
                if hi > off + n:
                    items.append((layer, off + n, hi, v))
            items.append((key & M32, off, off + n, val & M32))
            items.sort()
            o.meta = struct.pack(f"<{4 * len(items)}I", *[x for it in items for x in it])
        elif key == ML_DEFINEDNESS:
            m = ~val & 0xFF
            if m:
                o.undefine(off, bytes([m]) * n)
            else:
                o.define(off, n)
            o.resync()


ML_POINTERS, ML_DEFINEDNESS, ML_USER = 0, 1, 3


def meta_items(meta: bytes | None) -> list[tuple[int, int, int, int]]:
    """The (layer, from, to, value) intervals of an object's user metadata."""
    if not meta:
        return []
    v = struct.unpack(f"<{len(meta) // 4}I", meta)
    return [v[i:i + 4] for i in range(0, len(v), 4)]


def kind_word(o: Obj) -> str:
    return {K_GLOBAL: "global", K_ALLOCA: "local", K_HEAP: "heap"}.get(o.kind, "")


def make_builtins(vm: VM) -> dict:
    from divm.vm.builtins import builtins
    return builtins(vm)


ENTER_CODE = VM.enter_frame.__code__
