"""divm replay: re-execute a recorded trace step by step."""

from __future__ import annotations

import json
import os
import sys
import time
from types import SimpleNamespace

from divm.cli.execution import run_big_stack
from divm.cli.options import check_output, configure, machine_env, trace_files, trace_namespace
from divm.cli.output import Console, output_lines, print_error
from divm.cli.parser import UsageError
from divm.cli.report import EXIT, new_report, write_json
from divm.load.loader import LoadError, load_program


class TraceMismatch(Exception):
    pass


def read_trace(path: str) -> dict:
    """A trace file, its format and version checked."""
    try:
        with open(path) as f:
            trace = json.load(f)
    except OSError as e:
        raise UsageError(f"{path}: {e.strerror}") from None
    except ValueError:
        raise LoadError(f"{path}: not a divm trace (not JSON)") from None
    if not isinstance(trace, dict) or trace.get("format") != "divm-trace":
        raise LoadError(f"{path}: not a divm trace")
    if trace.get("version") != 1 or trace.get("version") is True:
        raise LoadError(f"{path}: trace format version {trace.get('version')!r} is not supported (1 is)")
    return trace


def trace_contents(path: str, trace: dict) -> tuple:
    """(steps, stdin, files, options namespace, cycle start) of a trace."""
    import base64
    opts = trace.get("options") or {}
    try:
        steps = [[(int(v), int(n)) for v, n in st["choices"]] for st in trace["steps"]]
        stdin = base64.b64decode(opts["stdin"]) if opts.get("stdin") else None
        files = trace_files(opts)
        ns = trace_namespace(opts)
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError):
        raise LoadError(f"{path}: malformed trace") from None
    cycle = trace.get("cycle_start")
    if cycle is not None and not (isinstance(cycle, int) and not isinstance(cycle, bool) and 0 <= cycle < len(steps)):
        raise LoadError(f"{path}: malformed trace (cycle_start)")
    return steps, stdin, files, ns, cycle


def cmd_replay(args) -> int:
    from divm.vm.machine import VM
    t0 = time.time()
    trace = read_trace(args.trace)
    steps, stdin, files, ns, cycle = trace_contents(args.trace, trace)
    check_output(getattr(args, "report", None))
    prog = load_program(args.prog)
    if trace.get("program") != prog.digest:
        raise LoadError(f"{args.trace}: the trace was recorded for a different program")
    env = machine_env(ns, os.path.basename(args.prog), ns.args, stdin, files=files)
    vm = VM(prog, env, out=lambda fd, data: print(output_lines(fd, data)))
    configure(vm, ns)
    inputs = trace.get("inputs") or []
    if vm.engine is not None:  # decisions follow from the recorded inputs: no solver
        try:
            vm.engine.use_model(inputs)
        except (KeyError, TypeError, ValueError, AttributeError):
            raise LoadError(f"{args.trace}: malformed trace (inputs)") from None
    vm.want_stop_bt = vm.explore_mode = True
    liveness = bool((trace.get("options") or {}).get("liveness"))
    vm.all_visible = liveness
    vm.set_live()
    loop_bt: list = []
    from divm.vm.defs import ModelMismatch
    try:
        flags = run_big_stack(lambda: replay_steps(vm, steps, cycle, loop_bt))
    except (TraceMismatch, ModelMismatch) as e:
        raise LoadError(f"{args.trace}: the trace does not fit the program: {e}") from None
    sys.stdout.flush()
    if inputs and vm.engine is not None:
        Console().inputs(vm.engine.model())
    report = new_report("replay", "valid", property="liveness" if liveness else "safety", trace=args.trace,
                        steps_replayed=len(steps))
    if cycle is not None:
        report["cycle_start"] = cycle
    replay_outcome(vm, flags, cycle, loop_bt, report)
    report["seconds"] = round(time.time() - t0, 3)
    if getattr(args, "report", None):
        write_json(args.report, report)
    return EXIT[report["result"]]


def replay_outcome(vm, flags: int, cycle: int | None, loop_bt: list, report: dict) -> None:
    """How the replayed run ended, printed and in the report: the recorded
    error (or the liveness loop), else a clean end."""
    from divm.vm.machine import CF_ERROR, ErrorInfo
    error = None
    if flags & CF_ERROR and vm.error is not None:
        error = vm.error
        report["result"] = "boot-error" if vm.boot_failed else "error"
    elif cycle is not None:
        error = ErrorInfo("liveness", "the loop from step %d repeats forever" % (cycle + 1), loop_bt)
        report["result"] = "error"
    if error is not None:
        print_error(error)
        report["error"] = error.to_json()
        return
    print("the run ends cleanly" + (f" (exit status {vm.exit_status})" if vm.exit_status is not None else ""))
    if vm.exit_status is not None:
        report["exit_status"] = vm.exit_status


def replay_steps(vm, steps: list, cycle: int | None, loop_bt: list) -> int:
    """Boot and run each step with its recorded choices, printing where it
    stopped; the VM's flags at the end.  loop_bt gets the loop's backtrace."""
    from divm.vm.machine import first_choice
    from divm.cli.explain import Narrator, step_lines
    vm.chooser = first_choice
    vm.boot()
    narrator = Narrator(vm)
    try:
        return replay_each(vm, steps, cycle, loop_bt, narrator, step_lines)
    finally:
        narrator.close()


def replay_each(vm, steps: list, cycle: int | None, loop_bt: list, narrator, step_lines) -> int:
    from divm.vm.machine import CF_CANCEL, CF_ERROR
    for i, choices in enumerate(steps):
        if i == cycle:
            print("--- the loop starts here and repeats forever ---")
        queue = list(choices)
        vm.chooser = recorded_chooser(queue, i)
        vm.step_index = i + 1
        vm.trace = []
        print(f"step {i + 1}:", end="")
        vm.transition()
        thread = next((t[2] for t in vm.trace if t[0] == "sched"), None)
        where = f" at {vm.stop_bt[0]['function']} ({vm.stop_bt[0]['file']}:{vm.stop_bt[0]['line']})" \
            if vm.stop_bt else ""
        print((f" thread {thread}" if thread is not None else "") + where)
        told = narrator.step(SimpleNamespace(thread=thread, choices=choices, bt=vm.stop_bt, output=()))
        for line in step_lines(told):
            print(line[4:])
        # (a symbolic search may decide on memory it kept symbolic, an array
        # stored at an input's index, which the replay from the inputs stores
        # concretely: the error reached, what is left decides nothing)
        if queue and not (vm.engine is not None and vm.flags & CF_ERROR and i + 1 == len(steps)):
            raise TraceMismatch(f"step {i + 1} made fewer choices than the trace recorded")
        if vm.flags & (CF_ERROR | CF_CANCEL) and i + 1 < len(steps):
            raise TraceMismatch(f"the run ends at step {i + 1}, the trace goes on to {len(steps)}")
        if cycle is not None and i >= cycle:
            loop_bt[:] = vm.accept_bt if vm.accept_bt is not None else (vm.stop_bt or loop_bt)
    return vm.flags


def recorded_chooser(queue: list, i: int):
    """Takes step i's recorded choices, refusing any that do not fit."""
    def chooser(n, w):
        if not queue:
            raise TraceMismatch(f"step {i + 1} makes more choices than the trace recorded")
        v, m = queue.pop(0)
        if n == -1:  # a symbolic decision replayed from the inputs: what was recorded
            return v, m
        if m != n or not 0 <= v < n:
            raise TraceMismatch(f"step {i + 1}: the trace chose {v} of {m}, the program offers {n}")
        return v
    return chooser
