"""Explorers: walk the state space the VM produces.

The VM side is `Machine`: the initial state, and the successors of a state
with their labels (the choices that lead there, the thread that ran, the
output).  A transition may make several `__vm_choose` calls; successors are
all combinations of their outcomes, found by re-running the transition from
the same snapshot with a different choice prefix each time.  Search
strategies (`dfs`, `bfs`) only see `Machine`; `explore/explorer.py` is
the plug-in interface over it, `explore/liveness.py` the liveness search."""

from __future__ import annotations

import time
from collections import deque

from divm.props.checkers import claim
from divm.state import snapshot as S
from divm.state.store import StateStore
from divm.vm.footprint import ANY, BIG, WHOLE, changed
from divm.vm.machine import CF_ACCEPTING, CF_CANCEL, CF_ERROR, CF_STOP, VM, StopRequest, first_choice


class OrderObserved(Exception):
    """The program saw objects' numbers (vm/order.py) under a key that
    lets states differing only in them be one: the search must start over
    with the key that keeps their order (explore.explorer.run)."""


class Step:
    """One transition: the choices made and what it showed."""
    __slots__ = ("choices", "thread", "output", "error", "stop", "accepting", "bt", "label", "fp")

    def __init__(self, choices, thread, output, error, stop, accepting=False):
        self.choices = choices
        self.thread = thread
        self.output = output
        self.error = error
        self.stop = stop
        self.accepting = accepting
        self.bt: list = []
        self.label = frozenset()
        self.fp: Footprint | None = None


ALLOC = -2  # (a footprint's pseudo-object: making objects, whose raw order a key may keep)


class Footprint:
    """What one thread's transition touched (explore/sleep.py): {raw
    object id: mask of its bytes (vm/footprint.py)} of what it read or
    wrote, and of what it changed; `any` when it may depend on
    everything (it made or ended a thread, set a control register,
    accessed an unknown address)."""
    __slots__ = ("tid", "touched", "written", "any")

    def __init__(self, tid: int, touched: dict, written: dict, any_: bool):
        self.tid, self.touched, self.written, self.any = tid, touched, written, any_


def written_py(dirty: set, old: dict, objs: dict) -> tuple[dict, bool]:
    """{object id: mask of the bytes changed} of the objects in dirty
    (made, copied or freed since old), and whether one of them is new
    (the reference for _speedups.written)."""
    written = {}
    made = False
    for oid in dirty:
        o = old.get(oid)
        if o is None:
            made = True
        else:
            new = objs.get(oid)
            # (no other thread reaches a private object: where in it does not matter)
            m = WHOLE if new is None or not o.shared else changed(o, new)
            if m:
                written[oid] = m
    return written, made


def independent(a: Footprint, b: Footprint) -> bool:
    """Do the two transitions commute (neither changes what the other touches)?"""
    if a.any or b.any:
        return False
    t = b.touched
    for oid, m in a.written.items():
        if m & t.get(oid, 0):
            return False
    t = a.touched
    for oid, m in b.written.items():
        if m & t.get(oid, 0):
            return False
    return True


