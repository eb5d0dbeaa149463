"""The machine-readable results (SPEC.md section 5): reports, traces, exit
statuses, and writing them safely."""

from __future__ import annotations

import json
import os

from divm.cli import __version__
from divm.load.loader import LoadError

EXIT = {"valid": 0, "error": 1, "boot-error": 1, "inconclusive": 3}


def new_report(command: str, result: str, **fields) -> dict:
    return {"tool": "divm", "version": __version__, "command": command, "result": result, **fields}


def make_trace(prog, options: dict, path, cycle_start: int | None = None) -> dict:
    """A trace: the choices of each step of path, from the initial state."""
    return {"format": "divm-trace", "version": 1, "program": prog.digest, "options": options,
            "steps": [{"choices": [list(c) for c in st.choices], "interrupts": []} for st in path],
            "cycle_start": cycle_start}


def write_json(path: str, data: dict) -> None:
    """Atomically: a temporary file beside it, then a rename, so an
    interrupted divm never leaves a truncated report or trace."""
    tmp = f"{path}.tmp{os.getpid()}"
    try:
        with open(tmp, "w") as f:
            json.dump(data, f, indent=2)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as e:  # an interrupted or failed write leaves nothing behind
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError):
            raise LoadError(f"cannot write {path}: {e.strerror}") from None
        raise


def trace_target(args) -> str | None:
    """Where a counterexample's trace goes: --trace-out, else beside the
    program; None when the caller keeps it in the report (the Python API)."""
    from divm.cli.options import default_trace_path
    if args.trace_out:
        return args.trace_out
    return None if getattr(args, "api", False) else default_trace_path(args.prog)


def save_trace(trace: dict, path: str | None) -> str | dict:
    """Write the trace to path; the report's "trace": the path, or the
    trace itself when it is kept in the report."""
    if path is None:
        return trace
    write_json(path, trace)
    return path
