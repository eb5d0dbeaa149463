"""Explorers: walk the state space the VM produces.

The VM side is `Machine`: the initial state, and the successors of a state
with their labels (the choices that lead there, the thread that ran, the
output).  A transition may make several `__vm_choose` calls; successors are
all combinations of their outcomes, found by re-running the transition from
the same snapshot with a different choice prefix each time.  Search
strategies (`dfs`, `bfs`) only see `Machine`."""

from __future__ import annotations

import time
from collections import deque

from . import state as S
from .vm import CF_CANCEL, CF_ERROR, CF_STOP, VM


class Step:
    """One transition: the choices made and what it showed."""
    __slots__ = ("choices", "thread", "output", "error", "stop", "accepting")

    def __init__(self, choices, thread, output, error, stop, accepting=False):
        self.choices = choices
        self.thread = thread
        self.output = output
        self.error = error
        self.stop = stop
        self.accepting = accepting


class Machine:
    def __init__(self, vm: VM, leaks: bool = False, nondet_limited=None):
        self.vm = vm
        self.leaks = leaks
        self.transitions = 0

    def initial(self) -> tuple[bytes, S.Snapshot]:
        vm = self.vm
        vm.chooser = lambda n, w: 0
        vm.boot()
        snap = S.snapshot(vm)
        return self.key(), snap

    def key(self) -> bytes:
        vm = self.vm
        return S.canonical(vm.objs, vm.regs, vm.flags & S.PERSISTENT_FLAGS, leaks=self.leaks)

    def successors(self, snap: S.Snapshot):
        """Yield (step, key, snapshot) for every combination of choices;
        snapshot is None for error and final states."""
        vm = self.vm
        pending = [[]]
        while pending:
            prefix = pending.pop()
            log: list[tuple[int, int]] = []

            def chooser(n, weights, prefix=prefix, log=log):
                i = len(log)
                if i < len(prefix):
                    v = prefix[i]
                else:
                    v = 0
                    # the other outcomes at this depth are explored from fresh runs
                    for k in range(n - 1, 0, -1):
                        pending.append([c for c, _ in log] + [k])
                log.append((v, n))
                return v
            S.restore(vm, snap)
            vm.chooser = chooser
            vm.trace = []
            vm.choice_log = []
            vm.transition()
            self.transitions += 1
            if vm.flags & CF_CANCEL and not vm.flags & CF_ERROR:
                continue
            out = [t for t in vm.trace if t[0] == "out"]
            thread = next((t[2] for t in vm.trace if t[0] == "sched"), None)
            step = Step(list(log), thread, out, vm.error if vm.flags & CF_ERROR else None,
                        bool(vm.flags & CF_STOP))
            if step.error is not None or step.stop:
                yield step, self.key() if step.stop and step.error is None else None, None
            else:
                yield step, self.key(), S.snapshot(vm)


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


def search(machine: Machine, order: str = "dfs", limits: Limits | None = None, progress=None) -> Result:
    """Explore every reachable state; stop at the first error."""
    limits = limits or Limits()
    res = Result()
    t0 = time.time()
    key0, snap0 = machine.initial()
    if machine.vm.flags & CF_ERROR:
        res.verdict = "error"
        res.error = machine.vm.error
        res.seconds = time.time() - t0
        return res
    parent: dict[bytes, tuple[bytes | None, Step | None]] = {key0: (None, None)}
    frontier = deque([(key0, snap0)])
    pop = frontier.pop if order == "dfs" else frontier.popleft
    last_report = t0
    while frontier:
        key, snap = pop()
        for step, nkey, nsnap in machine.successors(snap):
            if step.error is not None:
                res.verdict = "error"
                res.error = step.error
                res.path = path_to(parent, key) + [step]
                break
            if nkey is None or nkey in parent:
                continue
            parent[nkey] = (key, step)
            if nsnap is not None:
                frontier.append((nkey, nsnap))
        else:
            now = time.time()
            if progress is not None and now - last_report > 0.5:
                progress(len(parent), machine.transitions, len(frontier), now - t0)
                last_report = now
            if limits.max_states is not None and len(parent) >= limits.max_states:
                res.verdict, res.reason = "inconclusive", f"state limit {limits.max_states} reached"
                break
            if limits.max_time is not None and now - t0 > limits.max_time:
                res.verdict, res.reason = "inconclusive", f"time limit {limits.max_time:g} s reached"
                break
            if limits.max_memory is not None and rss() > limits.max_memory:
                res.verdict, res.reason = "inconclusive", "memory limit reached"
                break
            continue
        break
    res.states = len(parent)
    res.transitions = machine.transitions
    res.seconds = time.time() - t0
    return res


def path_to(parent: dict, key: bytes) -> list[Step]:
    steps = []
    while True:
        p, step = parent[key]
        if p is None:
            break
        steps.append(step)
        key = p
    steps.reverse()
    return steps


def rss() -> int:
    try:
        with open("/proc/self/statm") as f:
            import os
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0
