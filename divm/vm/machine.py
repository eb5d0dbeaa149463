"""The divm virtual machine: graph memory, control registers, hypercalls,
faults, and the execution of one transition.

The VM knows nothing of threads or of programs' `main`: it boots DiOS with
`__boot`, then every transition calls the scheduler DiOS registered, which
jumps into a thread's frame.  A transition ends when DiOS suspends
(`__vm_ctl_set(_VM_CR_Frame, 0)`), which unwinds the Python stack.

VM is this module's construction, code, boot and transition plus one mixin
per concern: access (memory operations), insns (other instructions left to
the VM), frames, faults, interrupts, hypercalls, race (-o check:race),
order (whether the program can tell objects' numbers apart), sched (DiOS's
scheduler's common case).
Mixins share the instance and cost nothing on the hot path: a method is
found in the class's cache."""

from __future__ import annotations

import math
import os
import struct
import sys

from divm.codegen.emit import CodegenError
from divm.codegen.gen import generate
from divm.load import cache
from divm.load.errors import VMError
from divm.load.ir import Fn, Program
from divm.load.layout import CODE_BASE, M32, PL_CODE, PL_GLOBAL, encode
from divm.load.values import Sym, U, set_undef_hook
from divm.vm import ops
from divm.vm.access import Access
from divm.vm.defs import (  # noqa: F401  (the other layers import these from here)
    CF_ACCEPTING, CF_BOOTING, CF_CANCEL, CF_ERROR, CF_KERNEL, CF_STOP, CR_SCHEDULER, CR_TASK, HEAP_BASE, LOOP_LIMIT,
    ContinueFault, ErrorInfo, Jump, LongJmp, Park, StopRequest, Suspend, first_choice)
from divm.vm.faults import Faults
from divm.vm.footprint import Footprints
from divm.vm.frames import Frames
from divm.vm.hypercalls import Hypercalls
from divm.vm.insns import Insns
from divm.vm.interrupts import Interrupts
from divm.vm.memory import K_GLOBAL, Obj
from divm.vm.order import Order
from divm.vm.procs import Processes
from divm.vm.race import Races, _no_access
from divm.vm.sched import Schedule

DUMP = os.environ.get("DIVM_DUMP")  # directory to write generated code into
SYM_NAMES = ("_sy_bin", "_sy_icmp", "_sy_cast", "_sy_gep", "_sy_conc", "_sy_switch",
             "_sy_fbin", "_sy_fneg", "_sy_fcmp", "_sy_fcast")


def _no_engine(*a):
    raise RuntimeError("code for symbolic runs in a VM without --symbolic")


