"""Stopping inside a transition, for `divm sim`: a Python trace hook on the
program's generated code (sys.settrace) that sees each C line a thread
reaches and stops there for a new line, a breakpoint, the end of a
function, or just before an error; the stop takes commands (the shell's
loop runs inside the hook) until one goes on.  A stop is remembered as
(transition, count of C lines reached, choices made so far): the
transition is deterministic, so running it again with those choices to
that count is going back to that stop (`back`)."""

from __future__ import annotations

import linecache
import os

from divm.cli.simview import live_frames, user_depth
from divm.explore.search import Step
from divm.vm.defs import StopRequest

STEPPING = ("step", "next", "stepi", "finish")


class Abandon(BaseException):
    """Leaves a transition stopped in the middle; `line`, a command, runs
    once the state before the transition is back."""

    def __init__(self, line: str):
        super().__init__(line)
        self.line = line


class Mode:
    """What a running command waits for (kind: step, next, stepi, finish,
    stepa, continue; count times) and where it started: thread, depth of
    the program's own frames, C location; temp: a function to stop in."""
    __slots__ = ("kind", "count", "tid", "depth", "loc", "temp", "limit", "done")

    def __init__(self, kind: str, count: int = 1, tid=None, depth: int = 0, loc=None, temp: str | None = None):
        self.kind, self.count, self.tid, self.depth, self.loc, self.temp = kind, count, tid, depth, loc, temp
        self.limit: int | None = None  # transitions at most (continue N, --max-states)
        self.done = 0  # transitions ended since the command


class Breakpoint:
    __slots__ = ("num", "file", "line", "function", "hits")

    def __init__(self, num: int, file: str = "", line: int = 0, function: str | None = None):
        self.num, self.file, self.line, self.function, self.hits = num, file, line, function, 0

    def text(self) -> str:
        return f"function {self.function}" if self.function else f"{self.file}:{self.line}"

    def at(self, loc: tuple) -> bool:
        return loc[1] == self.line and (loc[0] == self.file or os.path.basename(loc[0]) == os.path.basename(self.file))


class Entry:
    """One transition of the path: the step (choices, thread, output,
    error, where it stopped), its choices in words, the exit status,
    whether it cut the run (an assumption failed), the globals it changed."""
    __slots__ = ("step", "events", "exit_status", "cut", "changed")

    def __init__(self, step: Step, events: list[str], exit_status, cut: bool):
        self.step, self.events, self.exit_status, self.cut = step, events, exit_status, cut
        self.changed: list[dict] = []  # the globals it changed: {name, value}


class Pause:
    """A transition stopped in the middle: the Python frame and C location,
    the running thread, why (None: a step's end, "breakpoint N", "start",
    "back", "error": just before the error)."""
    __slots__ = ("frame", "loc", "tid", "why")

    def __init__(self, frame, loc: tuple, tid, why):
        self.frame, self.loc, self.tid, self.why = frame, loc, tid, why


class Tracer:
    """sys.settrace's hook on the program's generated code (not DiOS's or
    the library's): counts the C locations it reaches and asks the runner
    at each whether to stop.  stop_at: stop at that count only, quietly
    (-1: never); skip: go quietly up to that count and stop there."""

    def __init__(self, runner: Stops, stop_at: int | None = None, skip: int | None = None):
        self.runner = runner
        self.code_info = runner.vm.code_info
        self.events = 0
        self.stop_at, self.skip = stop_at, skip

    def call(self, frame, event, arg):
        info = self.code_info.get(id(frame.f_code))
        if info is None or info[0].system:
            return None
        fn, linemap = info[0], info[1]
        rs = frame.f_locals.get("_rs")
        # a parked activation resumes in the middle of its line: that line is not new
        resumed = getattr(fn, "resume_loc", {}).get(rs[0]) if rs is not None and len(rs) == 4 else None
        state = [resumed, rs is None, None, 0]  # last location, a fresh call, depth (once asked), Python line

        def local(f, ev, a):
            if ev == "line":
                loc = linemap.get(f.f_lineno)
                if loc is not None:
                    self.line(f, fn, loc, state)
            return local
        return local

    def line(self, f, fn, loc: tuple, state: list) -> None:
        changed, fresh = loc != state[0], state[1]
        if not changed and f.f_lineno < state[3]:  # a jump back: to a block's start (a loop on one line)?
            bb = f.f_locals.get("bb")  # (not a resume tail's: those go on in the middle of a line)
            changed = bb.__class__ is int and bb < 100000
        state[0], state[1], state[3] = loc, False, f.f_lineno
        self.events += 1
        r = self.runner
        if self.stop_at is not None:
            if self.events == self.stop_at:
                r.stop(f, loc, "error", self.events)
            return
        if self.skip is not None:
            if self.events == self.skip:
                self.skip = None
                r.vm.out = r.out
                r.stop(f, loc, "back", self.events)
            return
        why = r.hit(fn, loc, changed, fresh)
        if why is not None or r.wants(f, loc, changed, state):
            r.stop(f, loc, why, self.events)


