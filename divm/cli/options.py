"""Options shared by run, verify and replay: checked, and turned into the
boot environment, the machine's configuration and a trace's `options`."""

from __future__ import annotations

import argparse
import json
import os
from collections import deque

from divm.cli.parser import UsageError
from divm.load.loader import LoadError
from divm.vm.defs import UNINIT_INPUT


def valid_opt(o: str) -> bool:
    """A -o option DiOS understands (it reads them at boot)."""
    from divm.props.checkers import KINDS
    # divm's own checks and environment rules; DiOS's abort()
    if o in ("check:overflow", "check:race", "check:size32", "cancel:abort", "cancel:assert", "cancel:deadlock",
             "nondet:uninit", "allow:void-main", "allow:undefined", "exit:abort"):
        return True
    o = o.removeprefix("force-")
    what, _, arg = o.partition(":")
    if what in ("nofail", "simfail"):
        return arg == "malloc"
    if what in ("ignore", "report", "abort", "detect"):
        return arg in KINDS or arg == "exit"
    if what == "clock-type":
        return arg in ("fixed", "det", "ndet")
    return what in ("ncpus", "clock-maxticks", "clock-start") and arg.isdigit()


def machine_env(args, prog_name: str, prog_args: list[str], stdin: bytes | None = None,
                round_robin: bool = False, files: list[tuple[str, bytes]] = ()) -> list[tuple[str, bytes]]:
    """The boot environment DiOS reads: arguments, environment variables,
    -o options, stdin, files."""
    env = [("divm.arg", prog_name.encode())]
    if round_robin:
        env.append(("divm.sched", b"rr"))
    if getattr(args, "command", None) == "run":  # a run passes the exit status on (the user's -o comes later)
        env.append(("divm.opt", b"ignore:exit"))
    env += [("divm.arg", a.encode()) for a in prog_args]
    for v in getattr(args, "env", None) or []:  # (main's envp as given, as DIVINE's -E; getenv reads NAME=VALUE)
        if not v or "\0" in v:
            raise UsageError(f"-E {v!r}: expected NAME=VALUE")
        env.append(("divm.env", v.encode()))
    for o in args.opts:
        if not valid_opt(o):
            raise UsageError(f"unknown option -o {o} (use [force-]nofail|simfail:malloc, "
                             f"[force-]ignore|report|abort|detect:KIND, ncpus:N, clock-type:fixed|det|ndet, "
                             f"clock-maxticks:N, clock-start:N, check:overflow, check:race, check:size32, "
                             f"nondet:uninit, allow:void-main, allow:undefined, exit:abort, cancel:abort, "
                             f"cancel:assert or cancel:deadlock)")
        env.append(("divm.opt", o.encode()))
    if stdin is not None:
        env.append(("divm.stdin", stdin))
    for name, data in files:  # libc-shim's file system starts with these
        env.append(("divm.file", name.encode() + b"\0" + data))
    return env


def vfs_name(name: str) -> str | None:
    """The absolute, normalised name a --file NAME gets in the program's
    file system (relative to its initial working directory "/"), or None
    if NAME cannot name a file there."""
    import posixpath
    if not name or "\0" in name or name.endswith("/"):
        return None
    norm = posixpath.normpath("/" + name)
    if norm.startswith("//"):
        norm = norm[1:]
    if norm == "/" or any(len(c.encode()) > 255 for c in norm.split("/")) or len(norm.encode()) >= 4096:
        return None
    return norm


def check_files(files: list[tuple[str, bytes]], what: str) -> None:
    """Two files may not share a name, nor may one be a directory of another."""
    names = {n for n, _ in files}
    if len(names) != len(files):
        dup = next(n for n in names if sum(1 for m, _ in files if m == n) > 1)
        raise UsageError(f"{what} {dup}: given twice")
    for n in names:
        d = n
        while d.count("/") > 1:
            d = d.rsplit("/", 1)[0]
            if d in names:
                raise UsageError(f"{what} {n}: {d} is a file, not a directory")


def read_files(args) -> list[tuple[str, bytes]]:
    """The --file NAME=PATH options: (normalised NAME, contents of PATH)."""
    files = []
    for spec in getattr(args, "files", None) or []:
        name, eq, path = spec.partition("=")
        if not eq or not name or not path:
            raise UsageError(f"--file {spec}: expected NAME=PATH (the file's name in the program, "
                             "then the host file to read)")
        norm = vfs_name(name)
        if norm is None:
            raise UsageError(f"--file {spec}: {name!r} is not a file name")
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise UsageError(f"--file {spec}: {path}: {e.strerror}") from None
        files.append((norm, data))
    check_files(files, "--file")
    return files