class Machine:
    """The VM as a state space: `initial`, `successors` (with each step's
    label), `key`, `replay`.  `checkers` (props/checkers.py) say whose error
    a failed transition's is; they are armed by whoever configures the VM."""

    def __init__(self, vm: VM, leaks: bool = False, observe=None, compaction: bool = False,
                 checkers: list | None = None, symmetry: bool = False):
        self.vm = vm
        vm.explore_mode = True
        vm.set_live()
        self.checkers = checkers or []
        self.leaks = leaks or any(c.unreachable_in_key for c in self.checkers)
        self.compaction = compaction  # keys are fingerprints, contents are not kept
        S.INTERN[0] = not compaction
        self.transitions = 0
        self.observe = observe  # labels a state (liveness: the true propositions)
        # heap symmetry: objects numbered by traversal alone, until the program shows it can tell
        self.symmetry = symmetry
        self.symmetry_dropped = False  # the program saw objects' numbers: the order is kept after all
        self.canon = S.Canon(keep_order=not symmetry)
        self.inputs: list[dict] = []  # a symbolic counterexample's input values (replay)
        self.all_accepting = False  # termination: every step of the program is accepting
        self._initial = None
        self.pc_alias: dict = {}   # symbolic states: key -> the key of its class of equivalent path conditions
        self.pc_groups: dict = {}  # memory key -> [(path condition, key)] seen with it
        self.pc_merged = 0
        self.cut = None  # errors for which this returns true end their path instead of the search
        self.cut_errors, self.first_cut = 0, None
        # (source snapshot, what each thread depends on, registers, flags): while
        # set, each step gets its footprint (sleep_threads)
        self.fp_ctx: tuple | None = None

    def initial(self) -> tuple[int | bytes, S.Snapshot]:
        """The booted state (booted once: boot on a used VM would start from
        its last state's memory)."""
        vm = self.vm
        if self._initial is None:
            vm.chooser = first_choice
            vm.boot()
            if vm.order_seen and self.symmetry:  # (boot compared or converted pointers: no key taken yet)
                self.canon = S.Canon()
                self.symmetry_dropped = True
            snap = S.snapshot(vm)  # frozen first: the boot segment is made of frozen roots
            self._initial = (self.key(), snap)
        else:
            S.restore(vm, self._initial[1])
        return self._initial

    def keep_order(self) -> None:
        """From now on the key keeps the raw order of heap and stack
        objects (a fresh Canon: the old numbers mean nothing to it)."""
        self.canon = S.Canon()
        self.transitions = 0
        self.symmetry_dropped = True
        if self._initial is not None:
            snap = self._initial[1]
            S.restore(self.vm, snap)
            self._initial = (self.key(), snap)

    def key(self) -> int | bytes:
        vm = self.vm
        if self.compaction:
            return self.fingerprint()
        if vm.engine is not None:
            return self.sym_key()
        return self.canon.key(vm.objs, vm.regs, vm.flags & S.PERSISTENT_FLAGS, leaks=self.leaks)

    def sym_key(self) -> int:
        """A symbolic state's key: the memory's (symbolic bytes by their
        terms) and the path condition's terms."""
        from divm.state.symkey import key_part
        vm = self.vm
        extra, temp, kpc = key_part(vm.engine, vm.objs)
        try:
            k = self.canon.key(vm.objs, vm.regs, vm.flags & S.PERSISTENT_FLAGS, leaks=self.leaks)
        finally:
            for o, h in temp:  # contents valid for this key only
                o.h = h
        if extra is None:
            return k
        return self.pc_class(k, self.canon.intern((k, *extra)), kpc)

    def pc_class(self, k: int, key: int, kpc: tuple) -> int:
        """The key of a state whose memory (key k) and path condition (kpc)
        equal, as formulas, those of a state seen before: that state's.
        Path conditions that differ in form but admit the same inputs give
        the same futures (DIVINE's explicit-symbolic state equality)."""
        from divm.state.symkey import equivalent
        same = self.pc_alias.get(key)
        if same is not None:
            return same
        group = self.pc_groups.setdefault(k, [])
        for terms, other in group[-8:]:  # (the latest few: a check is a solver call)
            if equivalent(terms, kpc):
                self.pc_alias[key] = other
                self.pc_merged += 1
                return other
        group.append((kpc, key))
        self.pc_alias[key] = key
        return key

    def fingerprint(self) -> bytes:
        """A 128-bit hash of the current state's canonical form that is the
        same in every process (for partitioning states among workers)."""
        vm = self.vm
        return self.canon.fingerprint(vm.objs, vm.regs, vm.flags & S.PERSISTENT_FLAGS, leaks=self.leaks)

    def _run(self, snap: S.Snapshot, chooser) -> Step | None:
        """Run one transition from snap; None if it was cancelled."""
        vm = self.vm
        log: list[tuple[int, int]] = []

        def choose(n, weights):
            v = chooser(len(log), n)
            log.append((v, n))
            return v
        S.restore(vm, snap)
        vm.chooser = choose
        vm.trace = []
        vm.choice_log = []
        vm.transition()
        self.transitions += 1
        if vm.order_seen and not self.canon.keep_order:
            raise OrderObserved()
        if vm.flags & CF_CANCEL and not vm.flags & CF_ERROR:
            return None
        out = [t for t in vm.trace if t[0] == "out"]
        thread = next((t[2] for t in vm.trace if t[0] == "sched"), None)
        error = (claim(vm, self.checkers) if self.checkers else vm.error) if vm.flags & CF_ERROR else None
        if error is not None and self.cut is not None and self.cut(error):
            # an error outside the property (SV-COMP: undefined behaviour) ends its path unreported
            self.cut_errors += 1
            self.first_cut = self.first_cut or error
            return None
        step = Step(log, thread, out, error,
                    bool(vm.flags & CF_STOP), self.all_accepting or bool(vm.flags & CF_ACCEPTING))
        step.bt = vm.accept_bt if vm.accept_bt is not None else vm.stop_bt
        if self.observe is not None:
            step.label = self.observe(vm)
        if self.fp_ctx is not None:
            step.fp = self.footprint(thread)
        return step

    def sleep_threads(self, snap: S.Snapshot) -> list[int] | None:
        """The threads of snap the scheduler chooses among (DiOS ids, in the
        order of its choice); the steps run from snap then get their
        footprints.  None (and no footprints) where the VM cannot say."""
        vm = self.vm
        self.fp_ctx = None
        if vm.engine is not None or not vm.footprints:
            return None
        S.restore(vm, snap)
        table = vm.runnable()
        src = vm.thread_sources(table) if table else None
        if src is None:
            return None
        self.fp_ctx = (snap, src, list(vm.regs), vm.flags & S.PERSISTENT_FLAGS)
        return [tid for _, tid, _, _ in table]

    def footprint(self, tid) -> Footprint:
        snap, src, regs, flags = self.fp_ctx
        vm = self.vm
        if S._speedups is not None:
            written, made = S._speedups.written(vm.dirty, snap.objs, vm.objs, BIG)
            touched = S._speedups.touch_masks(vm.touch_log, BIG)
        else:
            written, made = written_py(vm.dirty, snap.objs, vm.objs)
            touched = vm.touched_masks()
        for part in (src.get(tid) or {ANY: WHOLE}, written):
            for oid, m in part.items():
                touched[oid] = touched.get(oid, 0) | m
        if made and self.canon.keep_order:  # (objects made in the other order get other raw ids)
            written[ALLOC] = touched[ALLOC] = WHOLE
        # (the end of the program ends every thread)
        return Footprint(tid, touched, written, ANY in touched or vm.flags & CF_STOP or vm.registers_changed(regs)
                         or (vm.flags & S.PERSISTENT_FLAGS) != flags)

    def snapshot(self) -> S.Snapshot:
        """The state the last step reached, to go on from."""
        return S.snapshot(self.vm)

    def steps(self, snap: S.Snapshot, firsts: list[int] | None = None):
        """Run the transition from snap once per combination of choices and
        yield each step; the successor is in the VM until the next one is
        asked for.  firsts: only these outcomes of the first choice."""
        pending = [[]] if firsts is None else [[c] for c in reversed(firsts)]
        while pending:
            prefix = pending.pop()

            def chooser(i, n, prefix=prefix):
                if i < len(prefix):
                    return prefix[i]
                # the other outcomes at this depth are explored from fresh runs
                for k in range(n - 1, 0, -1):
                    pending.append(prefix[:i] + [0] * (i - len(prefix)) + [k])
                return 0
            step = self._run(snap, chooser)
            if step is not None:
                yield step

    def successors(self, snap: S.Snapshot, known=None):
        """Yield (step, key, snapshot) for every combination of choices;
        snapshot is None for error and final states, and for states whose
        key is in known (a visited set: most successors are visited, and
        their snapshot would only be thrown away)."""
        concrete = known is not None and self.vm.engine is None
        try:
            for step in self.steps(snap):
                if step.error is not None or step.stop:
                    yield step, self.key() if step.stop and step.error is None else None, None
                elif concrete:
                    k = self.key()
                    yield step, k, None if k in known else S.snapshot(self.vm)
                else:  # frozen first: the key then caches each new object's contents
                    snap = S.snapshot(self.vm)
                    yield step, self.key(), snap
        except StopRequest:  # vm.stop_request says why; the explorer stops
            return

    def replay(self, snap: S.Snapshot, path: list[list[int]], after=None) -> list[Step]:
        """The steps of a path given by each transition's choices, re-run
        from snap (the initial state): counterexamples are rebuilt this way
        instead of keeping every step's details during the search.
        after(step) sees the VM in each step's resulting state."""
        steps = []
        vm = self.vm
        saved, vm.want_stop_bt = vm.want_stop_bt, True
        # the error is found: a limit or a first signal no longer stops
        # anything (a replay cut at an interrupt point would not fit its
        # path); a second signal still quits at once
        vm.replaying, vm.stop_request = True, None
        vm.set_live()
        try:
            for k, choices in enumerate(path, 1):
                vm.step_index = k
                step = self._run(snap, lambda i, n, c=choices: c[i] if i < len(c) else 0)
                if step is None:
                    raise RuntimeError("a stored transition was cancelled when re-run")
                steps.append(step)
                if after is not None:
                    after(step)
                snap = S.snapshot(vm)
            if vm.engine is not None:  # the error state's inputs, concrete
                self.inputs = vm.engine.model()
        finally:
            vm.want_stop_bt = saved
            vm.step_index = 0
            vm.replaying = False
        return steps


