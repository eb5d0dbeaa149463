"""divm smc: statistical model checking (Lodin's method).  Random runs of
at most --steps transitions answer "how likely is an error (of --property
KIND, or a state where --reach EXPR holds)?" with an exact Clopper-Pearson
interval, or "is it at least --threshold?" with Wald's SPRT, or count the
distinct states the runs visit (--count-states); one satisfying run is
kept as a trace for `divm replay`.  The engine is explore/smc.py."""

from __future__ import annotations

import importlib.util
import math
import os
import sys
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from divm.cli.execution import Stopper, peak_memory, run_big_stack
from divm.cli.options import (check_output, check_time, configure, machine_env, parse_size,
                              read_files, read_stdin, trace_options)
from divm.cli.output import Console, count
from divm.cli.parser import UsageError
from divm.cli.report import make_trace, new_report, save_trace, trace_target, write_json
from divm.load.loader import load_program

if TYPE_CHECKING:
    from argparse import Namespace

    from divm.explore.search import Machine
    from divm.explore.smc import Query, Result, Rule

EXIT = {"estimate": 0, "accepted": 0, "rejected": 0, "boot-error": 1, "inconclusive": 3}
# without --nondet-range, wide nondet values are uniform over the widest range one
# __vm_choose can offer (fewer than 2**31 outcomes), cut to the type
WIDE_RANGE = "-1073741823:1073741823"
MAX_CHOICES = (1 << 31) - 1
HIST_BINS = 30  # the text plot's rows at most


def cmd_smc(args: Namespace) -> int:
    return EXIT[smc_program(args, Console())["result"]]


def smc_program(args: Namespace, console: Console) -> dict:
    """Check the options, load, sample; print the answer, write the report
    and the witness's trace; the report."""
    from divm.explore.smc import smc
    t0 = time.time()
    setup = prepare(args)
    q, machine = setup.query, setup.machine
    if q.seed is None:
        import random
        q.seed = random.SystemRandom().randrange(1 << 31)
    console.note(f"divm: seed {q.seed}")
    stopper = Stopper(args.max_time, setup.max_mem, workers=q.workers).__enter__()
    stopper.start(machine.vm)
    show = Progress(console)
    remote, errors = cluster_source(setup) if getattr(args, "cluster", None) else (None, ())
    try:
        res = run_big_stack(lambda: smc(machine, q, show, remote), stopper.watch)
    except errors as e:
        raise UsageError(str(e)) from None
    show.end()
    report = smc_report(args, q, res, time.time() - t0)
    if res.tally.first is not None:
        stopper.max_time = stopper.max_memory = None  # the witness is re-run whatever the limits were
        path = run_big_stack(lambda: witness_path(machine, q, res.tally.first), stopper.watch)
        if path:
            keep_witness(setup, res, path, report)
    print_answer(args, q, res, report)
    report["seconds"] = round(time.time() - t0, 3)
    if args.report:
        write_json(args.report, report)
    return report


@dataclass
class Setup:
    """One smc command: its query, the program, the machine to sample."""
    args: Namespace
    query: Query
    prog: object
    machine: Machine
    stdin: bytes | None
    files: list
    max_mem: int | None


def prepare(args: Namespace) -> Setup:
    """The query and a machine for it (not booted yet), from the options."""
    q = make_query(args)
    machine_options(args, q)
    max_mem = parse_size(args.max_memory)
    stdin, files = read_stdin(args), read_files(args)
    check_output(args.report, args.trace_out)
    prog = load_program(args.prog)
    env = machine_env(args, os.path.basename(args.prog), args.args, stdin, files=files)
    machine, q = smc_machine(args, prog, env, q)
    return Setup(args, q, prog, machine, stdin, files, max_mem)


def smc_machine(args: Namespace, prog, env: list, q: Query) -> tuple[Machine, Query]:
    """A machine for the program, configured by the options (args as
    prepare left them), and the query with its --reach predicate."""
    from divm.explore.search import Machine
    from divm.vm.machine import VM
    vm = VM(prog, env, out=None)
    checkers = configure(vm, args)
    vm.want_stop_bt = True
    if args.reach is not None:
        q.reach = reach_predicate(prog, vm, args.reach)
        vm.all_visible = True  # as for .ltl propositions: a state after every visible access
    return Machine(vm, checkers=checkers), q


def actor_machine(args: Namespace, data: bytes, what: str, env: list, q: Query) -> tuple[Machine, Query]:
    """smc_machine in one of a cluster's actors: the program from its bitcode."""
    from divm.load.link import link_and_decode
    return smc_machine(args, link_and_decode(data, what), env, q)