def read_stdin(args) -> bytes | None:
    if not getattr(args, "stdin", None):
        return None
    try:
        with open(args.stdin, "rb") as f:
            return f.read()
    except OSError as e:
        raise UsageError(f"--stdin {args.stdin}: {e.strerror}") from None


def configure(vm, args) -> list:
    """Options that change what the machine does (recorded in traces); the
    checkers they ask for (props/checkers.py), armed."""
    from divm.props.checkers import arm, checkers_for  # here: `divm run` starts without it
    if "allow:undefined" not in args.opts:  # (with it, a call of one faults where it happens)
        check_externals(vm.prog, vm)
    if getattr(args, "leakcheck", None) == "none":
        args.leakcheck = None
    # (-o ignore:race, which DiOS does not know, leaves the check off)
    race = "check:race" in args.opts and not {"ignore:race", "force-ignore:race"} & set(args.opts)
    checkers = checkers_for(getattr(args, "leakcheck", None), race)
    arm(vm, checkers)
    vm.check_overflow = "check:overflow" in args.opts
    if vm.check_overflow and vm.prog.source:
        from divm.load.srcfacts import program_facts
        program_facts(vm.prog)  # (what codegen needs from the source: prog.src_facts)
    vm.void_main_ok = "allow:void-main" in args.opts
    vm.assert_cancels = "cancel:assert" in args.opts
    vm.abort_exits = "exit:abort" in args.opts
    vm.size32 = "check:size32" in args.opts
    if getattr(args, "inputs", None):
        if getattr(args, "symbolic", False):
            raise UsageError("--inputs gives concrete values: it does not go with --symbolic")
        vm.inputs = deque(read_inputs(args.inputs, "nondet:uninit" in args.opts))
    if "nondet:uninit" in args.opts:
        if not getattr(args, "symbolic", False) and not getattr(args, "inputs", None):
            raise UsageError("-o nondet:uninit makes uninitialised memory an input: it needs --symbolic "
                             "(or --inputs for a test case of one)")
        vm.nondet_uninit = True
        if not getattr(args, "symbolic", False):
            from divm.vm.builtins import uninit_inputs
            uninit_inputs(vm)
    if getattr(args, "symbolic", False):
        try:
            vm.enable_symbolic()
        except ImportError:
            raise UsageError("--symbolic needs z3: pip install z3-solver") from None
    rng = getattr(args, "nondet_range", None)
    if rng:
        try:
            lo, hi = (int(x, 0) for x in rng.split(":"))
        except ValueError:
            raise UsageError(f"--nondet-range {rng}: expected LO:HI, e.g. -5:5") from None
        if lo > hi:
            raise UsageError(f"--nondet-range {rng}: LO is greater than HI")
        vm.nondet_range = (lo, hi)
    return checkers


def read_inputs(path: str, uninit_ok: bool = False) -> list[int]:
    """The values of an inputs file: {"inputs": [{"value": N, ...}, ...]}
    (what --tests-out writes) or a plain list of numbers."""
    try:
        with open(path) as f:
            data = json.load(f)
    except OSError as e:
        raise UsageError(f"--inputs {path}: {e.strerror}") from None
    except ValueError:
        raise UsageError(f"--inputs {path}: not JSON") from None
    items = data.get("inputs") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise UsageError(f"--inputs {path}: expected a list of inputs")
    vals = [i.get("value") if isinstance(i, dict) else i for i in items]
    if not uninit_ok and any(isinstance(i, dict) and i.get("function") == UNINIT_INPUT for i in items):
        raise UsageError(f"--inputs {path}: the test case reads uninitialised memory as input: "
                         f"run it with -o nondet:uninit")
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in vals):
        raise UsageError(f"--inputs {path}: every input must be a number")
    return vals


def write_tests(directory: str, inputs: list[dict], prog: str) -> str:
    """An error's inputs as a test case that `divm run --inputs` replays."""
    os.makedirs(directory, exist_ok=True)
    n = 1
    while os.path.exists(os.path.join(directory, f"test{n}.json")):
        n += 1
    path = os.path.join(directory, f"test{n}.json")
    with open(path, "w") as f:
        json.dump({"program": os.path.basename(prog), "inputs": inputs}, f, indent=2)
        f.write("\n")
    return path