class Limits:
    def __init__(self, max_states=None, max_time=None, max_memory=None):
        self.max_states = max_states
        self.max_time = max_time
        self.max_memory = max_memory


class Result:
    def __init__(self):
        self.verdict = "valid"   # valid | error | inconclusive
        self.reason = ""
        self.error = None
        self.path: list[Step] = []
        self.states = 0
        self.transitions = 0
        self.seconds = 0.0
        self.stored_bytes = 0
        self.frontier: deque | None = None  # left unexplored by a handoff


def limit_reached(stop_request, limits: Limits, states: int, seconds: float) -> str:
    """Why the search must stop now ("" if it need not)."""
    if stop_request is not None:  # a signal, or a limit met inside a transition
        return stop_request
    if limits.max_states is not None and states >= limits.max_states:
        return f"state limit {limits.max_states} reached"
    if limits.max_time is not None and seconds > limits.max_time:
        return f"time limit {limits.max_time:g} s reached"
    if limits.max_memory is not None and rss() > limits.max_memory:
        return "memory limit reached"
    return ""


def boot(machine: Machine, res: Result) -> tuple | None:
    """Boot the program: (key, snapshot) of the initial state, or None when
    there is nothing to explore (res then says why: a limit or signal, or
    an error during boot)."""
    try:
        key0, snap0 = machine.initial()
    except StopRequest as e:
        res.verdict, res.reason = "inconclusive", str(e)
        return None
    if machine.vm.flags & CF_ERROR:
        res.verdict = "boot-error" if machine.vm.boot_failed else "error"
        res.error = machine.vm.error
        return None
    return key0, snap0


