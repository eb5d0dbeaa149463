"""divm svcomp: SV-COMP's interface.  A property file (and a task file)
in, the verdict benchexec expects on the last line of stdout out, and the
witnesses beside it.

Each property is a divm search with SV-COMP's environment: inputs are
symbolic, allocation never fails, `abort()` ends a path silently.  Only the
property's own violations make `false(...)`; any other error means the
program has undefined behaviour on some path, about which the property says
nothing, so the answer is `unknown`.  `true` needs a complete search over
every input value, and, for an ILP32 task, a program that computes the same
under divm's LLP64, where `long` is 32 bits as there (divm/load/datamodel.py)."""

from __future__ import annotations

import os
import re
import sys
import time
from dataclasses import dataclass, field

from divm.cli.explain import nondet_signed
from divm.cli.parser import UsageError
from divm.load.loader import LoadError
from divm.vm.defs import UNINIT_INPUT

# the LTL formula of each property file line -> (property, subproperty)
FORMULAS = {
    "G ! call(reach_error())": ("unreach-call", "unreach-call"),
    "G ! call(__VERIFIER_error())": ("unreach-call", "unreach-call"),
    "G valid-free": ("valid-memsafety", "valid-free"),
    "G valid-deref": ("valid-memsafety", "valid-deref"),
    "G valid-memtrack": ("valid-memsafety", "valid-memtrack"),
    "G valid-memcleanup": ("valid-memcleanup", "valid-memcleanup"),
    "G ! overflow": ("no-overflow", "no-overflow"),
    "G ! data-race": ("no-data-race", "no-data-race"),
    "F end": ("termination", "termination"),
}
_CHECK = re.compile(r"^\s*CHECK\s*\(\s*init\s*\(\s*(\w+)\s*\(\s*\)\s*\)\s*,\s*LTL\s*\((.*)\)\s*\)\s*$")

# the verify options of each property (after the environment's)
OPTIONS = {
    "unreach-call": [],
    "valid-memsafety": ["--leakcheck", "state"],
    "valid-memcleanup": ["--leakcheck", "cleanup"],
    "no-overflow": ["-o", "check:overflow"],
    "no-data-race": ["-o", "check:race"],
    "termination": ["--termination"],
}
# (uninitialised memory holds arbitrary values, as the verifiers SV-COMP's
# expected verdicts come from read it; many tasks declare `void main()`)
ENVIRONMENT = ["--symbolic", "-o", "nofail:malloc", "-o", "ignore:exit", "-o", "nondet:uninit",
               "-o", "allow:void-main", "-o", "allow:undefined"]
# inputs that are not __VERIFIER_nondet_*: a search that sees only empty
# standard input and no files has not seen every run
INPUT_FUNCTIONS = {"scanf", "__isoc99_scanf", "__isoc23_scanf", "fscanf", "__isoc99_fscanf", "__isoc23_fscanf",
                   "vscanf", "vfscanf", "__isoc99_vscanf", "__isoc99_vfscanf", "__isoc23_vscanf", "__isoc23_vfscanf",
                   "getchar",
                   "getc", "_IO_getc", "fgetc", "fgets", "gets", "fread", "read", "getline", "getdelim",
                   "getenv", "secure_getenv", "fopen", "open", "time", "gettimeofday", "clock_gettime"}
THREAD_CREATION = {"pthread_create", "thrd_create"}
# time stands still in divm: a program waiting for the clock (or an alarm)
# seems to run for ever
CLOCK_FUNCTIONS = {"time", "gettimeofday", "clock_gettime", "clock", "alarm", "setitimer", "timer_settime"}
_OVERFLOW = ("signed overflow", "signed division overflow", "signed remainder overflow")
_REACH = ("reach_error() called", "__VERIFIER_error() called", "__VERIFIER_assert failed")


@dataclass
class Property:
    name: str                       # unreach-call, valid-memsafety, ...
    text: str                       # the property file's CHECK lines
    subproperties: list[str] = field(default_factory=list)


