"""divm verify --liveness: each LTL property of a monitor file (or the
program's own accepting marks) checked by a liveness explorer."""

from __future__ import annotations

import os
import time

from divm.cli.execution import Stopper, peak_memory, run_big_stack
from divm.cli.options import trace_options
from divm.cli.report import make_trace, new_report, save_trace, trace_target
from divm.cli.monitor import read_monitor
from divm.cli.session import Session, heap_symmetry, incomplete_reason, new_vm, range_scope
from divm.load.loader import LoadError


def verify_liveness(s: Session) -> dict:
    props, todo = read_monitor(s)
    results: list[dict] = []
    totals = {"states": 0, "transitions": 0, "stored": 0, "seconds": 0.0}
    attempt = None
    if getattr(s.args, "termination", False):  # (forks: before the VM starts threads)
        from divm.cli.proof import start_proof
        attempt = start_proof(s, termination=True)
    stopper = Stopper(s.args.max_time, s.max_mem).__enter__()
    stopper.proof = attempt
    for name, formula in todo:
        if stopper.signal is not None:
            results.append({"name": name, "result": "inconclusive", "reason": f"not checked ({stopper.signal})"})
            continue
        res = check_property(s, props, formula, stopper)
        if attempt is not None:
            proved(s, attempt, res, stopper)
        if getattr(res, "warning", None):
            s.console.note(f"divm: note: {res.warning}")
        totals["states"] += res.states
        totals["transitions"] += res.transitions
        totals["stored"] += res.stored_bytes
        totals["seconds"] += res.seconds
        results.append(property_entry(s, name, formula, res, len(todo) > 1))
        if getattr(res, "warning", None):
            results[-1]["warning"] = res.warning
    report = liveness_report(s, results, totals)
    if attempt is not None:
        report["proof"] = attempt.result
    return report


def proved(s: Session, attempt, res, stopper: Stopper) -> None:
    """--termination --symbolic: a search left inconclusive is `valid` when
    the prover showed that no run reaches an error and every run ends.  It
    gets the rest of its time unless a signal or the time limit stopped the
    search."""
    wait = 0.0
    if res.verdict == "inconclusive" and stopper.signal is None:
        wait = attempt.budget - (time.time() - attempt.t0)
    if attempt.settle(res, wait, s.console):
        r = attempt.result
        s.console.note(f"divm: proved for every input: every loop and recursion has a ranking function "
                       f"({len(r.get('rankings', []))} of them, {r['clauses']} Horn clauses, {r['seconds']:.2f} s)")


def check_property(s: Session, props, formula, stopper: Stopper):
    """One property's search, on a fresh machine."""
    from divm.explore.explorer import Task, run
    from divm.explore.search import Limits, Machine
    from divm.props.ltl import LTLError, atoms, translate
    args = s.args
    observe = None
    if formula is not None:
        names = sorted(atoms(formula))

        def observe(vm):  # the true propositions of a state
            labels = props.label(vm.objs, names)
            if props.pointer_read:
                vm.order_seen = True  # (the search starts over without heap symmetry: vm/order.py)
            return labels
    vm, checkers = new_vm(s)
    if props is not None:
        try:
            props.check(vm.objs)
        except LTLError as e:
            raise LoadError(f"{args.liveness}:{e}") from None
    vm.all_visible = True
    machine = Machine(vm, observe=observe, checkers=checkers, symmetry=heap_symmetry(args))
    machine.all_accepting = getattr(args, "termination", False)
    machine.cut = getattr(args, "cut_errors", None)
    machine.leaks = False  # as before checkers: liveness keys leave lost memory out (--leakcheck state)
    automaton = translate(("!", formula)) if formula is not None else None
    task = Task(Limits(args.max_states, args.max_time, s.max_mem), s.console.progress, property="liveness",
                automaton=automaton, fair=args.fair)
    marked = watch_accepting(machine) if automaton is None and not machine.all_accepting else None
    stopper.start(vm)
    s.console.start_progress(task.limits)
    res = run_big_stack(lambda: run(s.explorer, machine, task), stopper.watch)
    s.console.end_progress()
    if res.verdict == "valid" and incomplete_reason(vm):
        res.verdict, res.reason = "inconclusive", incomplete_reason(vm)
    if marked is not None and not marked and res.verdict in ("valid", "inconclusive"):
        res.warning = unmarked(res.verdict == "valid")
    res.inputs = []
    if vm.engine is not None and res.verdict == "error" and res.path:
        # the lasso's inputs: its steps re-run once, the values from a model
        _, snap0 = machine.initial()
        run_big_stack(lambda: machine.replay(snap0, [[v for v, _ in st.choices] for st in res.path]))
        res.inputs = machine.inputs
    if machine.cut_errors:
        res.cut_errors = {"count": machine.cut_errors, "first": machine.first_cut.to_json()}
    if res.verdict == "error":
        from divm.cli.narrate import explain_steps
        lasso = getattr(res, "lasso", None)
        res.explained = explain_steps(machine, lasso.prefix + lasso.loop if lasso is not None else res.path)
    return res


