"""The public Python API, re-exported by `import divm`.

    import divm
    report = divm.verify("prog.c", search="bfs", leakcheck="exit")
    report["result"]            # "valid", "error", "inconclusive", "boot-error"

`verify` and `run` take the command line's options as keyword arguments
(dashes become underscores: `max_states=1000`, `opts=["nofail:malloc"]`,
`args=["x"]`, `liveness="props.ltl"`, `workers=2`, `report="r.json"`) and
return the report dict of `--report` (SPEC.md section 5).  They print
nothing; a counterexample's trace is in the report ("trace": the trace
itself, or the file it went to with `trace_out=`).  `machine` gives a
`Machine` to drive an explorer by hand."""

from __future__ import annotations

import argparse
import os
import signal
import threading
from contextlib import contextmanager
from typing import Callable

from divm.cli.parser import UsageError, build_parser
from divm.explore.explorer import Explorer, Task, names
from divm.explore.search import Limits, Machine, Result
from divm.props.checkers import Checker
from divm.state.store import StateStore

__all__ = ["load_program", "run", "verify", "machine", "explorers", "Machine", "Explorer", "Task", "Result", "Limits",
           "Checker", "StateStore", "UsageError"]


def load_program(path: str | os.PathLike):
    """Load a program (.c, .bc or .ll), linked with DiOS and libc-shim.
    (Not `divm.load`: that is the loader's package.)"""
    from divm.load.loader import load_program
    return load_program(os.fspath(path))


def explorers() -> list[str]:
    """The names --search and `verify(search=...)` know."""
    return names()


def verify(path: str | os.PathLike, search: str | type | Explorer = "bfs", **options) -> dict:
    """Explore every run of the program; the report.  search: a --search
    spec ("dfs", "bfs", "liveness", "parallel", "package.module:Class",
    "file.py:Class") or an explorer class or object."""
    from divm.cli.output import Quiet
    from divm.cli.verify import verify_program
    ns = namespace("verify", path, options)
    explorer = None
    if isinstance(search, str):
        ns.search = search
    else:
        explorer = search() if isinstance(search, type) else search
    with _signals_restored():
        return verify_program(ns, Quiet(), explorer)


def run(path: str | os.PathLike, out: Callable[[int, bytes], None] | None = None, **options) -> dict:
    """One run, as `divm run` (deterministic unless random=True or
    choices="1,0,..."); the report, with "status" (what `divm run` would
    exit with) and, unless out(fd, data) takes it, the program's "output"
    (stdout and stderr, in order)."""
    from divm.cli.output import Quiet
    from divm.cli.run import run_program
    ns = namespace("run", path, options)
    chunks: list[bytes] = []
    with _signals_restored():
        status, report = run_program(ns, out or (lambda fd, data: chunks.append(data)), Quiet())
    report["status"] = status
    if out is None:
        report["output"] = b"".join(chunks).decode("utf-8", "replace")
    return report


def machine(path: str | os.PathLike, **options) -> Machine:
    """The program's state space, configured as `verify` would (same
    keyword options), for driving an explorer by hand:
    `Explorer.explore(divm.machine("p.c"), divm.Task())`."""
    from divm.cli.options import configure, machine_env, read_files, read_stdin
    ns = namespace("verify", path, options)
    from divm.vm.machine import VM
    prog = load_program(path)
    env = machine_env(ns, os.path.basename(ns.prog), ns.args, read_stdin(ns), files=read_files(ns))
    vm = VM(prog, env, out=None)
    checkers = configure(vm, ns)
    vm.reduce = not ns.no_reduce
    vm.want_stop_bt = True
    return Machine(vm, checkers=checkers, compaction=ns.hash_compaction)


def namespace(command: str, path, options: dict) -> argparse.Namespace:
    """The options the command line would give, from keyword arguments."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[command]
    ns = sub.parse_args([os.fspath(path)])
    prog_args = options.pop("args", ())
    for k, v in options.items():
        if not hasattr(ns, k) or k in ("prog", "debug"):
            raise TypeError(f"divm.{command}(): unknown option {k!r}")
        setattr(ns, k, list(v) if k in ("opts", "files") else v)
    ns.command, ns.args, ns.api = command, [str(a) for a in prog_args], True
    return ns


@contextmanager
def _signals_restored():
    """The command line keeps its SIGINT/SIGTERM handlers to the end; a
    library call gives the caller's back."""
    main = threading.current_thread() is threading.main_thread()
    saved = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)} if main else {}
    try:
        yield
    finally:
        for s, h in saved.items():
            signal.signal(s, h)