def parse_prp(path: str) -> Property:
    """The property of a .prp file; UsageError if divm does not know it."""
    try:
        with open(path) as f:
            text = f.read()
    except OSError as e:
        raise UsageError(f"--prop {path}: {e.strerror}") from None
    names, subs = set(), []
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("//")]
    for n, line in enumerate(lines, 1):
        m = _CHECK.match(line)
        if m is None:
            raise UsageError(f"{path}:{n}: expected CHECK( init(main()), LTL(...) )")
        entry, formula = m.group(1), " ".join(m.group(2).split())
        if entry != "main":
            raise UsageError(f"{path}:{n}: entry function {entry}: divm starts programs at main")
        if formula not in FORMULAS:
            raise UsageError(f"{path}:{n}: property LTL({formula}) is not one divm checks")
        name, sub = FORMULAS[formula]
        names.add(name)
        subs.append(sub)
    if names == {"valid-memsafety", "valid-memcleanup"}:  # (a memsafety file with memcleanup as a fourth line)
        names = {"valid-memsafety"}
    if len(names) != 1:
        raise UsageError(f"{path}: expected one property, found {', '.join(sorted(names)) or 'none'}")
    return Property(names.pop(), "\n".join(ln.strip() for ln in lines), subs)


@dataclass
class Task:
    program: str
    prop_file: str | None
    data_model: str | None


def read_task(path: str) -> Task:
    """A .yml task file (sv-benchmarks format 2.0): its program, its first
    property file and its data model; a .c/.i file is a task of itself."""
    if not path.endswith((".yml", ".yaml")):
        return Task(path, None, None)
    import yaml
    try:
        with open(path) as f:
            data = yaml.safe_load(f)
    except OSError as e:
        raise UsageError(f"{path}: {e.strerror}") from None
    except yaml.YAMLError as e:
        raise UsageError(f"{path}: not a YAML task file ({str(e).splitlines()[0]})") from None
    if not isinstance(data, dict):
        raise UsageError(f"{path}: not a task file (expected input_files, properties, options)")
    files = data.get("input_files")
    files = [files] if isinstance(files, str) else files
    if not (isinstance(files, list) and len(files) == 1 and isinstance(files[0], str)):
        raise UsageError(f"{path}: expected one input file, got {files!r}")
    here = os.path.dirname(path)
    props = data.get("properties") or []
    first = next((p.get("property_file") for p in props if isinstance(p, dict)), None)
    options = data.get("options") if isinstance(data.get("options"), dict) else {}
    if options.get("language", "C") != "C":
        raise UsageError(f"{path}: language {options['language']}: divm checks C")
    return Task(os.path.join(here, files[0]), os.path.join(here, first) if first else None,
                options.get("data_model"))


def cmd_svcomp(args) -> int:
    task = read_task(args.prog)
    prp = args.prop or task.prop_file
    if prp is None:
        raise UsageError("give the property with --prop FILE.prp")
    prop = parse_prp(prp)
    model = args.data_model or task.data_model or "LP64"
    if model not in ("ILP32", "LP64"):
        raise UsageError(f"data model {model}: expected ILP32 or LP64")
    if not os.path.isdir(args.witness_dir):
        raise UsageError(f"--witness-dir {args.witness_dir}: not a directory")
    verdict, prog, report = check(task.program, prop, model, args)
    write_witness(args, prog, task.program, prop, model, verdict, report)
    sys.stdout.write(verdict + "\n")
    return 0


def check(program: str, prop: Property, model: str, args) -> tuple[str, object, dict | None]:
    """The verdict, the program and the verify report the verdict came
    from (None and None if divm did not search)."""
    if not os.path.exists(program):
        raise LoadError(f"{program}: no such file")
    flags: list[str] = []
    if model == "ILP32":
        from divm.load.datamodel import ilp32_hazards
        from divm.load.loader import LLP64_TARGET
        hazards = ilp32_hazards(program)
        if hazards:
            note(f"unknown: an ILP32 task that may compute differently under divm's LLP64 ({hazards[0]})")
            return "unknown", None, None
        flags = [LLP64_TARGET]
    from divm.load.loader import load_program
    from divm.load.errors import VMError
    t0 = time.time()
    prog = load_program(program, flags)
    # (proofs over unbounded integers first: the search may never end)
    if prop.name == "termination" and not prog.uninit_reads:
        report = endless(prog, args)
        if report is not None:
            return "false(termination)", prog, report
        report = ranked(prog, args)
        if report is not None:
            return "true", prog, report
    try:  # (the search gets what the proofs before it left of --max-time)
        left = None if args.max_time is None else max(1.0, args.max_time - (time.time() - t0))
        if prop.name == "valid-memsafety" and "valid-memcleanup" in prop.subproperties:
            verdict, report = memsafety_and_cleanup(prog, program, prop, args, left, model)
        else:
            report = search(prog, program, prop, args, left, model)
            verdict = verdict_of(prop, report)
    except VMError as e:  # (something divm cannot do with SV-COMP's options, such as fork with --symbolic)
        note(f"unknown: {e}")
        return "unknown", None, None
    clocks = sorted(prog.imports & CLOCK_FUNCTIONS) if verdict == "false(termination)" else []
    if clocks:
        note(f"unknown: the program may wait for the clock ({', '.join(clocks)}), which stands still in divm")
        return "unknown", None, None
    inputs = sorted(prog.imports & INPUT_FUNCTIONS) if verdict == "true" else []
    if inputs:
        note(f"unknown: the program reads input divm does not make symbolic ({', '.join(inputs)})")
        return "unknown", None, None
    return verdict, prog, report