def cluster_source(setup: Setup) -> tuple[Callable, tuple]:
    """--cluster ADDRESS: batches drawn by Ray actors that load the program
    themselves (explore/cluster.py); the errors that mean a usage error."""
    from dataclasses import replace
    from functools import partial
    from divm.explore.cluster import ClusterError, SmcPool
    args = setup.args
    if importlib.util.find_spec("ray") is None:
        raise UsageError("--cluster needs Ray: pip install 'divm[cluster]'")
    env = machine_env(args, os.path.basename(args.prog), args.args, setup.stdin, files=setup.files)
    factory = partial(actor_machine, args, setup.prog.decoder.data, setup.prog.decoder.what, env,
                      replace(setup.query, reach=None))
    return partial(SmcPool, args.cluster, factory, setup.query.workers), (ClusterError,)


def make_query(args: Namespace) -> Query:
    """The query the options ask for, checked (UsageError: one line)."""
    from divm.explore.smc import Query
    from divm.props.checkers import KINDS
    mode = "count" if args.count_states else "sprt" if args.threshold is not None else "estimate"
    check_combinations(args, mode)
    if args.steps < 1:
        raise UsageError("--steps must be at least 1")
    for name in ("epsilon", "alpha", "beta"):
        v = getattr(args, name)
        if v is not None and not 0 < v < 1:
            raise UsageError(f"--{name} must be between 0 and 1")
    for name in ("runs", "max_runs", "workers"):
        v = getattr(args, name)
        if v is not None and v < 1:
            raise UsageError(f"--{name.replace('_', '-')} must be at least 1")
    if not 0 <= args.p_alloc_fail <= 1:
        raise UsageError("--p-alloc-fail must be a probability, between 0 and 1")
    if args.property is not None and args.property not in KINDS:
        raise UsageError(f"--property {args.property}: not an error kind ({', '.join(KINDS)})")
    if args.seed is not None and args.seed < 0:
        raise UsageError("--seed must be a non-negative number")
    check_time(args)
    q = Query(steps=args.steps, mode=mode, kind=args.property, runs=args.runs, max_runs=args.max_runs,
              max_time=args.max_time, p_alloc_fail=args.p_alloc_fail, seed=args.seed, workers=args.workers)
    for name in ("epsilon", "alpha", "delta", "beta", "threshold"):
        if getattr(args, name) is not None:
            setattr(q, name, getattr(args, name))
    if mode == "count" and q.runs is None:
        q.runs = 1000
    if mode == "sprt" and not (q.delta > 0 and 0 < q.threshold - q.delta and q.threshold + q.delta < 1):
        raise UsageError("--threshold and --delta: need 0 < threshold - delta and threshold + delta < 1 "
                         "(delta > 0: the indifference region)")
    return q


def check_combinations(args: Namespace, mode: str) -> None:
    """Options that belong to another query."""
    if args.symbolic:
        raise UsageError("smc draws concrete runs: --symbolic does not go with it")
    if args.max_states is not None:
        raise UsageError("smc stores no states: limit it with --max-runs or --max-time")
    if mode != "sprt" and (args.delta is not None or args.beta is not None):
        raise UsageError("--delta and --beta belong to the sequential test: add --threshold")
    if mode == "count":
        if args.threshold is not None:
            raise UsageError("--count-states and --threshold ask different questions: give one")
        if args.property is not None or args.reach is not None:
            raise UsageError("--count-states counts states: --property and --reach do not apply")
        if args.epsilon is not None or args.alpha is not None or args.max_runs is not None:
            raise UsageError("--count-states draws --runs N runs: --epsilon, --alpha and --max-runs do not apply")
    if mode == "sprt" and (args.epsilon is not None or args.runs is not None):
        raise UsageError("the sequential test (--threshold) decides how many runs it needs: "
                         "--epsilon and --runs do not apply")
    if mode == "estimate" and args.runs is not None and args.epsilon is not None:
        raise UsageError("--runs fixes the number of runs, --epsilon the interval's width: give one")


def machine_options(args: Namespace, q: Query) -> None:
    """The distribution's options as machine options (recorded in the trace):
    allocations never fail unless --p-alloc-fail; wide nondet values over
    --nondet-range, else WIDE_RANGE."""
    nofail = {"nofail:malloc", "force-nofail:malloc"} & set(args.opts)
    if q.p_alloc_fail > 0 and nofail:
        raise UsageError(f"--p-alloc-fail {q.p_alloc_fail:g} makes allocations fail: not with -o {min(nofail)}")
    if q.p_alloc_fail > 0:
        if not {"simfail:malloc", "force-simfail:malloc"} & set(args.opts):
            args.opts.append("simfail:malloc")
    elif not nofail:
        args.opts.append("nofail:malloc")
    if args.nondet_range is None:
        args.nondet_range = WIDE_RANGE
    else:
        try:
            lo, hi = (int(x, 0) for x in args.nondet_range.split(":"))
        except ValueError:
            raise UsageError(f"--nondet-range {args.nondet_range}: expected LO:HI, e.g. -5:5") from None
        if hi - lo + 1 > MAX_CHOICES:
            raise UsageError(f"--nondet-range {args.nondet_range}: at most {MAX_CHOICES} values (one choice)")


