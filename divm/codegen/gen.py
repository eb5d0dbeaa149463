"""Translate a decoded function into Python source, once, at first call.

Each LLVM function becomes one Python function whose SSA registers are
Python locals.  Blocks with a single predecessor are emitted inline where
control reaches them; blocks where paths join (loop headers, merges) become
entries of a `while True` dispatch on `bb`.  Phi nodes are parallel
assignments on the edges.  Loads and stores of scalars are inlined with a
fast path for objects whose bytes are all defined; everything unusual goes
to the VM's checked slow paths (`_ld`, `_st`), which raise faults.

Every emitted line that executes an instruction is recorded in a line map,
so a Python traceback or frame walk yields LLVM source locations: frames
need no bookkeeping on the fast path.

Gen is put together from one part per concern: control flow (control.py),
suspension and interrupt points (resume.py), expressions (exprs.py),
memory access (memory.py), calls (calls.py) and intrinsics
(intrinsics.py); this module assembles a function's source from them.
Which allocas become locals and what a parked frame keeps is in
liveness.py, the control-flow graph in cfg.py."""

from __future__ import annotations

from functools import cached_property

from divm.codegen.calls import Calls
from divm.codegen.cfg import join_points, successors
from divm.codegen.control import ControlFlow, Restart
from divm.codegen.emit import Emitter
from divm.codegen.exprs import Expressions, pointer_ints
from divm.codegen.intrinsics import Intrinsics
from divm.codegen.liveness import frame_registers, live_before, promotable_allocas, resume_live
from divm.codegen.memory import Memory
from divm.codegen.resume import Suspension, keep_registers, resume_prologue
from divm.load.ir import Fn, Op


class Gen(Emitter, ControlFlow, Suspension, Expressions, Memory, Calls, Intrinsics):
    def __init__(self, vm, fn: Fn):
        super().__init__(vm, fn)
        self.emitted: set[int] = set()
        self.pending: list = []   # resume entries (tails) still to emit
        self.splits: dict = {}    # (block, start, kind) -> resume entry
        self.results: dict = {}   # resume entry -> the result of the call it follows
        self.result_checks: dict = {}  # ... and how the value returned is checked ("{}": as it is)
        self.resume_lines: dict = {}
        self.resume_loc: dict = {}
        self.in_tail = False
        self.ft: list = []        # join points the code being emitted falls through to
        self.loop_blk = None      # the loop header whose own `while` is being emitted

    @cached_property
    def live(self) -> list:
        """The locals live before each instruction (liveness.live_before),
        once the promoted allocas are known."""
        return live_before(self.fn, self.promoted)


# every part's instruction handlers, by opcode
Gen.INSTR = {**Expressions.HANDLES, **Memory.HANDLES, **Calls.HANDLES}


def generate(vm, fn: Fn) -> tuple[str, dict, dict]:
    """Python source for fn, its line map (line -> LLVM location) and its
    resume map (line of a suspension point -> entry to resume at)."""
    extra: set[int] = set()
    while True:
        g = Gen(vm, fn)
        try:
            return _source(g, extra), g.linemap, g.resume_lines
        except Restart:
            extra = set(g.entries)


def _source(g: Gen, extra: set[int]) -> str:
    fn = g.fn
    labels = _plan(g, extra)
    prologue = _body(g)
    regs = frame_registers(fn, g.promoted)
    # a parked frame keeps only the registers live where it resumes
    live = resume_live(fn, g, regs)
    _splice(g, prologue + (3 if g.uses_alloca else 2), resume_prologue(g, regs, live))
    unset = sorted(set(g.sj_live) - set(fn.params)) if g.has_setjmp else ()
    if unset:  # (uses_alloca: the fresh branch's second line is `_sp = ...`)
        _splice(g, prologue + 2, ["        " + " = ".join(unset) + " = None"])
    keep_registers(g, live)
    fn.regs = regs
    fn.jump_entries = frozenset(labels)
    fn.resume_loc = g.resume_loc
    fn.live = live
    # where a frame parked before a visible access resumes: -o check:race reads the access there
    fn.crit_at = {rid: (bidx, start) for (bidx, start, kind), rid in g.splits.items() if kind == "crit"}
    return "\n".join(g.lines) + "\n"