def memsafety_and_cleanup(prog, program: str, prop: Property, args, max_time: float | None,
                          model: str) -> tuple[str, dict]:
    """valid-memsafety with valid-memcleanup as a fourth subproperty: two
    searches (their leak checks differ), the first violation found."""
    t0 = time.time()
    report = search(prog, program, prop, args, None if max_time is None else max_time / 2, model)
    verdict = verdict_of(prop, report)
    if verdict.startswith("false"):
        return verdict, report
    cleanup = Property("valid-memcleanup", prop.text, ["valid-memcleanup"])
    left = None if max_time is None else max(1.0, max_time - (time.time() - t0))
    report2 = search(prog, program, cleanup, args, left, model)
    verdict2 = verdict_of(cleanup, report2)
    if verdict2.startswith("false") or verdict == "true":
        return verdict2, report2
    return verdict, report


def endless(prog, args) -> dict | None:
    """A report of a proof that some run never ends, read with unbounded
    integers (divm/prove/recur.py; the search cannot find such a run when
    its states never repeat), or None."""
    from divm.cli.proof import c_locals
    from divm.prove.recur import nonterminating
    limit = NONTERM_SECONDS if args.max_time is None else min(NONTERM_SECONDS, args.max_time / 4)
    p = nonterminating(prog, limit, c_locals(prog))
    if p is None:
        return None
    where = {"file": p.file, "line": p.line, "function": p.function}
    note(f"false by a proof: from the inputs given, the loop at line {p.line} of {p.function} stays in {p.recurrent}")
    return {"result": "error", "inputs": p.inputs, "steps": [], "cycle": p.cycle,
            "error": {"kind": "liveness", "message": "a run that never ends (a closed recurrent set)",
                      "backtrace": [where]}}


def ranked(prog, args) -> dict | None:
    """A report of a proof that every run ends, read with unbounded
    integers (divm/prove/ranking.py), or None."""
    from divm.cli.proof import c_locals
    from divm.prove.ranking import terminates
    limit = NONTERM_SECONDS if args.max_time is None else min(NONTERM_SECONDS, args.max_time / 4)
    r = terminates(prog, limit, c_locals(prog))
    if r is None:
        return None
    ranks = "; ".join(f"line {x['line']}: {x['ranking']}" for x in r.rankings) or "no loop"
    note(f"true by a proof: every loop has a ranking function over unbounded integers ({ranks})")
    return {"result": "valid", "proof": {"status": "proved", "method": "ranking", "rankings": r.rankings,
                                          "loop_invariants": r.invariants}}


NONTERM_SECONDS = 10.0  # for each proof over unbounded integers, before the search