def check_externals(prog, vm) -> None:
    from divm.codegen.calls import ALWAYS_ERROR, HYPERCALLS, SETJMP
    known = HYPERCALLS | SETJMP | set(ALWAYS_ERROR) | set(vm.builtins)
    missing = [(n, where) for n, where in prog.ext_uses.items() if n not in known]
    if missing:
        first = ", ".join(f"{n} (used in {w})" for n, w in missing[:5])
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        raise LoadError(f"undefined function{'s' if len(missing) > 1 else ''}: {first}{more}")


def parse_size(text: str | None) -> int | None:
    if text is None:
        return None
    t = text.strip().upper()
    mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
    try:
        if t and t[-1] == "B":
            t = t[:-1]
        if t and t[-1] in mult:
            return int(float(t[:-1]) * mult[t[-1]])
        return int(t)
    except ValueError:
        raise UsageError(f"--max-memory {text}: not a size (use e.g. 2G or 512M)") from None


def check_time(args) -> None:
    if args.max_time is not None and not args.max_time > 0:
        raise UsageError("--max-time must be a positive number of seconds")


def check_output(*paths) -> None:
    """Refuse an output file that cannot be written before the work starts."""
    for path in paths:
        if not path:
            continue
        d = os.path.dirname(path) or "."
        if not os.path.isdir(d):
            raise UsageError(f"{path}: directory {d} does not exist")
        if os.path.isdir(path):
            raise UsageError(f"{path}: is a directory")


def default_trace_path(prog: str) -> str:
    base = prog[:-len(os.path.splitext(prog)[1])] if os.path.splitext(prog)[1] else prog
    return base + ".trace.json"


def trace_options(args, stdin: bytes | None, files=()) -> dict:
    """What a trace records of the options, so that replay rebuilds the machine."""
    import base64
    opts = {"o": sorted(args.opts), "leakcheck": args.leakcheck, "args": list(args.args),
            "nondet_range": getattr(args, "nondet_range", None),
            "symbolic": bool(getattr(args, "symbolic", False)),
            "stdin": base64.b64encode(stdin).decode() if stdin is not None else None}
    if getattr(args, "env", None):
        opts["env"] = list(args.env)
    if files:  # the contents travel with the trace: replay needs no host file
        opts["files"] = [{"name": n, "contents": base64.b64encode(d).decode()} for n, d in files]
    return opts


def trace_files(opts: dict) -> list[tuple[str, bytes]]:
    """options.files of a trace, checked; ValueError if malformed."""
    import base64
    import binascii
    raw = opts.get("files") or []
    if not isinstance(raw, list):
        raise ValueError("files")
    files = []
    for e in raw:
        if not (isinstance(e, dict) and isinstance(e.get("name"), str) and isinstance(e.get("contents"), str)):
            raise ValueError("files")
        if vfs_name(e["name"]) != e["name"]:
            raise ValueError("files")
        try:
            files.append((e["name"], base64.b64decode(e["contents"], validate=True)))
        except (binascii.Error, ValueError):
            raise ValueError("files") from None
    try:
        check_files(files, "file")
    except UsageError:
        raise ValueError("files") from None
    return files


def trace_namespace(opts: dict) -> argparse.Namespace:
    """The machine options a trace recorded, checked; ValueError if malformed."""
    ns = argparse.Namespace(opts=list(opts.get("o") or []), leakcheck=opts.get("leakcheck"),
                            args=list(opts.get("args") or []), nondet_range=opts.get("nondet_range"),
                            symbolic=opts.get("symbolic", False), env=list(opts.get("env") or []))
    if not (isinstance(opts.get("o") or [], list) and isinstance(opts.get("args") or [], list)
            and isinstance(opts.get("env") or [], list)
            and all(isinstance(x, str) for x in ns.opts + ns.args + ns.env)
            and all(x and "\0" not in x for x in ns.env)
            and ns.leakcheck in (None, "exit", "return", "state", "cleanup")
            and isinstance(ns.nondet_range, (str, type(None))) and isinstance(ns.symbolic, bool)):
        raise ValueError("options")
    return ns