def begin(machine: Machine, res: Result):
    """The booted machine's store (res.store) holding its first state, and
    that state's snapshot; None if the boot ended (res says how)."""
    start = boot(machine, res)
    if start is None:
        return None
    key0, snap0 = start
    store = res.store = StateStore(machine.compaction)
    machine.vm.want_stop_bt = False  # where transitions stopped matters only on the counterexample
    store.add(key0, -1, ())
    return store, snap0


def search(machine: Machine, order: str = "dfs", limits: Limits | None = None, progress=None,
           handoff=None) -> Result:
    """Explore every reachable state; stop at the first error.  handoff(queued
    states, seconds) may end the search early, with res.frontier (and
    res.store, res.snap0) left for another explorer to go on from."""
    limits = limits or Limits()
    res = Result()
    t0 = time.time()
    start = begin(machine, res)
    if start is None:
        res.seconds = time.time() - t0
        return res
    store, snap0 = start
    index = store.index
    frontier = deque([(0, snap0)])
    pop = frontier.pop if order == "dfs" else frontier.popleft
    last_report = t0
    found = None
    while frontier:
        n, snap = pop()
        for step, nkey, nsnap in machine.successors(snap, index):
            if step.error is not None:
                found = (n, step)
                break
            if nkey is None or nkey in index:
                continue
            m = store.add(nkey, n, tuple([v for v, _ in step.choices]))
            if m is not None and nsnap is not None:
                frontier.append((m, nsnap))
        else:
            now = time.time()
            if progress is not None and now - last_report > 0.5:
                progress(len(store), machine.transitions, len(frontier), now - t0)
                last_report = now
            reason = limit_reached(machine.vm.stop_request, limits, len(store), now - t0)
            if reason:
                res.verdict, res.reason = "inconclusive", reason
                break
            if handoff is not None and handoff(len(frontier), now - t0):
                res.frontier, res.snap0 = frontier, snap0
                break
            continue
        break
    return finish(res, machine, store, snap0, found, t0)


def finish(res: Result, machine: Machine, store: StateStore, snap0, found, t0: float) -> Result:
    """The result's counts, and for found (state, step of an error) the
    path to it, replayed."""
    res.states = len(store)
    res.transitions = machine.transitions
    res.stored_bytes = store.stored_bytes() + (0 if machine.compaction else machine.canon.stored_bytes())
    res.seconds = time.time() - t0
    if found is not None:
        n, step = found
        res.verdict = "error"
        res.error = step.error
        res.path = machine.replay(snap0, store.path(n) + [tuple(v for v, _ in step.choices)])
        res.error = res.path[-1].error or step.error
    return res


def rss() -> int:
    try:
        with open("/proc/self/statm") as f:
            import os
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0