class VM(Access, Insns, Frames, Faults, Interrupts, Hypercalls, Races, Footprints, Order, Schedule, Processes):
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
        self.exit_roots, self.exit_bt = [], []  # (--leakcheck) what exit()'s caller keeps alive; where
        self.error: ErrorInfo | None = None
        self.pending_fault: tuple | None = None
        self.fault_objs: tuple = ()  # the objects the next fault is about
        self.in_fault = False
        self.choices: list[int] = []
        self.choice_log: list[tuple[int, int]] = []
        self.chooser = first_choice
        self.sjres = 0
        self.lasti_lines: dict = {}  # id(code) -> {instruction offset: line}
        self.code_info: dict = {}  # id(code) -> (fn, line map, resume map, code)
        self._pool: list = []
        self._pool_ids: dict = {}
        self.builtins = make_builtins(self)
        self.live_frames: dict = {}  # python frame -> frame object id, this transition
        self.parked: list | None = None  # the activations hc_frame last handed out, this transition
        self.frame_lines: dict = {}  # frame object id -> (resume entry, parent, allocas, registers) written
        self.frame_entries: dict = {}  # function number -> (fn, the arguments of a resumed call)
        self.plain_fns: dict[int, tuple] = {}  # function pointer -> (arguments, return), for icall's checked calls
        self.returned_fn = 0  # the function of the frame enter_frame saw return last
        self.unwritten: dict = {}  # frame object id -> activations, handed out but not yet written
        self.dirty: set | None = None  # objects made, copied or freed since the last snapshot (None: all)
        self.base = None  # the snapshot last restored, and what has changed since (state.restore)
        self.touched: set | None = None
        self.order_seen = False  # the program may have seen objects' numbers (vm/order.py)
        self.order_watch = False  # (the key renumbers: loads look for pointer bytes read as data)
        self.memo: dict | None = None  # __vm_memo results for the memory of base (state.restore resets it)
        self._dios_sched: tuple | None = None  # DiOS's scheduler, runnable tasks, layout (vm/sched.py)
        self.nondet_range: tuple[int, int] | None = None
        self.bt_frame = 0  # a parked frame DiOS blames for the next fault
        self.boot_failed = False  # boot faulted or set no scheduler: result boot-error
        self.bt_extra: dict | None = None  # an innermost frame for the next fault (a callee's ret)
        self.nondet_limited = False  # a wide nondet value came from the small default domain
        self.incomplete: str | None = None  # why some runs could not be explored (a search ending valid is not)
        self.leakcheck: str | None = None
        self._reduce = True
        self.step_index = 0  # which step of a replayed path runs (symbolic inputs record it)
        self.inputs = None  # run --inputs: a deque of values the nondet calls return first
        self.watch = None  # explaining a counterexample: told each choice and nondet value
        self.symbolic = False  # --symbolic: code generated for symbolic values (see enable_symbolic)
        self.engine = None  # the symbolic engine (vm/symbolic.py)
        self.sym_state: tuple = ((), ())  # (path condition, inputs) of a symbolic run
        self.check_overflow = False  # -o check:overflow: the program's own code checks (codegen)
        self.nondet_uninit = False  # -o nondet:uninit (--symbolic): reading undefined bytes makes an input
        self.check_poison = False  # over-wide shifts and out-of-range conversions fault (undefined_origin)
        self.void_main_ok = False  # -o allow:void-main: main may return nothing (its status is 0)
        self._check_race = False  # -o check:race: each state's parked accesses are checked (vm/race.py)
        self.want_stop_bt = False  # remember where each transition stopped
        self.all_visible = False  # liveness: interrupt points live even with one thread
        self.stop_bt: list = []
        self.accept_bt: list | None = None
        self.resume_base: tuple | None = None
        self.visible = False
        self.loops_seen: dict[int, int] = {}  # loop point -> passes in this transition, and self.chosen at the last
        self.depth_memo: dict[int, tuple] = {}  # parked frame id -> (its object, activations down from it)
        self.chosen = 0  # choices with more than one outcome made so far (loops end at one)
        self.explore_mode = False  # verify/replay: loop points are live even with one thread
        self.loop_limit = LOOP_LIMIT
        self.stop_request: str | None = None  # why the explorer wants to stop (see request_stop)
        self.replaying = False  # a found error's path is being re-run: no stop requests
        self.assert_cancels = self.abort_exits = self.size32 = False  # -o cancel:assert, exit:abort, check:size32
        self.FT: list = []  # function number -> what calls it (filled below: stubs use the namespace)
        self.G = self.namespace()
        self.FT.extend(self.stub(fn) for fn in prog.functions)
        self.install_native_interrupt()
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

    def enable_symbolic(self) -> None:
        """--symbolic, before boot: nondet calls make symbolic inputs."""
        from divm.vm.symbolic import install
        self.symbolic = True
        install(self)

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
        # (keyed by id: hashing a code object hashes all its constants, every time)
        self.code_info[id(f.__code__)] = (fn, linemap, resume, f.__code__)
        return f

    def namespace(self) -> dict:
        vm = self
        g = {"__builtins__": __builtins__, "OBJS": self.objs, "AST": self.AST, "U": U,
             "REGS": self.regs, "LongJmp": LongJmp, "Suspend": Suspend, "_gf": sys._getframe,
             "_hc_frame": self.hc_frame, "THR": False, "LOOPS": False, "OW": False, "LEAKRET": False,
             "UNW": self.unwritten, "FT": self.FT, "PLAIN": self.plain_fns}
        for n, st in ((8, "<B"), (16, "<H"), (32, "<I"), (64, "<Q")):
            s = struct.Struct(st)
            g[f"L{n}"] = s.unpack_from
            g[f"S{n}"] = s.pack_into
        g["LD"] = struct.Struct("<d").unpack_from
        g["SD"] = struct.Struct("<d").pack_into
        g["LF"] = struct.Struct("<f").unpack_from
        g["SF"] = struct.Struct("<f").pack_into
        for name in ("udiv", "urem", "sdiv", "srem", "shl", "lshr", "ashr", "sext", "sx", "select", "uselect",
                     "fdiv", "frem", "f32", "fptrunc", "fptosi", "fptoui", "fptoi_sat", "fcmp",
                     "add_ov", "sub_ov", "mul_ov", "sat", "minmax", "cmp3", "iabs", "ctpop", "ctlz",
                     "cttz", "bswap", "bitreverse", "fshl", "fshr", "is_fpclass", "reduce", "freduce",
                     "ffloor", "fceil", "ftrunc", "frint", "fround", "fsqrt", "fcopysign",
                     "fminnum", "fmaxnum", "fminimum", "fmaximum", "ffma", "fmuladd", "fexp", "fexp2",
                     "flog", "flog2", "flog10", "fsin", "fcos", "fpow", "fldexp",
                     "xop", "xneg", "xcmp", "xfromint", "xtoint", "xtod", "xfabs", "xsqrt", "xfloor", "xceil",
                     "xtrunc", "xround", "xrint", "xcopysign", "xminnum", "xmaxnum", "xminimum", "xmaximum",
                     "xfma", "xmuladd",
                     "add_nsw", "sub_nsw", "mul_nsw", "shl_nsw", "abs_chk", "shl_chk", "lshr_chk", "ashr_chk",
                     "fptosi_chk", "fptoui_chk", "xtoint_chk"):
            g["_" + name] = getattr(ops, name)
        g["_fabs"] = ops.fabs_
        g["_b2d"], g["_d2b"] = ops.bits_to_double, ops.double_to_bits
        g["_b2f"], g["_f2b"] = ops.bits_to_float, ops.float_to_bits
        g["_b2x"], g["_x2b"] = ops.bits_to_fp80, ops.fp80_to_bits
        g["_modf"] = lambda x: (math.modf(x)[0], math.modf(x)[1]) if math.isfinite(x) else (
            math.copysign(0.0, x) if x == x else x, x)
        g["_libm"] = self.builtins.__getitem__
        g["_frexp"] = lambda x: (math.frexp(x)[0], math.frexp(x)[1] & M32) if math.isfinite(x) else (x, 0)
        for name in ("ld", "st", "alloca", "lifetime", "freeto", "gep", "gep_chk", "memcpy", "memset", "icall", "byval",
                     "va_area", "va_start", "cmpxchg", "atomicrmw", "insertvalue", "extractelement",
                     "insertelement", "shuffle", "bitcast", "objectsize", "blockaddr", "bad_call", "bad_ret", "ret_chk",
                     "bad_target", "undefined_fn", "ubranch", "fault", "reach", "setjmp", "jfid", "crit", "loop",
                     "leak_return", "tls", "p2i", "ocmp", "peq", "psub", "ordered"):
            g["_" + name] = getattr(self, name)
        g["_ldm"] = lambda p, ty: vm.ld(p, ty, True)  # (a value only moved: codegen moved_only)
        g["_sjres"] = lambda: vm.sjres
        g["_set_sjres"] = lambda v: setattr(vm, "sjres", v)
        g["_bi"] = self.builtins.__getitem__
        g["_VA_SIZE"] = self.prog.va_list_size
        g["_share"] = self.share
        g["_critcp"] = self.crit_copy
        g["_crec"] = _no_access  # (-o check:race replaces it: vm/race.py)
        g["_fpt"] = None  # (sleep sets set it: vm/footprint.py)
        g["_def"] = Obj.define_bytes
        g["Sym"] = Sym
        for name in SYM_NAMES:  # (install_symbolic binds them: code for symbolic runs stays cacheable)
            g[name] = _no_engine
        for name in ("ctl_set", "ctl_get", "ctl_flag", "test_crit", "test_loop", "choose", "trace",
                     "obj_make", "obj_resize", "obj_free", "obj_size", "obj_clone", "obj_shared", "peek", "poke",
                     "memo"):
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
                    from divm.load.errors import LoadError
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
        self.sym_state = ((), ())
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
        self.regs[CR_TASK] = 0  # transient: not part of the state between transitions
        sched = self.regs[CR_SCHEDULER]
        if not sched:
            self.flags |= CF_STOP
            return
        try:
            frame = self.dios_schedule()  # (DiOS's scheduler's common case: vm/sched.py)
            bb, regs = -1, ()
            if frame is None:
                try:
                    self.call_fn(sched, ())
                except Jump as j:
                    frame, bb, regs = j.frame, j.bb, j.regs
            if self.touch_log is not None:  # (the scheduler reads every task: not this thread's footprint)
                self.touch_log.clear()
            while frame:
                try:
                    self.enter_frame(frame, bb, regs)
                except Jump as j:  # a program or the OS moved control to another frame
                    frame, bb, regs = j.frame, j.bb, j.regs
                    # the abandoned activations' allocas stay (unreachable, as in DiVM)
                    del self.AST[:]
                    self.resume_base = None
        except Suspend as s:
            if s.__class__ is Park:
                self.park(s)
            elif self.live_frames:
                self.refresh_frames(s)
            if self.want_stop_bt:
                self.stop_bt = self.traceback_frames(s.__traceback__)
        except RecursionError as e:
            self.stack_overflow(e.__traceback__)
        except LongJmp:  # (longjmp checked its target: this is the VM's mistake)
            raise VMError("a longjmp found no activation to land in") from None
        finally:
            # (a cancelled transition's path does not exist: __VERIFIER_assume(0), SV-COMP's abort)
            if self.leakcheck and not self.flags & (CF_ERROR | CF_CANCEL) and (
                    self.leakcheck == "state" or self.flags & CF_STOP and self.exit_status is not None):
                if self.exit_status is not None:
                    self.check_leaks(self.exit_roots, self.exit_bt)
                else:
                    self.check_leaks([])
            self.exit_roots = self.exit_bt = []
            self.live_frames.clear()
            self.parked = None
            self.frame_lines.clear()
            self.unwritten.clear()
            self.resume_base = None
            if self.AST:
                del self.AST[:]
        if self._check_race:
            self.check_races()


def make_builtins(vm: VM) -> dict:
    from divm.vm.builtins import builtins
    b = builtins(vm)
    b.update(vm.proc_builtins())
    return b