def _plan(g: Gen, extra: set[int]) -> set[int]:
    """Which blocks are dispatch entries and join points, which allocas are
    locals; the indirectbr targets."""
    fn = g.fn
    blocks = fn.blocks
    preds = [0] * len(blocks)
    for b in blocks:
        for t in successors(b.ins[-1]):
            preds[t] += 1
    # indirectbr targets are entries: a label's address may also be a
    # __vm_ctl_set(_VM_CR_Frame, f, pc) target (__dios_jump)
    labels = {t for b in blocks if b.ins[-1].op == "indirectbr" for t in b.ins[-1].x}
    g.entries = {0} | {i for i, n in enumerate(preds) if n > 1} | extra | labels
    g.merge_of = join_points(fn, g.entries - extra)
    g.join_at = {b: j for j, b in g.merge_of.items()}
    g.entries -= set(g.merge_of)
    g.headers = {t for b in blocks for t in successors(b.ins[-1]) if t <= b.idx}
    # without reductions every memory access is an interrupt point, a
    # local variable's too: the program's own locals stay in memory
    g.promoted = promotable_allocas(fn) if g.vm.reduce or fn.system else set()
    g.p2i_free, g.p2i_diffs = pointer_ints(fn)  # what the heap symmetry guard need not test
    g.ovf = g.vm.check_overflow and not fn.system  # -o check:overflow: the program's own code only
    facts = getattr(g.vm.prog, "src_facts", None)  # (load/srcfacts.py, with -o check:overflow)
    g.folded = folded_overflows(fn, facts) if g.ovf and facts is not None else {}
    g.race = g.vm.check_race and not fn.system  # -o check:race: memcpy and memset are interrupt points
    # (the runtime's accesses are remembered: vm/race.py; for sleep sets only where, vm/footprint.py)
    g.rec = (g.vm.check_race or g.vm.footprints) and fn.system
    g.fp = g.rec and not g.vm.check_race
    g.sym = g.vm.symbolic  # operations on symbolic values go to the engine
    g.uninit = g.vm.nondet_uninit and not fn.system  # -o nondet:uninit: an undefined local read is an input
    g.poison = g.ovf or g.uninit or g.vm.check_poison and not fn.system
    # a pointer's bytes read as data (vm/order.py): DiOS reads its own structures by their fields, never so
    g.data_ptrs = not (fn.system and any(ins.loc and ("/" + ins.loc[0]).find("/dios/src/") >= 0
                                         for b in blocks for ins in b.ins))
    g.has_setjmp = any(ins.op == "call" and g.is_setjmp(ins) for b in blocks for ins in b.ins)
    # va_start's areas are made at the entry (a frame parked before va_start keeps them)
    g.va_area = fn.ty.vararg and any(ins.op == "call" and g.callee_name(ins).startswith("llvm.va_start")
                                     for b in blocks for ins in b.ins)
    g.uses_alloca = g.has_setjmp or g.va_area or any(
        (ins.op == "alloca" and ins.res not in g.promoted) or (ins.op == "call" and ins.x.get("byval"))
        for b in blocks for ins in b.ins)
    return labels


def _body(g: Gen) -> int:
    """The function up to its resume prologue: the dispatch over the
    entries, then the tails.  Returns the line the prologue follows."""
    fn = g.fn
    params = list(fn.params)
    if fn.ty.vararg:
        params.append("_va")
    g.emit(0, f"def F{fn.idx}({', '.join(params + ['_rs=None'])}):")
    ind = 1
    prologue = len(g.lines)
    g.emit(ind, "if _rs is None:")
    if g.uses_alloca:  # (on one line: the resume prologue is spliced in at a count of lines)
        g.emit(ind + 1, "_sp = len(AST); _va_area(_va)" if g.va_area else "_sp = len(AST)")
    # (the atomic mask on the same line: the resume prologue goes after it)
    g.emit(ind + 1, "bb = 0; _hc_ctl_flag(0, 3)" if g.atomic else "bb = 0")
    if g.has_setjmp:  # (this activation's frame id: what a jmp_buf names; 0 until it needs one)
        g.emit(ind, "_jf = _jfid(_rs)")
    g.emit(ind, "while True:")
    ind += 1
    if g.has_setjmp:
        g.emit(ind, "try:")
        ind += 1
    ents = sorted(g.entries)
    if len(ents) <= 4:
        for n, ent in enumerate(ents):
            g.emit(ind, ("if" if n == 0 else "elif") + f" bb == {ent}:")
            _entry(g, ent, ind + 1)
    else:
        # a binary search over the entries: a jump costs log(n) tests, not n
        g.emit(ind, "if bb < 100000:")
        _dispatch_tree(g, ents, ind + 1)
    g.in_tail = True
    while g.pending:
        nid, b, start, kind = g.pending.pop(0)
        g.emit(ind, f"elif bb == {nid}:")
        sj = b.ins[start - 1]
        if kind == "sj" and sj.res:
            g.emit(ind + 1, f"{sj.res} = _sjres()")
        g.block(b, ind + 1, 0, start, skip_crit=kind == "crit")
    if g.has_setjmp:
        g.emit(ind - 1, "except LongJmp as _e:")
        g.emit(ind, "if _e.jf != _jf or not _jf: raise")
        g.emit(ind, "_freeto(_sp + _e.sp)")
        g.emit(ind, "bb = _e.bb")
        g.emit(ind, "_set_sjres(_e.val)")
    return prologue


