"""divm run: execute one run of a program, like a native run."""

from __future__ import annotations

import os
import sys
import time

from divm.cli.execution import Stopper, peak_memory, run_big_stack
from divm.cli.options import (check_output, check_time, configure, machine_env, parse_size,
                              read_files, read_stdin)
from divm.cli.output import Console
from divm.cli.parser import UsageError
from divm.cli.report import EXIT, new_report, write_json
from divm.load.loader import load_program


def cmd_run(args) -> int:
    def out(fd: int, data: bytes) -> None:
        if fd == 2:
            sys.stdout.flush()
            sys.stderr.buffer.write(data)
            sys.stderr.flush()
        else:
            sys.stdout.buffer.write(data)
    code, report = run_program(args, out, Console())
    if args.report:
        write_json(args.report, report)
    return code


def run_program(args, out, console: Console) -> tuple[int, dict]:
    """One run; its exit status for divm and its report.  out(fd, bytes)
    receives the program's output."""
    t0 = time.time()
    if args.max_states is not None and args.max_states < 0:
        raise UsageError("--max-states must be a non-negative number")
    check_time(args)
    max_mem = parse_size(args.max_memory)
    stdin = read_stdin(args)
    files = read_files(args)
    check_output(args.report)
    prog = load_program(args.prog)
    env = machine_env(args, os.path.basename(args.prog), list(args.args), stdin,
                      round_robin=not (args.random or args.choices), files=files)
    from divm.vm.machine import VM
    vm = VM(prog, env, out=out)
    configure(vm, args)
    from divm.vm import fastlib
    if fastlib.enabled() and vm.engine is None:  # (the C versions handle symbolic data)
        fastlib.install(vm)
    vm.chooser = make_chooser(args, console)
    stopper = Stopper(args.max_time, max_mem).__enter__()
    stopper.start(vm)
    status, steps = run_big_stack(lambda: execute(vm, args.max_states), stopper.watch)
    sys.stdout.flush()
    result = (("boot-error" if vm.boot_failed else "error") if vm.error
              else "inconclusive" if status == "stopped" else "valid")
    report = new_report("run", result, property="safety", states=steps + 1, transitions=steps,
                        seconds=round(time.time() - t0, 3), search_seconds=0.0,
                        peak_memory_bytes=peak_memory(), stored_bytes_per_state=0.0,
                        choices=[list(c) for c in vm.choice_log] if args.report or getattr(args, "api", False)
                        else [])
    return run_outcome(vm, status, steps, report, console), report


def run_outcome(vm, status: str, steps: int, report: dict, console: Console) -> int:
    """divm's exit status for the run; the report gets the error or reason."""
    if vm.error:
        console.error(vm.error)
        report["error"] = vm.error.to_json()
        return 1
    if status == "stopped":
        console.note(f"divm: the run was stopped ({vm.stop_request}) after {steps} transitions")
        report["reason"] = vm.stop_request
        return EXIT["inconclusive"]
    if status == "cancelled":
        console.note("divm: the run was cancelled (an assumption failed)")
        return 0
    return vm.exit_status if vm.exit_status is not None else 0


def execute(vm, max_steps: int | None = None) -> tuple[str, int]:
    """One run to its end, an error, a cancelled step, or a limit
    ("stopped": --max-states transitions, or vm.request_stop)."""
    from divm.vm.machine import CF_CANCEL, CF_ERROR, CF_STOP, StopRequest
    steps = 0
    try:
        vm.boot()
        if vm.flags & CF_ERROR:
            return "error", steps
        while True:
            if max_steps is not None and steps >= max_steps:
                vm.stop_request = f"limit of {max_steps} transitions reached"
                return "stopped", steps
            vm.transition()
            steps += 1
            if vm.flags & CF_ERROR:
                return "error", steps
            if vm.flags & CF_CANCEL:
                return "cancelled", steps
            if vm.flags & CF_STOP:
                return "exit", steps
    except StopRequest:
        return "stopped", steps


def make_chooser(args, console: Console):
    """How a run resolves choices: --choices, --random [--seed], else 0."""
    if args.choices:
        try:
            queue = [int(x) for x in args.choices.split(",") if x.strip()]
        except ValueError:
            raise UsageError("--choices takes a comma-separated list of numbers") from None

        def take(n, weights):
            v = queue.pop(0) if queue else 0
            return v if 0 <= v < n else 0
        return take
    if args.random:
        import random
        seed = args.seed if args.seed is not None else random.randrange(1 << 30)
        console.note(f"divm: random seed {seed}")
        rng = random.Random(seed)

        def pick(n, weights):
            ws = [w[1] if isinstance(w, tuple) else w for w in weights[:n]]
            if len(ws) == n and sum(ws) > 0:
                return rng.choices(range(n), weights=ws)[0]
            return rng.randrange(n)
        return pick
    from divm.vm.machine import first_choice
    return first_choice