def search(prog, program: str, prop: Property, args, max_time: float | None = None, model: str = "LP64") -> dict:
    """divm verify with the property's options and SV-COMP's environment."""
    from divm.cli.output import Console
    from divm.cli.parser import parse
    from divm.cli.verify import verify_program
    argv = ["verify", program, *ENVIRONMENT, *OPTIONS[prop.name],
            "--trace-out", os.path.join(args.witness_dir, "divm-trace.json")]
    if prop.name == "valid-memcleanup":
        # the program ends at abort(), a failed assertion and __VERIFIER_error()
        # as at exit: what is still allocated then is not cleaned up
        argv += ["-o", "exit:abort"]
    else:  # a path that aborts is no run at all
        argv += ["-o", "cancel:abort"]
        if prop.name != "unreach-call":  # (and a failed assertion aborts)
            argv += ["-o", "cancel:assert"]
    if prop.name != "termination":  # (a deadlock violates none of the others: its threads wait for ever)
        argv += ["-o", "cancel:deadlock"]
    else:  # (SV-COMP's integers never wrap: a run stops being one at a signed overflow, below)
        argv += ["-o", "check:overflow"]
    if model == "ILP32":  # (datamodel.py lets an allocation's size be computed with 64 bits: below 2^32 it is the same)
        argv += ["-o", "check:size32"]
    if prog.imports & THREAD_CREATION and prop.name != "termination":
        # many concurrent tasks never stop making threads: depth first
        # follows one such run for ever, breadth first finds the errors
        # near the start (and is as complete on a finite state space)
        argv += ["--search", "bfs"]
    if max_time is not None:
        argv += ["--max-time", f"{max_time:g}"]
    if args.max_memory is not None:
        argv += ["--max-memory", args.max_memory]
    args_v = parse(argv)
    # errors outside the property end their paths: a violation elsewhere is
    # still found; which of them a proof may outweigh (below) is noted
    others = []

    def cut(err) -> bool:
        if violated(prop, err.kind, err.message) is not None:
            return False
        overflow = err.kind == "integer" and err.message.startswith(_OVERFLOW)
        if not (overflow or err.message.startswith("stack overflow")):
            others.append(err)
        return True
    args_v.cut_errors = cut
    # SV-COMP counts termination with unbounded integers: a run through a
    # signed overflow is no run of the program (the search cuts it there,
    # so no endless run rests on a wrap), and a ranking function must not
    # rest on one either (the proof checks that no wrap decides the run)
    args_v.wrap_undefined = prop.name == "termination"
    report = verify_program(args_v, Console(), prog=prog)
    if others:
        report["cut_other_errors"] = True
    return report


def verdict_of(prop: Property, report: dict) -> str:
    """`true`, `false(SUBPROPERTY)` or `unknown` for a verify report."""
    result = report["result"]
    cut = report.get("cut_errors")
    proved = (report.get("proof") or {}).get("status") == "proved"
    proved = proved and not report.get("cut_other_errors")  # (an error no proof counts with)
    if result == "valid" and cut and proved and cut["first"]["message"].startswith("stack overflow"):
        # the proof's stack has no bound, as SV-COMP's has none: the search's
        # call depth limit is no error of the program
        note("true by the proof; the search reached divm's call depth limit")
        return "true"
    if result == "valid" and cut and proved and prop.name == "termination" and cut["first"]["kind"] == "integer" \
            and cut["first"]["message"].startswith(_OVERFLOW):
        # the proof counts with unbounded integers: where a run wraps, the
        # search's run is none of the program's (and the proof rules out
        # every other error)
        note(f"true by the proof; the search cut {cut['count']} path(s) at undefined behaviour "
             f"({cut['first']['message']})")
        return "true"
    if result == "valid" and cut:
        first = cut["first"]
        note(f"unknown: the program has undefined behaviour on {cut['count']} path(s) ({first['kind']}: "
             f"{first['message']}), which {prop.name} says nothing about")
        return "unknown"
    if result == "valid":
        return "true"
    if result != "error":
        note(f"unknown: {report.get('reason') or result}")
        return "unknown"
    err = report["error"]
    sub = violated(prop, err["kind"], err["message"])
    if sub is None:
        note(f"unknown: the program has undefined behaviour on some path ({err['kind']}: {err['message']}), "
             f"which {prop.name} says nothing about")
        return "unknown"
    return f"false({sub})"


def violated(prop: Property, kind: str, message: str) -> str | None:
    """The subproperty an error violates, None if it is not one of prop's."""
    if prop.name == "unreach-call":
        return "unreach-call" if kind == "assert" and message in _REACH else None
    if prop.name == "valid-memsafety":
        if kind in ("memory", "access"):
            return "valid-free" if message.startswith(("free ", "resize ")) else "valid-deref"
        return "valid-memtrack" if kind == "leak" else None
    if prop.name == "valid-memcleanup":
        return "valid-memcleanup" if kind == "leak" else None
    if prop.name == "no-overflow":
        return "no-overflow" if kind == "integer" and message.startswith(_OVERFLOW) else None
    if prop.name == "no-data-race":
        return "no-data-race" if kind == "race" else None
    if prop.name == "termination":
        return "termination" if kind == "liveness" else None
    return None


