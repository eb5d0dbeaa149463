"""divm verify: explore every run of a program with an explorer plug-in
(`--search`), report the first violation with a counterexample."""

from __future__ import annotations

import os
import time

from divm.cli.execution import Stopper, note_memory, peak_memory, run_big_stack
from divm.cli.options import (check_output, check_time, machine_env, parse_size, read_files, read_stdin, write_tests,
                              trace_options)
from divm.cli.output import Console
from divm.cli.parser import UsageError
from divm.cli.report import EXIT, make_trace, new_report, save_trace, trace_target, write_json
from divm.cli.session import Session, heap_symmetry, new_vm, symmetry_used
from divm.load.loader import load_program


def cmd_verify(args) -> int:
    return EXIT[verify_program(args, Console(getattr(args, "show_progress", "auto")))["result"]]


def verify_program(args, console: Console, explorer=None, prog=None) -> dict:
    """Check the options, load the program (unless the caller did), explore
    (with explorer, else the one --search names); the report (also written
    to --report)."""
    t0 = time.time()
    if getattr(args, "termination", False) and args.liveness is None:
        args.liveness = ""
    if explorer is None:
        explorer = choose_explorer(args)
    elif args.liveness is None and "safety" not in explorer.properties:
        args.liveness = ""
    if args.max_states is not None and args.max_states <= 0:
        raise UsageError("--max-states must be a positive number")
    if args.workers < 1:
        raise UsageError("--workers must be at least 1")
    if args.symbolic and (args.workers > 1 or args.hash_compaction):
        raise UsageError("--symbolic runs in one process with exact state storage "
                         "(not with --workers or --hash-compaction)")
    if args.tests_out and not args.symbolic:
        raise UsageError("--tests-out writes the inputs of symbolic counterexamples: add --symbolic")
    if args.workers > 1 and args.liveness is not None:
        raise UsageError("--workers works with safety checking only; --liveness runs in one process")
    max_mem = parse_size(args.max_memory)
    check_time(args)
    if args.property and args.liveness is None:
        raise UsageError("--property needs --liveness MONITOR.ltl")
    if getattr(args, "fair", False) and args.liveness is None:  # it would change nothing: say so
        raise UsageError("--fair is a condition on infinite runs: it needs --liveness [MONITOR.ltl] or "
                         "--termination (safety checking covers every schedule anyway)")
    stdin = read_stdin(args)
    files = read_files(args)
    check_output(args.report, args.trace_out)
    if getattr(args, "html", None):
        from divm.cli.html import check_html_dir
        check_html_dir(args.html)
    if prog is None:
        prog = load_program(args.prog)
    env = machine_env(args, os.path.basename(args.prog), args.args, stdin, files=files)
    s = Session(args, prog, env, stdin, files, t0, max_mem, console, explorer)
    if args.liveness is not None:
        if args.hash_compaction:
            raise UsageError("--hash-compaction works with safety checking only (--liveness keeps the state graph)")
        from divm.cli.liveness import verify_liveness
        report = verify_liveness(s)
    else:
        report = verify_safety(s)
    if args.report:
        write_json(args.report, report)
    if getattr(args, "html", None):
        from divm.cli.html import write_html
        write_html(args.html, report, args.prog)
    return report


def choose_explorer(args):
    """The explorer --search names, fitted to the other options: dfs and bfs
    become the parallel search with --workers, the liveness search with
    --liveness; --search liveness alone means --liveness."""
    from divm.explore.explorer import BFS, DFS, ExplorerError, Liveness, Parallel, resolve
    try:
        cls = resolve(args.search)
    except ExplorerError as e:
        raise UsageError(str(e)) from None
    if args.liveness is None and "safety" not in cls.properties and "liveness" in cls.properties:
        args.liveness = ""
    if args.liveness is not None and "liveness" not in cls.properties:
        if cls not in (DFS, BFS):
            raise UsageError(f"--search {args.search} checks safety only, not --liveness")
        cls = Liveness  # as before plug-ins: --search did not matter for liveness
    if args.liveness is None and "safety" not in cls.properties:
        raise UsageError(f"--search {args.search} does not check safety properties")
    if cls is Parallel and args.workers == 1:
        args.workers = 2
    if args.workers > 1 and cls in (DFS, BFS):
        return Parallel(cls.order)
    if args.workers > 1 and cls is not Parallel and not getattr(cls, "parallel", False):
        raise UsageError(f"--search {args.search} runs in one process (--workers needs an explorer "
                         "with `parallel = True`, which reads task.workers)")
    return cls()