def _splice(g: Gen, at: int, res: list[str]) -> None:
    """Insert lines after line `at`; the maps of the lines after it shift."""
    shift = len(res)
    g.lines[at:at] = res
    g.linemap = {(k + shift if k > at else k): v for k, v in g.linemap.items()}
    g.resume_lines = {(k + shift if k > at else k): v for k, v in g.resume_lines.items()}


def _entry(g: Gen, ent: int, ind: int) -> None:
    """One dispatch entry.  A loop header gets a `while` of its own, so
    the iterations of a loop whose body is emitted inline in it skip the
    dispatch."""
    if ent not in g.headers:
        g.block(g.fn.blocks[ent], ind, 0)
        return
    g.emit(ind, "while True:")
    g.loop_blk = ent
    g.block(g.fn.blocks[ent], ind + 1, 0)
    g.loop_blk = None
    g.emit(ind, "continue")


def _dispatch_tree(g: Gen, ents: list[int], ind: int) -> None:
    if len(ents) <= 3:
        for n, ent in enumerate(ents):
            g.emit(ind, ("if" if n == 0 else "elif") + f" bb == {ent}:")
            _entry(g, ent, ind + 1)
        return
    mid = len(ents) // 2
    g.emit(ind, f"if bb < {ents[mid]}:")
    _dispatch_tree(g, ents[:mid], ind + 1)
    g.emit(ind, "else:")
    _dispatch_tree(g, ents[mid:], ind + 1)


def folded_overflows(fn, facts) -> dict:
    """id(instruction) -> message for each overflow clang folded in fn
    (load/srcfacts.py): the instruction of the warned line whose column is
    the last at or before the expression's; the first of main for those in
    global initialisers."""
    import os
    warned = facts.folded
    at: dict = {}
    for b in fn.blocks:
        for ins in b.ins[:-1]:
            if ins.loc:
                at.setdefault((os.path.basename(ins.loc[0]), ins.loc[1]), []).append(ins)
    out = {}
    for (file, line), found in warned.items():
        base = os.path.basename(file)
        cands = at.get((base, line), ())
        for col, text, whole in found:
            best = None
            for ins in cands:
                if 0 < ins.col <= col and (best is None or ins.col > best.col):
                    best = ins
            if best is None and whole:  # a statement over several lines: its last code before the fold
                best = _before((line, col), [s for s in facts.stmts.get(base, ()) if s[0] <= (line, col) <= s[1]],
                               at, base)
            if best is not None:
                out[id(best)] = f"{text} (folded by the compiler)"
    if fn.name == "main" and facts.global_folds:
        out[id(fn.blocks[0].ins[0])] = (f"{facts.global_folds[0]} (in the initialiser of a static variable, "
                                        f"folded by the compiler: before main)")
    for b in fn.blocks:  # INT_MIN / -1, (int)1e10: clang leaves poison, with no warning
        for ins in b.ins:
            if ins.op not in _POISON_OK and any(a.const and a.name == "poison" for a in ins.a or ()
                                                if a.__class__ is Op):
                out.setdefault(id(ins), "integer overflow folded by the compiler: an operation over constants "
                                        "with no defined result (such as INT_MIN / -1, or a conversion of a "
                                        "floating constant out of the integer's range)")
    return out


def _before(p: tuple, stmts: list, at: dict, base: str):
    """The instruction of the innermost statement in stmts (ranges around
    p) last at or before p; None if that statement has none (no code)."""
    if not stmts:
        return None
    lo, _ = max(stmts)  # (the innermost starts last)
    best = None
    for line in range(lo[0], p[0] + 1):
        for ins in at.get((base, line), ()):
            q = (line, ins.col)
            if lo <= q <= p and (best is None or q > (best.loc[1], best.col)):
                best = ins
    return best


_POISON_OK = {"phi", "select", "insertelement", "shufflevector", "insertvalue", "freeze"}
