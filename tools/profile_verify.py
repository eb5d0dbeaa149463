#!/usr/bin/env python3
"""Profile `divm verify PROG` in-process: cProfile of the search alone
(loading excluded), top functions by own time.

    python3 tools/profile_verify.py prog.bc [--top 40] [--sort tottime] [--no-profile] [verify options]
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
    a, rest = p.parse_known_args()
    a.rest = [r for r in rest if r != "--"]
    from divm import cli
    from divm.explore import Limits, Machine, search
    from divm.vm import VM
    args = cli.build_parser().parse_args(["verify", *a.rest, a.prog])
    args.args = []
    prog = cli.load_program(args.prog)
    env = cli.machine_env(args, os.path.basename(args.prog), args.args, b"")
    vm = VM(prog, env, out=None)
    cli.configure(vm, args)
    vm.reduce = not args.no_reduce
    vm.want_stop_bt = True
    machine = Machine(vm)
    sys.setrecursionlimit(100000)
    t0 = time.time()
    c0 = time.process_time()
    if a.no_profile:
        res = search(machine, args.search, Limits())
    else:
        pr = cProfile.Profile()
        res = pr.runcall(search, machine, args.search, Limits())
    secs = time.time() - t0
    cpu = time.process_time() - c0
    print(f"{res.verdict}: {res.states} states, {res.transitions} transitions, {secs:.2f} s, "
          f"{res.states / secs:.0f} states/s, {res.transitions / secs:.0f} transitions/s; "
          f"CPU {cpu:.2f} s: {res.states / cpu:.0f} states/s")
    if not a.no_profile:
        pstats.Stats(pr).sort_stats(a.sort).print_stats(a.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