def write_witness(args, prog, program: str, prop: Property, model: str, verdict: str,
                  report: dict | None) -> None:
    """witness.yml (and for a violation witness.graphml) in --witness-dir."""
    if report is None or verdict == "unknown":
        return
    from divm.cli import __version__
    from divm.cli.witness import WitnessTask, write_witnesses
    spec = prop.text
    if verdict.startswith("false(") and len(prop.subproperties) > 1:  # the CHECK line that is violated
        spec = prop.text.splitlines()[prop.subproperties.index(verdict[6:-1])]
    task = WitnessTask(program=program, specification=spec, data_model=model, version=__version__)
    if verdict == "true":  # with the loop invariants of a proof (divm/prove), if there was one
        invariants = (report.get("proof") or {}).get("loop_invariants", [])
        write_witnesses(args.witness_dir, task, "true", invariants=invariants)
        return
    steps = report.get("steps") or []
    waypoints = [waypoint(i, steps) for i in report.get("inputs") or []]
    # a leak found at exit has no backtrace: the program ended by main's return
    where = (report["error"].get("backtrace") or [None])[0] or main_return(prog)
    target = {"file": where["file"], "line": where["line"], "function": where["function"]} if where else None
    if target is None:
        note("no violation witness: the error has no location in the program")
        return
    cycle = report.get("cycle") or []
    if cycle:  # (a proof's loop; a call in it returns one value each round, an assumption on its line)
        cycle = [{**c, "value": c_literal(c["input"]["function"], c["input"]["value"], c["input"]["bits"]),
                  "callee": c["input"]["function"]} if c.get("input") else c for c in cycle]
        target = cycle[0]
    elif report.get("cycle_start") is not None:  # a run that never ends: the lines its loop passes
        cycle = [{"file": st["file"], "line": st["line"], "function": st["function"]}
                 for st in steps[report["cycle_start"]:] if st.get("line")]
        target = cycle[0] if cycle else target
    write_witnesses(args.witness_dir, task, "false", [w for w in waypoints if w], target, cycle=cycle)


def main_return(prog) -> dict | None:
    """Where main returns (its last `ret` with a location)."""
    fn = prog.fn_by_name.get("main")
    rets = [i.loc for b in (fn.blocks if fn is not None else ()) for i in b.ins if i.op == "ret" and i.loc]
    return {"file": rets[-1][0], "line": rets[-1][1], "function": "main"} if rets else None


def waypoint(inp: dict, steps: list[dict]) -> dict | None:
    """A nondet value as a function_return waypoint (None if no C literal
    says it, a NaN or an infinity, or if it was not returned by a call but
    read from uninitialised memory)."""
    if inp["function"] == UNINIT_INPUT:
        return None
    value = c_literal(inp["function"], inp["value"], inp["bits"])
    if value is None:
        return None
    step = inp.get("step") or 0
    thread = steps[step - 1].get("thread") if 0 < step <= len(steps) else None
    # DiOS numbers threads from 1; witnesses from 0 (the main thread)
    return {"kind": "function_return", "file": inp["file"], "line": inp["line"], "function": inp["function"],
            "value": value, "thread": max((thread or 1) - 1, 0), "scope": inp.get("caller")}


def c_literal(function: str, value, bits: int) -> str | None:
    """The C literal of a nondet function's value, signed as its type is."""
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return None
        return value.hex() + ("f" if bits == 32 else "")
    unsigned = not nondet_signed(function)
    if not unsigned and bits > 1 and value >> (bits - 1):
        value -= 1 << bits
    if value == -(1 << 63):
        return f"({value + 1}LL - 1)"
    suffix = ("U" if bits <= 32 else "ULL") if unsigned else ("LL" if bits > 32 else "")
    return f"{value}{suffix}"


def note(text: str) -> None:
    print(f"divm: {text}", file=sys.stderr)