def verify_safety(s: Session) -> dict:
    from divm.explore.explorer import Task, run
    from divm.explore.search import Limits
    args = s.args
    from divm.explore.search import Machine
    vm, checkers = new_vm(s)
    machine = Machine(vm, checkers=checkers, compaction=args.hash_compaction, symmetry=heap_symmetry(args))
    # handlers stay until divm exits: a signal after the search changes nothing
    stopper = Stopper(args.max_time, s.max_mem, workers=args.workers).__enter__()
    stopper.start(machine.vm)
    task = Task(Limits(args.max_states, args.max_time, s.max_mem), s.console.progress, workers=args.workers)
    s.console.start_progress(task.limits)
    res = run_big_stack(lambda: run(s.explorer, machine, task), stopper.watch)
    s.console.end_progress()
    if getattr(res, "worker_memory", None):  # each worker's memory when it stopped, with divm's own then
        from divm.explore.search import rss
        note_memory(rss() + sum(res.worker_memory))
    report = new_report("verify", res.verdict, property="safety", states=res.states, transitions=res.transitions,
                        seconds=0.0, search_seconds=round(res.seconds, 3), peak_memory_bytes=peak_memory(),
                        stored_bytes_per_state=round(res.stored_bytes / max(res.states, 1), 1),
                        state_storage="hash-compaction" if args.hash_compaction else "exact",
                        workers=args.workers, heap_symmetry=symmetry_used(machine))
    if vm.engine is not None:
        report["solver_seconds"] = round(vm.engine.seconds, 3)
        report["solver_queries"] = vm.engine.queries
    safety_outcome(s, machine, res, report)
    s.console.summary(res.verdict, res.states, res.transitions, res.seconds, res.reason)
    report["seconds"] = round(time.time() - s.t0, 3)
    return report


def safety_outcome(s: Session, machine, res, report: dict) -> None:
    """The counterexample and trace of an error; why a result is inconclusive."""
    if res.verdict in ("error", "boot-error"):
        trace = make_trace(s.prog, trace_options(s.args, s.stdin, s.files), res.path)
        if machine.inputs:  # (replay takes its decisions from these values)
            trace["inputs"] = machine.inputs
        path = trace_target(s.args)
        report["trace"] = save_trace(trace, path)
        report["error"] = res.error.to_json()
        from divm.cli.explain import explain_steps
        report["steps"] = explained = explain_steps(machine, res.path)
        for k in ("objects", "threads"):  # what the error is about, also beside the error itself
            if explained and k in explained[-1]:
                report["error"][k] = explained[-1][k]
        s.console.counterexample(res.path, res.error, explained=explained)
        if machine.inputs:
            report["inputs"] = machine.inputs
            s.console.inputs(machine.inputs)
            if getattr(s.args, "tests_out", None):
                report["test"] = write_tests(s.args.tests_out, machine.inputs, s.args.prog)
                s.console.note(f"test case written to {report['test']} (divm run --inputs)")
        if path is not None:
            s.console.note(f"trace written to {path}")
    elif res.verdict == "valid" and machine.vm.engine is not None and machine.vm.engine.incomplete:
        res.verdict = report["result"] = "inconclusive"
        res.reason = report["reason"] = machine.vm.engine.incomplete
    elif res.verdict == "valid" and machine.vm.nondet_limited:
        res.verdict = "inconclusive"
        res.reason = ("wide __VERIFIER_nondet_* values ranged over the default domain {0, 1, -1, 2}; "
                      "give --symbolic to decide over every value, or --nondet-range LO:HI to enumerate a range")
        report["result"] = "inconclusive"
        report["reason"] = res.reason
    elif res.verdict == "inconclusive":
        report["reason"] = res.reason