def reach_predicate(prog, vm, expr: str) -> Callable[[dict], bool]:
    """--reach EXPR: a C expression over globals (as a .ltl file's #define),
    as a function of the memory."""
    import struct
    from divm.props.ltl import LTLError
    from divm.props.propositions import Propositions
    try:
        props = Propositions(prog, {"reach": (expr, 1, 1)})
        props.check(vm.objs)
    except LTLError as e:
        _, col, msg = (str(e).split(":", 2) + ["", ""])[:3]
        raise UsageError(f"--reach {expr!r}: column {col}: {msg.strip()}") from None
    e = props.exprs["reach"]

    def holds(objs: dict) -> bool:
        try:
            return bool(e.value(objs))
        except (ZeroDivisionError, struct.error, LTLError):
            return False
    return holds


def witness_path(machine: Machine, q: Query, index: int) -> list:
    """The steps of satisfying run `index`, drawn again and re-run from its
    choices (with backtraces); [] if a signal stops that."""
    from divm.explore.smc import witness
    from divm.vm.machine import StopRequest
    machine.vm.stop_request = None
    try:
        choices = witness(machine, q, index)
        _, snap0 = machine.initial()
        return machine.replay(snap0, [[v for v, _ in step] for step in choices])
    except StopRequest:
        return []


def keep_witness(setup: Setup, res: Result, path: list, report: dict) -> None:
    """The first satisfying run as a trace `divm replay` re-runs."""
    args = setup.args
    options = trace_options(args, setup.stdin, setup.files)
    if args.reach is not None:  # replay then makes every access visible too
        options.update(liveness=True, reach=args.reach)
    if args.reach is None and path[-1].error is None:
        raise RuntimeError("the satisfying run does not end in an error when re-run")
    trace = make_trace(setup.prog, options, path)
    report["trace"] = save_trace(trace, trace_target(args))
    report["witness"] = {"run": res.tally.first, "length": len(path)}
    if path and path[-1].error is not None:
        report["witness"]["error"] = path[-1].error.to_json()


def describe(args: Namespace, steps: int) -> str:
    what = (f"{args.reach} holds" if args.reach is not None
            else f"a {args.property} error" if args.property else "an error")
    return f"Pr[{what} within {steps} transitions]"