def watch_accepting(machine) -> list:
    """A list that gets an entry when the search runs through an accepting
    transition.  Acceptance is a run-time fact (the flag may be set through
    a variable, a helper, DiOS), so it is watched, not looked for in the
    code; every transition an explorer runs goes through Machine._run."""
    seen: list = []
    run = machine._run

    def counted(snap, chooser):
        step = run(snap, chooser)
        if step is not None and step.accepting and not seen:
            seen.append(True)
        return step
    machine._run = counted
    return seen


def unmarked(complete: bool) -> str:
    """The warning for a search that ran through no accepting transition."""
    flag = "the accepting flag (__vm_ctl_flag(0, _VM_CF_Accepting))"
    head = (f"no transition set {flag}, so the property holds trivially" if complete
            else f"no transition explored set {flag}: if none does, the property holds trivially")
    return head + "; mark the accepting transitions in the program, or give a monitor (--liveness FILE.ltl)"


def property_entry(s: Session, name: str, formula, res, several: bool) -> dict:
    """One property's verdict for the report; a violation is printed and
    its trace written."""
    entry = {"name": name, "result": res.verdict}
    if getattr(res, "cut_errors", None):
        entry["cut_errors"] = res.cut_errors
    if res.verdict not in ("error", "boot-error"):
        if res.reason:
            entry["reason"] = res.reason
        s.console.note(f"property {name}: {'holds' if res.verdict == 'valid' else res.verdict}")
        return entry
    from divm.vm.machine import ErrorInfo
    lasso = getattr(res, "lasso", None)
    if lasso is not None:
        last = next((st for st in lasso.loop if st.accepting), None) if formula is None else None
        what = ("the program runs forever" if getattr(s.args, "termination", False)
                else "an accepting transition repeats forever" if formula is None
                else f"property {name} is violated by an infinite run")
        res.error = ErrorInfo("liveness", what, (last or lasso.loop[-1]).bt)
    entry["error"] = res.error.to_json()
    path = lasso.prefix + lasso.loop if lasso is not None else res.path
    cycle = len(lasso.prefix) if lasso is not None else None
    trace_path = trace_target(s.args)
    if several and trace_path is not None:
        base, ext = os.path.splitext(trace_path)
        base = base[:-6] if base.endswith(".trace") else base
        trace_path = f"{base}.{name}.trace.json"
    options = {**trace_options(s.args, s.stdin, s.files), "liveness": True}
    trace = make_trace(s.prog, options, path, cycle)
    if getattr(res, "inputs", None):
        trace["inputs"] = entry["inputs"] = res.inputs
    entry["trace"] = save_trace(trace, trace_path)
    entry["steps"] = explained = res.explained
    if cycle is not None:
        entry["cycle_start"] = cycle
    s.console.note(f"property {name}: violated")
    s.console.counterexample(path, res.error, cycle, explained)
    if entry.get("inputs"):
        s.console.inputs(entry["inputs"])
    if trace_path is not None:
        s.console.note(f"trace written to {trace_path}")
    return entry


def liveness_report(s: Session, results: list[dict], totals: dict) -> dict:
    verdicts = [r["result"] for r in results]
    verdict = ("boot-error" if "boot-error" in verdicts else "error" if "error" in verdicts
               else "inconclusive" if "inconclusive" in verdicts else "valid")
    first = next((r for r in results if r["result"] in ("error", "boot-error")), None)
    states = totals["states"]
    report = new_report("verify", verdict, property="liveness:" + (first or results[0])["name"],
                        states=states, transitions=totals["transitions"],
                        seconds=round(time.time() - s.t0, 3), search_seconds=round(totals["seconds"], 3),
                        peak_memory_bytes=peak_memory(),
                        stored_bytes_per_state=round(totals["stored"] / max(states, 1), 1),
                        state_storage="exact", properties=results)
    if first is not None:
        report["error"] = first["error"]
        report["trace"] = first["trace"]
    if first is not None and "cycle_start" in first:
        report["cycle_start"] = first["cycle_start"]
    cut = next((r["cut_errors"] for r in results if r.get("cut_errors")), None)
    if cut is not None:
        report["cut_errors"] = cut
    if first is not None:
        report["steps"] = first["steps"]
        if first.get("inputs"):
            report["inputs"] = first["inputs"]
    warning = next((r["warning"] for r in results if r.get("warning")), None)
    if warning:
        report["warning"] = warning
    reason = next((r.get("reason", "") for r in results if r["result"] == "inconclusive"), "")
    s.console.summary(verdict, states, totals["transitions"], totals["seconds"], reason or range_scope(s, verdict))
    return report

