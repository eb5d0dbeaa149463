"""What divm prints: errors with backtraces, counterexamples, progress
lines and summaries.  Commands print through a `Console`; the Python API
passes a `Quiet` one, which prints nothing."""

from __future__ import annotations

import sys

from divm.cli.execution import peak_memory


def nondet_signed(function: str) -> bool:
    """Whether a nondet function's type is signed (__VERIFIER_nondet_int
    is, __VERIFIER_nondet_uint and _bool are not)."""
    kind = function.removeprefix("__VERIFIER_nondet_").removeprefix("__lamp_any_")
    return not kind.startswith(("u", "size_t", "bool", "_Bool", "pointer", "pchar", "sector"))


def format_error(err) -> list[str]:
    lines = [f"error: {err.kind}: {err.message}"]
    for i, fr in enumerate(err.backtrace):
        lines.append(f"  {'at' if i == 0 else 'from'} {fr['function']} ({fr['file']}:{fr['line']})")
    return lines


def print_error(err) -> None:
    for line in format_error(err):
        print(line, file=sys.stderr)


def output_lines(fd: int, data: bytes, indent: str = "      ") -> str:
    """Program output inside a step: each line after a `stdout|` gutter."""
    text = data.decode("utf-8", "replace").rstrip("\n").replace("\n", f"\n{indent}| ")
    return f"{indent}{'stdout' if fd == 1 else 'stderr'}| {text}"


def print_counterexample(path, error, cycle_start=None) -> None:
    print("counterexample:", file=sys.stderr)
    for i, st in enumerate(path):
        if i == cycle_start:
            print("  --- the loop starts here and repeats forever ---", file=sys.stderr)
        who = f"thread {st.thread}" if st.thread is not None else "kernel"
        if st.bt:
            who += f" at {st.bt[0]['function']} ({st.bt[0]['file']}:{st.bt[0]['line']})"
        ch = " ".join(f"{v}/{n}" for v, n in st.choices)
        print(f"  step {i + 1}: {who}" + (f"  choices {ch}" if ch else ""), file=sys.stderr)
        for _, fd, data in st.output:
            print(output_lines(fd, data), file=sys.stderr)
    if error is not None:
        print_error(error)


class Console:
    """Messages on stderr, progress only when stderr is a terminal."""

    def __init__(self):
        self.tty = sys.stderr.isatty()

    def note(self, text: str) -> None:
        print(text, file=sys.stderr)

    def error(self, err) -> None:
        print_error(err)

    def counterexample(self, path, error, cycle_start=None) -> None:
        print_counterexample(path, error, cycle_start)

    def inputs(self, inputs: list[dict]) -> None:
        """A symbolic counterexample's inputs, concrete."""
        print("inputs:", file=sys.stderr)
        for i in inputs:
            v = i["value"]
            if isinstance(v, float):
                shown = repr(v)
            else:
                signed = nondet_signed(i["function"]) and i["bits"] > 1
                sv = v - (1 << i["bits"]) if signed and v >> (i["bits"] - 1) else v
                shown = f"{v}" if sv == v else f"{sv} ({v:#x})"
            print(f"  {i['function']}() at {i['file']}:{i['line']} (step {i['step']}) = {shown}", file=sys.stderr)

    def progress(self, states: int, transitions: int, queue: int, secs: float) -> None:
        if self.tty:
            print(f"\r{states} states, {transitions} transitions, queue {queue}, "
                  f"{states / max(secs, 1e-9):.0f} states/s, {peak_memory() >> 20} MiB", end="", file=sys.stderr)

    def end_progress(self) -> None:
        if self.tty:
            print("\r", end="", file=sys.stderr)

    def summary(self, verdict: str, states: int, transitions: int, seconds: float, reason: str = "") -> None:
        line = (f"divm: {verdict}: {states} states, {transitions} transitions, "
                f"{seconds:.2f} s search, {peak_memory() >> 20} MiB")
        self.note(line + (f" ({reason})" if reason else ""))


class Quiet(Console):
    """Prints nothing (the Python API: everything is in the report)."""

    def __init__(self):
        self.tty = False

    def note(self, text: str) -> None:
        pass

    def error(self, err) -> None:
        pass

    def counterexample(self, path, error, cycle_start=None) -> None:
        pass

    def inputs(self, inputs: list[dict]) -> None:
        pass
