#!/usr/bin/env python3
"""Profile `divm verify PROG` in-process: cProfile of the search alone
(loading excluded), top functions by own time.

    python3 tools/profile_verify.py prog.bc [--top 40] [--sort tottime] [--no-profile] [verify options]
    python3 tools/profile_verify.py prog.bc --phases   # µs per transition in each phase
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("prog")
    p.add_argument("--top", type=int, default=40)
    p.add_argument("--sort", default="tottime")
    p.add_argument("--no-profile", action="store_true", help="only time the search")
    p.add_argument("--phases", action="store_true", help="time restore, transition, frames, snapshot, key")
    p.add_argument("--callers", metavar="REGEX", help="also list the callers of the functions matching REGEX")
    p.add_argument("--sleep-sets", action="store_true", help="search with sleep sets, as verify does")
    a, rest = p.parse_known_args()
    a.rest = [r for r in rest if r != "--"]
    from divm.cli import main as cli
    from divm.cli.session import heap_symmetry
    from divm.explore.search import Limits, Machine, OrderObserved, search
    from divm.vm.machine import VM
    args = cli.build_parser().parse_args(["verify", *a.rest, a.prog])
    args.args = []
    prog = cli.load_program(args.prog)
    env = cli.machine_env(args, os.path.basename(args.prog), args.args, b"")
    vm = VM(prog, env, out=None)
    cli.configure(vm, args)
    vm.reduce = not args.no_reduce
    vm.want_stop_bt = True
    if a.sleep_sets:
        from divm.explore import sleep
        vm.footprints = True
        search = sleep.search  # noqa: F811
    machine = Machine(vm, symmetry=heap_symmetry(args))
    sys.setrecursionlimit(100000)
    phases: dict = {}
    if a.phases:
        _time_phases(phases)
    t0 = time.time()
    c0 = time.process_time()
    pr = cProfile.Profile() if not (a.no_profile or a.phases) else None
    call = pr.runcall if pr is not None else lambda f, *args: f(*args)
    try:
        res = call(search, machine, args.search, Limits())
    except OrderObserved:  # (as explorer.run: once more with the order-keeping key)
        machine.keep_order()
        res = call(search, machine, args.search, Limits())
    secs = time.time() - t0
    cpu = time.process_time() - c0
    print(f"{res.verdict}: {res.states} states, {res.transitions} transitions, {secs:.2f} s, "
          f"{res.states / secs:.0f} states/s, {res.transitions / secs:.0f} transitions/s; "
          f"CPU {cpu:.2f} s: {res.states / cpu:.0f} states/s")
    for name, secs in phases.items():
        print(f"  {name:34s} {secs / max(res.transitions, 1) * 1e6:7.1f} us per transition")
    if pr is not None:
        st = pstats.Stats(pr).sort_stats(a.sort)
        st.print_stats(a.top)
        if a.callers:
            st.print_callers(a.callers)
    return 0


def _time_phases(phases: dict) -> None:
    """Wrap the phases of a transition with timers (nested ones included in
    their callers' times)."""
    from divm.explore import search as explore
    from divm.state import snapshot as S
    from divm.vm.machine import CR_SCHEDULER, VM
    clock = time.perf_counter

    def wrap(owner, name, label, only=None):
        f = getattr(owner, name)
        depth = [0]  # (a recursive call counts once)

        def timed(*args, **kw):
            if depth[0] or only is not None and not only(*args):
                return f(*args, **kw)
            depth[0] += 1
            t = clock()
            try:
                return f(*args, **kw)
            finally:
                depth[0] -= 1
                phases[label] = phases.get(label, 0.0) + clock() - t
        setattr(owner, name, timed)
    wrap(S, "restore", "restore")
    wrap(VM, "transition", "transition (all of the below)")
    wrap(VM, "enter_frame", "  thread run (from its frames)")
    wrap(VM, "refresh_frames", "  writing parked frames")
    wrap(VM, "call_fn", "  scheduler (up to its jump)", lambda vm, ptr, args: ptr == vm.regs[CR_SCHEDULER])
    wrap(S, "snapshot", "snapshot")
    wrap(explore.Machine, "key", "key")
    wrap(S.Canon, "_roots", "  roots written since boot")
    wrap(VM, "park", "  parking (its frames written)")
    wrap(explore.Machine, "sleep_threads", "sleep sets: threads and sources (once a state)")
    wrap(VM, "dispatch_table", "  dispatch table")
    wrap(VM, "hc_memo", "    __vm_memo calls (__dios_runnable)")
    wrap(VM, "thread_sources", "  thread sources")
    wrap(explore.Machine, "footprint", "footprint")


if __name__ == "__main__":
    sys.exit(main())