def histogram(lengths: dict[int, int]) -> dict:
    """The lengths of the satisfying runs in at most HIST_BINS equal bins."""
    if not lengths:
        return {"min": 0, "max": 0, "width": 1, "counts": []}
    lo, hi = min(lengths), max(lengths)
    width = max(1, math.ceil((hi - lo + 1) / HIST_BINS))
    counts = [0] * ((hi - lo) // width + 1)
    for length, n in lengths.items():
        counts[(length - lo) // width] += n
    return {"min": lo, "max": hi, "width": width, "counts": counts}


def smc_report(args: Namespace, q: Query, res: Result, seconds: float) -> dict:
    from divm.explore.smc import CODE_NAMES
    t = res.tally
    report = new_report("smc", res.verdict, property=("reach:" + args.reach if args.reach is not None
                                                      else "error:" + args.property if args.property else "error"),
                        method={"estimate": "clopper-pearson", "sprt": "sprt", "count": "count-states"}[q.mode],
                        steps=q.steps, seed=q.seed, workers=q.workers,
                        probability={"low": round(res.interval[0], 6), "high": round(res.interval[1], 6),
                                     "confidence": 1 - q.alpha},
                        runs=t.runs, satisfying_runs=t.satisfying, discarded_runs=t.codes[4],
                        outcomes={CODE_NAMES[c]: n for c, n in sorted(t.codes.items())},
                        error_kinds=dict(t.kinds), histogram=histogram(t.lengths),
                        runs_executed=res.executed, transitions=res.transitions,
                        runs_per_second=round(res.executed / max(res.seconds, 1e-9), 1),
                        seconds=round(seconds, 3), search_seconds=round(res.seconds, 3),
                        peak_memory_bytes=peak_memory(),
                        distribution={"scheduler": "uniform over the runnable threads",
                                      "choose": "by the program's weights, else uniform",
                                      "p_alloc_fail": q.p_alloc_fail, "nondet_range": args.nondet_range})
    if q.mode == "estimate" and q.runs is None:
        report["epsilon"] = q.epsilon
    if q.mode == "sprt":
        report.update(threshold=q.threshold, delta=q.delta, alpha=q.alpha, beta=q.beta, llr=round(res.llr, 6))
    if q.mode == "count":  # (every run drawn counts its states)
        report.update(states=res.states, coverage=res.coverage, runs=sum(t.codes.values()))
    if res.reason:
        report["reason"] = res.reason
    if res.boot_error is not None:
        report["error"] = res.boot_error.to_json()
    return report


def print_answer(args: Namespace, q: Query, res: Result, report: dict) -> None:
    """The answer on stdout; the closing line on stderr."""
    t = res.tally
    lines = []
    if res.verdict == "boot-error":
        from divm.cli.output import format_error
        lines += ["the program failed to boot: every run ends in this error"] + format_error(res.boot_error)
    elif q.mode == "count":
        lines.append(f"states visited by {sum(t.codes.values())} runs of at most {q.steps} transitions: {res.states}")
        lines += [f"  {r:>8} runs: {s} states" for r, s in res.coverage]
    else:
        lines += answer_lines(args, q, res)
        lines += histogram_lines(report["histogram"])
    if "witness" in report:
        w = report["witness"]
        err = w.get("error")
        at = f": {err['kind']}" + (f" at {err['backtrace'][0]['function']} ({err['backtrace'][0]['file']}:"
                                    f"{err['backtrace'][0]['line']})" if err["backtrace"] else "") if err else ""
        where = f"; trace written to {report['trace']}" if isinstance(report.get("trace"), str) else ""
        lines.append(f"witness: run {w['run']}, {w['length']} transitions{at}{where}")
    print("\n".join(lines))
    sys.stdout.flush()
    note = f" ({res.reason})" if res.reason else ""
    found = f"{res.states} states" if q.mode == "count" else f"{t.satisfying} satisfying"
    print(f"divm: {res.verdict}: {t.runs} runs, {found}, {res.seconds:.2f} s, "
          f"{report['runs_per_second']:g} runs/s, {peak_memory() >> 20} MiB{note}", file=sys.stderr)


def answer_lines(args: Namespace, q: Query, res: Result) -> list[str]:
    t = res.tally
    low, high = res.interval
    what = describe(args, q.steps)
    conf = f"confidence {1 - q.alpha:g}"
    lines = []
    if q.mode == "sprt":
        word = {"accepted": "yes", "rejected": "no"}.get(res.verdict, "undecided")
        lines.append(f"{what} >= {q.threshold:g}: {word} (Wald's test: p >= {q.threshold + q.delta:g} against "
                     f"p <= {q.threshold - q.delta:g}, alpha {q.alpha:g}, beta {q.beta:g})")
        lines.append(f"  the runs so far: {what} in [{low:.4f}, {high:.4f}] ({conf}, Clopper-Pearson)")
    else:
        lines.append(f"{what} in [{low:.4f}, {high:.4f}] ({conf}, Clopper-Pearson, width {high - low:.4f})")
    disc = f", {t.codes[4]} discarded (an assumption failed)" if t.codes[4] else ""
    lines.append(f"runs: {t.runs}, satisfying: {t.satisfying}{disc}; seed {q.seed}")
    return lines


def histogram_lines(h: dict) -> list[str]:
    if not h["counts"]:
        return []
    top = max(h["counts"])
    out = ["lengths of the satisfying runs (transitions):"]
    for i, n in enumerate(h["counts"]):
        a = h["min"] + i * h["width"]
        label = f"{a}" if h["width"] == 1 else f"{a}-{a + h['width'] - 1}"
        out.append(f"  {label:>11} | {'#' * math.ceil(40 * n / top) if n else ''} {n}")
    return out


class Progress:
    """Runs so far on stderr: in place on a terminal, every 10 s in a log."""

    def __init__(self, console: Console) -> None:
        self.console, self.last, self.drawn = console, 0.0, False

    def __call__(self, rule: Rule, executed: int, secs: float) -> None:
        every = 0.5 if self.console.tty else 10.0
        if secs - self.last < every:
            return
        self.last = secs
        t = rule.tally
        line = (f"divm: {secs:.0f} s, {count(t.runs)} runs, {count(t.satisfying)} satisfying, "
                f"{count(executed / max(secs, 1e-3))} runs/s, {peak_memory() >> 20} MiB")
        if self.console.tty:
            print(f"\r\x1b[K{line}", end="", file=sys.stderr, flush=True)
            self.drawn = True
        else:
            print(line, file=sys.stderr, flush=True)

    def end(self) -> None:
        if self.drawn:
            print("\r\x1b[K", end="", file=sys.stderr, flush=True)

