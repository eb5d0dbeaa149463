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
from divm.cli.session import Session, heap_symmetry, incomplete_reason, new_vm, range_scope, symmetry_used
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
    if args.symbolic and (args.workers > 1 or args.hash_compaction or getattr(args, "cluster", None)):
        raise UsageError("--symbolic runs in one process with exact state storage "
                         "(not with --workers, --cluster or --hash-compaction)")
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
    if getattr(args, "cluster", None) is not None:
        return cluster_explorer(args, cls)
    if cls is Parallel and args.workers == 1:
        args.workers = 2
    if args.workers > 1 and cls in (DFS, BFS):
        return Parallel(cls.order)
    if args.workers > 1 and cls is not Parallel and not getattr(cls, "parallel", False):
        raise UsageError(f"--search {args.search} runs in one process (--workers needs an explorer "
                         "with `parallel = True`, which reads task.workers)")
    return cls()


def cluster_explorer(args, cls):
    """--cluster ADDRESS: dfs or bfs (each actor's order) on Ray (explore/cluster.py)."""
    import importlib.util
    from divm.explore.explorer import BFS, DFS
    if args.liveness is not None:
        raise UsageError("--cluster works with safety checking only; --liveness runs in one process")
    if cls not in (DFS, BFS) and getattr(cls, "name", "") != "cluster":
        raise UsageError(f"--cluster runs the dfs or bfs search, not --search {args.search}")
    if importlib.util.find_spec("ray") is None:
        raise UsageError("--cluster needs Ray: pip install 'divm[cluster]'")
    from divm.explore.cluster import Cluster
    return Cluster(args.cluster, getattr(cls, "order", "dfs"))


def cluster_machine(args, data: bytes, what: str, env: list):
    """A machine for one of a cluster's actors (another process, maybe on
    another host): the program linked from its bitcode, set up as
    verify_safety sets up its own."""
    from divm.explore.search import Machine
    from divm.load.link import link_and_decode
    vm, checkers = new_vm(Session(args, link_and_decode(data, what), env, None, [], 0.0, None, None, None))
    vm.footprints = sleepy(args, vm)
    return Machine(vm, checkers=checkers, compaction=args.hash_compaction)


def end_proof(s: Session, attempt, searched_all: bool, res, report: dict) -> None:
    """The proof's outcome into the report: `valid` when it proved what the
    search left open."""
    if attempt is None:
        return
    # a search that ended by itself, but over values it could not all
    # enumerate, leaves the question open: the proof gets the rest of its
    # time (not after a limit or a signal: the user bounded the work)
    wait = attempt.budget - (time.time() - attempt.t0) if report["result"] == "inconclusive" and searched_all else 0
    settled = attempt.settle(res, wait, s.console)
    report["proof"] = attempt.result
    if settled:
        report["result"] = "valid"
        report.pop("reason", None)
        s.console.note(f"divm: proved for every input by inductive invariants ({attempt.result['predicates']} "
                       f"predicates, {attempt.result['clauses']} Horn clauses, {attempt.result['seconds']:.2f} s)")


def sleep_sets(s: Session, vm) -> bool:
    """Does the search use sleep sets (explore/sleep.py)?  dfs, bfs,
    --workers and --cluster over concrete values do, with the reductions
    on, unless --no-sleep-sets; not -o check:race, whose check reads the
    states' pending accesses, not what ran."""
    from divm.explore.cluster import Cluster
    from divm.explore.explorer import BFS, DFS, Parallel
    return type(s.explorer) in (DFS, BFS, Parallel, Cluster) and sleepy(s.args, vm)


def sleepy(args, vm) -> bool:
    """Do these options and this VM allow sleep sets (any explorer that has them)?"""
    return not args.no_reduce and not getattr(args, "no_sleep_sets", False) and not vm.check_race and not vm.symbolic


