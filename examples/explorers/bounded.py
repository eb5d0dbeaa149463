"""A bounded-depth search: an example explorer plug-in for divm.

    divm verify --search examples.explorers.bounded:BoundedDFS prog.c      # from the repository root
    divm verify --search examples/explorers/bounded.py:BoundedDFS prog.c   # from anywhere
    DIVM_MAX_DEPTH=5 divm verify --search ...:BoundedDFS prog.c

It explores depth first, but no path longer than `max_depth` transitions
(DIVM_MAX_DEPTH, default 20).  An error within the bound is reported with
its counterexample, as `--search dfs` would; if the bound cut some path
short and no error was found, the verdict is "inconclusive" (bugs may lie
deeper).  Each state is expanded once, at the depth it was first reached.

An explorer is a class with `name`, `properties` (what it checks) and
`explore(machine, task) -> Result`, instantiated without arguments.  It
talks to the program only through the `Machine` (initial state,
successors with labels, keys, replay) and keeps what it has seen in the
`Store` the task gives it."""

from __future__ import annotations

import os
import time

from divm.explore.explorer import Task, boot, choices, counterexample, finish
from divm.explore.search import Machine, Result, limit_reached


class BoundedDFS:
    name = "bounded"
    properties = frozenset({"safety"})
    max_depth = int(os.environ.get("DIVM_MAX_DEPTH", "20"))

    def explore(self, machine: Machine, task: Task) -> Result:
        res = Result()
        t0 = time.time()
        start = boot(machine, res)
        if start is None:  # a boot error, or stopped before it began
            return res
        key0, snap0 = start
        store = task.new_store(machine)
        store.add(key0, -1, ())
        stack = [(0, snap0, 0)]  # (state number, snapshot, depth)
        cut = False
        while stack:
            n, snap, depth = stack.pop()
            if depth >= self.max_depth:
                cut = True
                continue
            for step, key, nsnap in machine.successors(snap):
                if step.error is not None:
                    counterexample(machine, snap0, store, n, step, res)
                    return finish(machine, store, res, t0)
                m = store.add(key, n, choices(step)) if key is not None else None
                if m is not None and nsnap is not None:  # new, and not a final state
                    stack.append((m, nsnap, depth + 1))
            reason = limit_reached(machine.vm.stop_request, task.limits, len(store), time.time() - t0)
            if reason:
                res.verdict, res.reason = "inconclusive", reason
                return finish(machine, store, res, t0)
            if task.progress is not None:
                task.progress(len(store), machine.transitions, len(stack), time.time() - t0)
        if cut:
            res.verdict, res.reason = "inconclusive", f"depth bound {self.max_depth} reached"
        return finish(machine, store, res, t0)
