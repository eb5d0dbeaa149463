"""divm sim: an interactive debugger over a program or a recorded trace, in
the manner of DIVINE's sim and gdb.  This module sets the machine up (as
verify does, or from the trace's options) and runs the session on the big
stack; simstate.py runs transitions and stops inside them, simshell.py has
the commands, simview.py reads threads, frames and locals, simexpr.py and
simtypes.py evaluate C expressions over the state."""

from __future__ import annotations

import os
import signal
import sys
import time

from divm.cli.execution import run_big_stack
from divm.cli.options import (check_output, check_time, machine_env, parse_size, read_files, read_stdin,
                              trace_options)
from divm.cli.output import Console, format_error, output_lines
from divm.cli.replay import read_trace, trace_contents
from divm.cli.report import make_trace, new_report, write_json
from divm.cli.session import Session, new_vm
from divm.cli.simshell import Shell
from divm.cli.simrun import Runner
from divm.cli.simtypes import DebugInfo
from divm.explore.search import Machine
from divm.load.loader import LoadError, load_program


def cmd_sim(args) -> int:
    check_time(args)
    max_mem = parse_size(args.max_memory)
    if args.trace:
        trace = read_trace(args.trace)
        steps, stdin, files, ns, _ = trace_contents(args.trace, trace)
        ns.no_reduce = args.no_reduce
        options = trace.get("options") or {}
    else:
        trace, steps, ns = None, None, args
        stdin, files = read_stdin(args), read_files(args)
        options = None
    check_output(args.report)
    prog = load_program(args.prog)
    if trace is not None and trace.get("program") != prog.digest:
        raise LoadError(f"{args.trace}: the trace was recorded for a different program")
    env = machine_env(ns, os.path.basename(args.prog), ns.args, stdin, files=files)
    vm, checkers = new_vm(Session(ns, prog, env, stdin, files, time.time(), max_mem, Console(), None))
    if trace is not None and vm.engine is not None and trace.get("inputs"):
        try:
            vm.engine.use_model(trace["inputs"])
        except (KeyError, TypeError, ValueError, AttributeError):
            raise LoadError(f"{args.trace}: malformed trace (inputs)") from None
    if options is None:
        options = trace_options(args, stdin, files)
    vm.all_visible = bool(options.get("liveness"))  # (as replay: a liveness trace saw every access)
    runner = Runner(Machine(vm, checkers=checkers), print, steps, args.max_states)
    runner.out = lambda fd, data: print(output_lines(fd, data, indent=""), flush=True)
    shell = Shell(runner, DebugInfo(prog), args.debug)

    def session() -> int:
        error = runner.boot()
        if error is not None:
            for line in format_error(error):
                print(line)
            return 1
        name = os.path.basename(args.prog)
        print(f"divm sim: {name} is booted; no thread has run yet (start runs to main; help lists the commands)")
        if steps is not None:
            print(f"following {args.trace}: {len(steps)} transitions (continue runs them)")
        shell.loop()
        return 0
    with Interrupts(runner, args.max_time, max_mem) as watch:
        status = run_big_stack(session, watch.check)
    if args.report:
        write_report(args.report, runner, prog, options)
    return status


def write_report(path: str, runner: Runner, prog, options: dict) -> None:
    """The session's path as a trace (divm replay re-runs it) and how it ended."""
    last = runner.path[-1].step if runner.path else None
    result = "error" if last is not None and last.error is not None else "inconclusive"
    report = new_report("sim", result, steps=len(runner.path),
                        trace=make_trace(prog, options, [e.step for e in runner.path]))
    if result == "error":
        report["error"] = last.error.to_json()
    write_json(path, report)


class Interrupts:
    """Ctrl-C while a command runs stops it (the transition under way is
    undone; at the prompt it only says how to quit).  --max-time and
    --max-memory stop a running command the same way."""

    def __init__(self, runner: Runner, max_time, max_mem):
        self.runner, self.max_time, self.max_mem = runner, max_time, max_mem
        self.saved = None
        self.started = None

    def __enter__(self):
        try:
            self.saved = signal.signal(signal.SIGINT, self.handler)
        except ValueError:  # not the main thread
            pass
        return self

    def __exit__(self, *exc):
        if self.saved is not None:
            signal.signal(signal.SIGINT, self.saved)
        return False

    def handler(self, signum, frame):
        if not self.runner.running:
            print("\n(quit or the end of input ends the session)", file=sys.stderr)
            return
        print("\ninterrupted", file=sys.stderr)
        self.runner.vm.request_stop("interrupted")

    def check(self) -> None:
        r = self.runner
        if not r.running:
            self.started = None
            return
        now = time.time()
        self.started = self.started or now
        if self.max_time is not None and now - self.started > self.max_time:
            r.vm.request_stop(f"time limit {self.max_time:g} s reached")
        elif self.max_mem is not None:
            from divm.explore.search import rss
            if rss() > self.max_mem:
                r.vm.request_stop("memory limit reached")
