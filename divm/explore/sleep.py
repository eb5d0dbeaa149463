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
    asleep: dict[int, int] = {}  # state -> the threads asleep in it (bits by id), where any
    waiting: set[int] = set()    # states pushed but not yet expanded
    # (state, snapshot, its sleep set [Footprint], None or the threads to run: a state met again)
    frontier: deque = deque([(0, snap0, (), None)])
    pop = frontier.pop if order == "dfs" else frontier.popleft
    last_report = t0
    found = None
    try:
        while frontier:
            n, snap, sleep, only = pop()
            if only is None:
                waiting.discard(n)
                mask = asleep.get(n, 0)
                sleep = [e for e in sleep if mask >> e.tid & 1]
            found = expand(machine, store, index, asleep, waiting, frontier, n, snap, sleep, only)
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


def expand(machine: Machine, store: StateStore, index, asleep: dict, waiting: set, frontier: deque,
           n: int, snap, sleep: list, only: int | None):
    """Run state n's threads that are not asleep (only those in `only`,
    for a state met again) and file their successors; (n, step) of an
    error, else None."""
    ids = machine.sleep_threads(snap)
    skip = 0
    for e in sleep:
        skip |= 1 << e.tid
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
            mask = 0
            for e in nsleep:
                mask |= 1 << e.tid
            m = store.add(k, n, tuple(v for v, _ in step.choices))
            if m is not None:
                if mask:
                    asleep[m] = mask
                    waiting.add(m)
                frontier.append((m, machine.snapshot(), nsleep, None))
                continue
            m = index[k]
            old = asleep.get(m, 0)
            if not old & ~mask:
                continue
            if mask & old:
                asleep[m] = mask & old
            else:
                del asleep[m]
            if m not in waiting:  # expanded already: run what it skipped and this arrival does not
                frontier.append((m, machine.snapshot(), nsleep, old & ~mask))
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
