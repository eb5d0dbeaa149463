"""What divm prints: errors with backtraces, counterexamples, progress
lines and summaries.  Commands print through a `Console`; the Python API
passes a `Quiet` one, which prints nothing."""

from __future__ import annotations

import sys

from divm.cli.execution import peak_memory
from divm.cli.explain import input_source, nondet_signed, step_lines


def format_error(err) -> list[str]:
    lines = [f"error: {err.kind}: {err.message}"]
    for i, fr in enumerate(err.backtrace):
        where = f" ({fr['file']}:{fr['line']})" if fr["file"] else ""  # (no place: calls left out)
        lines.append(f"  {'at' if i == 0 else 'from'} {fr['function']}{where}")
    return lines


def print_error(err) -> None:
    for line in format_error(err):
        print(line, file=sys.stderr)


def output_lines(fd: int, data: bytes, indent: str = "      ") -> str:
    """Program output inside a step: each line after a `stdout|` gutter."""
    text = data.decode("utf-8", "replace").rstrip("\n").replace("\n", f"\n{indent}| ")
    return f"{indent}{'stdout' if fd == 1 else 'stderr'}| {text}"


def print_counterexample(path, error, cycle_start=None, explained=None) -> None:
    """The steps (explained: what cli/explain.py made of them), then the error."""
    print("counterexample:", file=sys.stderr)
    for i, st in enumerate(path):
        if i == cycle_start:
            print("  --- the loop starts here and repeats forever ---", file=sys.stderr)
        who = f"thread {st.thread}" if st.thread is not None else "the system"
        if st.bt:
            who += f" at {st.bt[0]['function']} ({st.bt[0]['file']}:{st.bt[0]['line']})"
        elif explained:
            who += f" ({explained[i].get('note', '')})"
        ch = " ".join(f"{v}/{n}" for v, n in st.choices)
        print(f"  step {i + 1}: {who}" + (f"  choices {ch}" if ch else ""), file=sys.stderr)
        for line in step_lines(explained[i]) if explained else ():
            print(line, file=sys.stderr)
        for _, fd, data in st.output:
            print(output_lines(fd, data), file=sys.stderr)
    if error is not None:
        print_error(error)


# the closing line's words for a verdict: never "divm: error:", which is
# divm's own failure (bad input, exit status 2)
VERDICT_WORDS = {"valid": "valid", "error": "found an error", "boot-error": "found an error during boot",
                 "inconclusive": "inconclusive"}


def count(n: float) -> str:
    """A count for a progress line: 987, 12.3k, 4.5M, 5M."""
    if n < 10_000:
        return f"{n:.0f}"
    for scale, unit in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if n >= scale * 0.9995:  # (999999 is 1M, not 1000k)
            v = n / scale
            return (f"{v:.1f}".removesuffix(".0") if v < 100 else f"{v:.0f}") + unit
    return f"{n:.0f}"


def progress_line(states: int, transitions: int, queue: int, secs: float, limits=None) -> str:
    """Where a search is: time, states, transitions, queue, rate, memory;
    time, states and memory against their limits when these are set."""
    max_time, max_states, max_mem = (getattr(limits, k, None) for k in ("max_time", "max_states", "max_memory"))
    time_ = f"{secs:.0f} s" + (f" of {max_time:g} s" if max_time is not None else "")
    states_ = f"{count(states)} states" + (f" of {count(max_states)}" if max_states is not None else "")
    mem = f"{peak_memory() >> 20} MiB" + (f" of {max_mem >> 20} MiB" if max_mem is not None else "")
    return (f"divm: {time_}, {states_}, {count(transitions)} transitions, queue {count(queue)}, "
            f"{count(states / max(secs, 1e-3))} states/s, {mem}")


class Console:
    """Messages on stderr.  Progress (show: "auto"; "always" for --progress,
    "never" for --quiet) is one line rewritten in place on a terminal; in a
    log, a line every LOG_SECONDS (every second with --progress), so that
    short searches print none."""

    LOG_SECONDS = 10.0

    def __init__(self, show: str = "auto"):
        self.tty = sys.stderr.isatty()
        self.show = show
        self.limits = None  # the search's Limits, shown beside the figures
        self.last = 0.0  # the search's seconds at the last progress line
        self.drawn = False  # a progress line is on the terminal

    def note(self, text: str) -> None:
        print(text, file=sys.stderr)

    def error(self, err) -> None:
        print_error(err)

    def counterexample(self, path, error, cycle_start=None, explained=None) -> None:
        print_counterexample(path, error, cycle_start, explained)

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
            print(f"  {input_source(i)} at {i['file']}:{i['line']} (step {i['step']}) = {shown}", file=sys.stderr)

    def start_progress(self, limits=None) -> None:
        """A search starts (its clock at 0) with these limits."""
        self.limits, self.last, self.drawn = limits, 0.0, False

    def progress(self, states: int, transitions: int, queue: int, secs: float) -> None:
        if self.show == "never":
            return
        every = 0.5 if self.tty else 1.0 if self.show == "always" else self.LOG_SECONDS
        if secs - self.last < every:  # (the liveness search calls this for every state)
            return
        self.last = secs
        line = progress_line(states, transitions, queue, secs, self.limits)
        if self.tty:  # one line, cut to the terminal's width: a wrapped line could not be rewritten
            import shutil
            width = shutil.get_terminal_size().columns - 1
            print(f"\r\x1b[K{line[:width]}", end="", file=sys.stderr, flush=True)
            self.drawn = True
        else:
            print(line, file=sys.stderr, flush=True)

    def end_progress(self) -> None:
        if self.drawn:
            print("\r\x1b[K", end="", file=sys.stderr, flush=True)
        self.drawn, self.last = False, 0.0

    def summary(self, verdict: str, states: int, transitions: int, seconds: float, reason: str = "") -> None:
        """The closing line; with --quiet only the verdict (and why it is inconclusive)."""
        words = VERDICT_WORDS.get(verdict, verdict)
        figures = (f": {states} states, {transitions} transitions, {seconds:.2f} s search, "
                   f"{peak_memory() >> 20} MiB") if self.show != "never" else ""
        self.note(f"divm: {words}{figures}" + (f" ({reason})" if reason else ""))


class Quiet(Console):
    """Prints nothing (the Python API: everything is in the report)."""

    def __init__(self):
        super().__init__("never")
        self.tty = False

    def note(self, text: str) -> None:
        pass

    def error(self, err) -> None:
        pass

    def counterexample(self, path, error, cycle_start=None, explained=None) -> None:
        pass

    def inputs(self, inputs: list[dict]) -> None:
        pass