def verify_safety(s: Session) -> dict:
    from divm.explore.explorer import Task, run
    from divm.explore.search import Limits
    args = s.args
    from divm.explore.search import Machine
    from divm.cli.proof import start_proof
    attempt = start_proof(s)  # (forks: before the VM and the search start threads)
    vm, checkers = new_vm(s)
    vm.footprints = sleep_sets(s, vm)
    machine = Machine(vm, checkers=checkers, compaction=args.hash_compaction, symmetry=heap_symmetry(args))
    machine.cut = getattr(args, "cut_errors", None)
    # handlers stay until divm exits: a signal after the search changes nothing
    stopper = Stopper(args.max_time, s.max_mem, workers=args.workers).__enter__()
    stopper.start(machine.vm)
    stopper.proof = attempt
    task = Task(Limits(args.max_states, args.max_time, s.max_mem), s.console.progress, workers=args.workers)
    errors: tuple = ()
    if getattr(s.explorer, "wants_program", False):  # a cluster's actors load the program themselves
        from functools import partial
        from divm.explore.cluster import ClusterError
        errors = (ClusterError,)
        s.explorer.factory = partial(cluster_machine, args, s.prog.decoder.data, s.prog.decoder.what, s.env)
    s.console.start_progress(task.limits)
    try:
        res = run_big_stack(lambda: run(s.explorer, machine, task), stopper.watch)
    except errors as e:
        raise UsageError(str(e)) from None
    s.console.end_progress()
    if getattr(res, "worker_memory", None):  # each worker's memory when it stopped, with divm's own then
        from divm.explore.search import rss
        note_memory(rss() + sum(res.worker_memory))
    report = new_report("verify", res.verdict, property="safety", states=res.states, transitions=res.transitions,
                        seconds=0.0, search_seconds=round(res.seconds, 3), peak_memory_bytes=peak_memory(),
                        stored_bytes_per_state=round(res.stored_bytes / max(res.states, 1), 1),
                        state_storage="hash-compaction" if args.hash_compaction else "exact",
                        workers=getattr(res, "workers", args.workers), heap_symmetry=symmetry_used(machine),
                        sleep_sets="on" if vm.footprints else "off")
    if getattr(res, "cluster", None) is not None:
        report["cluster"] = res.cluster
    if vm.engine is not None:
        report["solver_seconds"] = round(vm.engine.seconds, 3)
        report["solver_queries"] = vm.engine.queries
    if machine.cut_errors:
        report["cut_errors"] = {"count": machine.cut_errors, "first": machine.first_cut.to_json()}
    searched_all = res.verdict == "valid"  # (safety_outcome makes an incomplete one inconclusive)
    safety_outcome(s, machine, res, report)
    end_proof(s, attempt, searched_all, res, report)
    s.console.summary(res.verdict, res.states, res.transitions, res.seconds, res.reason or range_scope(s, res.verdict))
    report["seconds"] = round(time.time() - s.t0, 3)
    return report


class _Fault(Exception):
    pass


def undefined_origin(s: Session, res):
    """Where an undefined value a counterexample ends on may have been made:
    LLVM makes one (poison) from a shift by the bit width or more and from a
    float-to-integer conversion out of range, which nobody reports where
    it happens unless -o check:overflow is on.  The path is re-run with
    those checked; the first such fault on it (an ErrorInfo), or None."""
    err = res.error
    if err is None or err.kind not in ("undefined", "control") or "undefined" not in err.message \
            or "check:overflow" in s.args.opts:
        return None
    from divm.explore.search import Machine

    def after(step):
        if step.error is not None:
            raise _Fault(step.error)
    try:
        vm, checkers = new_vm(s)
        vm.check_poison = True
        m = Machine(vm, checkers=checkers)
        _, snap = m.initial()
        m.replay(snap, res.path, after)
    except _Fault as f:
        e = f.args[0]
        if e.kind == "integer" and e.message.startswith(("shift amount", "conversion out of range")):
            return e
    except Exception:  # (a re-run that does not fit the path: no origin, the counterexample stands)
        return None
    return None


def safety_outcome(s: Session, machine, res, report: dict) -> None:
    """The counterexample and trace of an error; why a result is inconclusive."""
    if res.verdict in ("error", "boot-error"):
        trace = make_trace(s.prog, trace_options(s.args, s.stdin, s.files), res.path)
        if machine.inputs:  # (replay takes its decisions from these values)
            trace["inputs"] = machine.inputs
        path = trace_target(s.args)
        report["trace"] = save_trace(trace, path)
        report["error"] = res.error.to_json()
        origin = undefined_origin(s, res)
        if origin is not None:
            report["error"]["origin"] = origin.to_json()
        from divm.cli.narrate import explain_steps
        report["steps"] = explained = explain_steps(machine, res.path)
        for k in ("objects", "threads"):  # what the error is about, also beside the error itself
            if explained and k in explained[-1]:
                report["error"][k] = explained[-1][k]
        s.console.counterexample(res.path, res.error, explained=explained)
        if origin is not None:
            where = origin.backtrace[0] if origin.backtrace else {}
            s.console.note(f"the undefined value may come from {where.get('file', '?')}:{where.get('line', '?')} "
                           f"({where.get('function', '?')}): {origin.message}")
        if machine.inputs:
            report["inputs"] = machine.inputs
            s.console.inputs(machine.inputs)
            if getattr(s.args, "tests_out", None):
                report["test"] = write_tests(s.args.tests_out, machine.inputs, s.args.prog)
                s.console.note(f"test case written to {report['test']} (divm run --inputs)")
        if path is not None:
            s.console.note(f"trace written to {path}")
    elif res.verdict == "valid" and incomplete_reason(machine.vm):
        res.verdict = report["result"] = "inconclusive"
        res.reason = report["reason"] = incomplete_reason(machine.vm)
    elif res.verdict == "inconclusive":
        report["reason"] = res.reason
