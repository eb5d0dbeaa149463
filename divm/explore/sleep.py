"""Safety search with sleep sets (Godefroid): fewer transitions, the same
states.

When two threads' next transitions are independent (neither writes what
the other touches: `search.Footprint`), running them in either order
reaches one state, so once a state has run thread a, the successor it
reaches by an independent thread b need not run a again: a is asleep
there, and stays asleep along transitions independent of it.  A state's
sleep set only ever skips transitions whose results are reached another
way, so every reachable state is still visited (and every error, which a
transition meets by what it touches): the state count is the plain
search's, the transition count smaller.

A state met again with a sleep set that lacks threads the stored one has
runs those threads from it now (else their successors could be lost); a
state still waiting for its first expansion just keeps the threads both
sleep sets have.  Sleep sets live in the search only: a bit mask of DiOS
thread ids per stored state, the footprints with the frontier's
entries."""

from __future__ import annotations

import time
from collections import deque

from divm.explore.search import Footprint, Limits, Machine, Result, begin, finish, independent, limit_reached
from divm.vm.machine import StopRequest
from divm.state.store import StateStore


def tids(sleep) -> int:
    """The threads of a sleep set, as bits by DiOS id."""
    mask = 0
    for e in sleep:
        mask |= 1 << e.tid
    return mask


class Sleepers:
    """Which threads sleep in which stored states (bits by DiOS id, where
    any), and which states wait for their first expansion: the one-process
    search's and each worker's (explore/parallel.py)."""

    def __init__(self):
        self.asleep: dict[int, int] = {}
        self.waiting: set[int] = set()

    def new(self, n: int, mask: int) -> None:
        """State n was stored and pushed with the threads in mask asleep."""
        if mask:
            self.asleep[n] = mask
            self.waiting.add(n)

    def again(self, n: int, mask: int) -> int | None:
        """Stored state n was reached again with the threads in mask
        asleep: the threads to run from it now (expanded already without
        those this arrival has awake), or None."""
        asleep = self.asleep
        old = asleep.get(n, 0)
        if not old & ~mask:
            return None
        if mask & old:
            asleep[n] = mask & old
        else:
            del asleep[n]
        return None if n in self.waiting else old & ~mask

    def awake(self, n: int, sleep) -> list:
        """State n leaves the frontier to be expanded: its sleep set, less
        the threads that arrivals since it was pushed had awake."""
        self.waiting.discard(n)
        mask = self.asleep.get(n, 0)
        return [e for e in sleep if mask >> e.tid & 1]


def search(machine: Machine, order: str = "dfs", limits: Limits | None = None, progress=None) -> Result:
    """search.search with sleep sets (same states; stops at the first error)."""
    limits = limits or Limits()
    res = Result()
    t0 = time.time()
    start = begin(machine, res)
    if start is None:
        res.seconds = time.time() - t0
        return res
    store, snap0 = start
    index = store.index
    sleepers = Sleepers()
    # (state, snapshot, its sleep set [Footprint], None or the threads to run: a state met again)
    frontier: deque = deque([(0, snap0, (), None)])
    pop = frontier.pop if order == "dfs" else frontier.popleft
    last_report = t0
    found = None
    try:
        while frontier:
            n, snap, sleep, only = pop()
            if only is None:
                sleep = sleepers.awake(n, sleep)
            found = expand(machine, store, index, sleepers, frontier, n, snap, sleep, only)
            if found is not None:
                break
            now = time.time()
            if progress is not None and now - last_report > 0.5:
                progress(len(store), machine.transitions, len(frontier), now - t0)
                last_report = now
            reason = limit_reached(machine.vm.stop_request, limits, len(store), now - t0)
            if reason:
                res.verdict, res.reason = "inconclusive", reason
                break
    finally:
        machine.fp_ctx = None
    return finish(res, machine, store, snap0, found, t0)


def expand(machine: Machine, store: StateStore, index, sleepers: Sleepers, frontier: deque,
           n: int, snap, sleep: list, only: int | None):
    """Run state n's threads that are not asleep (only those in `only`,
    for a state met again) and file their successors; (n, step) of an
    error, else None."""
    ids = machine.sleep_threads(snap)
    skip = tids(sleep)
    firsts = None
    if ids is not None:
        run = [i for i, t in enumerate(ids) if not skip >> t & 1 and (only is None or only >> t & 1)]
        if not run:
            return None
        if len(ids) > 1:
            firsts = run
    elif only is not None:  # (no footprints here: run everything)
        sleep = []
    done: list[Footprint] = []  # threads run from here with one outcome, in order
    group: list = []            # the steps of the thread running now
    try:
        for step in machine.steps(snap, firsts):
            if group and group[0].thread != step.thread:
                settle(group, done, ids)
                group = []
            group.append(step)
            if step.error is not None:
                return n, step
            fp = step.fp
            nsleep = [e for e in (*sleep, *done) if fp is not None and independent(e, fp)] \
                if ids is not None else []
            if step.stop:
                store.add(machine.key(), n, tuple(v for v, _ in step.choices))
                continue
            k = machine.key()
            mask = tids(nsleep)
            m = store.add(k, n, tuple(v for v, _ in step.choices))
            if m is not None:
                sleepers.new(m, mask)
                frontier.append((m, machine.snapshot(), nsleep, None))
                continue
            m = index[k]
            again = sleepers.again(m, mask)
            if again is not None:
                frontier.append((m, machine.snapshot(), nsleep, again))
    except StopRequest:  # (vm.stop_request says why: the search stops)
        return None
    except Exception:
        machine.fp_ctx = None
        raise
    return None


def settle(group: list, done: list, ids) -> None:
    """A thread's steps from one state are all run: with one outcome, its
    footprint goes to the sleep sets of the states its later siblings
    reach."""
    if ids is not None and len(group) == 1 and len(group[0].choices) == (1 if len(ids) > 1 else 0) \
            and group[0].fp is not None:
        done.append(group[0].fp)