class Stops:
    """A mixin of the runner: stops inside transitions and going back to them."""

    def hit(self, fn, loc: tuple, changed: bool, fresh: bool) -> str | None:
        """A breakpoint (or start's stop in main) at this location."""
        for bp in self.bps.values():
            if bp.function == fn.name and fresh or bp.function is None and changed and bp.at(loc):
                bp.hits += 1
                return f"breakpoint {bp.num}"
        m = self.mode
        if m is not None and m.temp == fn.name and fresh:
            return "start"
        return None

    def wants(self, f, loc: tuple, changed: bool, state: list) -> bool:
        """Has the running command (step, next, stepi, finish) reached its end here?"""
        m = self.mode
        if m.kind == "stepi":
            return True
        if m.kind not in STEPPING or m.kind != "finish" and not changed:
            return False
        if m.kind == "step":
            return True
        if self.running_thread() != m.tid:
            return False
        if state[2] is None:
            state[2] = user_depth(self.vm, f)
        return state[2] < m.depth if m.kind == "finish" else state[2] <= m.depth

    def stop(self, f, loc: tuple, why, events: int) -> None:
        """Stop here: show where, and take commands until one goes on."""
        m = self.mode
        self.stops.append((len(self.path) - (why == "error"), events, list(self.log)))
        if why is None and m.count > 1:  # (step N: a stop not shown, but one to go back to)
            m.count -= 1
            m.tid, m.depth, m.loc = self.running_thread(), user_depth(self.vm, f), loc
            return
        self.pause = Pause(f, loc, self.running_thread(), why)
        self.sel_thread, self.sel_frame = None, 0
        self.show_stop(f.f_lineno if m is not None and m.kind == "stepi" and why is None else None)
        self.running = False  # (at the prompt: Ctrl-C does not stop a command)
        try:
            self.nested()
        finally:
            self.pause = None
            self.running = True

    def show_stop(self, pyline: int | None = None) -> None:
        p = self.pause
        head = {"error": "just before the error: ", "start": "", "back": "back: ", None: ""}.get(p.why, f"{p.why}: ")
        fn = live_frames(self.vm, p.frame)[0].fn
        gen = f", line {pyline} of the code generated for {fn.name}" if pyline else ""
        self.say(f"{head}thread {p.tid} at {fn.name} ({p.loc[0]}:{p.loc[1]}){gen}")
        self.say_source(p.loc)
        if pyline:  # what runs next, as divm generated it from the LLVM instructions
            text = generated_line(self.vm, fn, pyline)
            if text:
                self.say(f"        -> {text}")

    def say_source(self, loc: tuple) -> None:
        text = linecache.getline(loc[0], loc[1]).rstrip()
        if text:
            self.say(f"{loc[1]:>6}  {text}")

    def stop_at_error(self, entry: Entry) -> None:
        """Run the failed transition again, quietly, to the last line of the
        program it reached (the error's), and stop just before it runs."""
        counter = Tracer(self, stop_at=-1)
        self.quietly(entry.step.choices, counter)
        if counter.events:  # (none: the error is DiOS's own, a deadlock or a leak at exit)
            self.quietly(entry.step.choices, Tracer(self, stop_at=counter.events))

    def quietly(self, choices: list, tracer: Tracer) -> None:
        """The last transition once more, from the state before it, with its choices."""
        self.log = list(choices)
        made: list = []

        def replay(n, weights=None):
            made.append(n)
            c = choices[len(made) - 1] if len(made) <= len(choices) else (0, 1)
            return c if n == -1 else c[0]
        try:
            self.execute(self.snaps[-2], replay, tracer)
        except StopRequest:
            pass
        finally:
            self.recover()

    def back(self, n: int) -> None:
        """Back n stops: to the state before that stop's transition, then
        that transition again with the choices it had made, to the stop."""
        if not 1 <= n <= len(self.stops):
            what = f"only {len(self.stops)} stop{'s' * (len(self.stops) > 1)} to go back to" if self.stops \
                else "no stop to go back to"
            raise ValueError(what + " (rewind goes back by transitions)")
        k, events, made = self.stops[-n]
        del self.stops[len(self.stops) - n:]  # (that stop is made again when it is reached)
        kept = self.stops
        self.rewind(k)
        self.stops = kept
        self.prefix = (made, events)
        self.mode = Mode("continue")
        self.run()


_GENERATED: dict = {}  # (VM, function index) -> the lines of its generated code


def generated_line(vm, fn, line: int) -> str:
    """Line `line` of the Python code generated for fn (generated once more:
    the code object the VM runs, perhaps from the disk cache, has no text)."""
    from divm.codegen.emit import CodegenError
    from divm.codegen.gen import generate
    key = (id(vm), fn.idx)
    lines = _GENERATED.get(key)
    if lines is None:
        try:
            lines = _GENERATED[key] = generate(vm, fn)[0].splitlines()
        except CodegenError:
            lines = _GENERATED[key] = []
    return lines[line - 1].strip() if 0 < line <= len(lines) else ""
