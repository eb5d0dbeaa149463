"""The commands of `divm sim` (the standard library's `cmd`): running,
breakpoints, threads and choices, rewinding, and looking at the state.
Commands come from readline on a terminal, else one a line from standard
input, each echoed after the prompt, so a script gives a transcript."""

from __future__ import annotations

import cmd
import os
import sys

from divm.cli.simexpr import EvalError
from divm.cli.siminspect import CommandError, Inspect
from divm.cli.simrun import Runner
from divm.cli.simstate import Abandon, Breakpoint
from divm.cli.simtypes import DebugInfo
from divm.cli.simview import threads

ALIASES = {"s": "step", "n": "next", "si": "stepi", "c": "continue", "cont": "continue", "b": "break",
           "bt": "backtrace", "where": "backtrace", "p": "print", "q": "quit", "exit": "quit", "r": "start",
           "run": "start", "x": "memory", "d": "delete", "l": "list", "f": "frame", "i": "info"}
# commands that leave a transition stopped in the middle (it is undone first)
LEAVING = ("start", "rewind", "back", "quit")
RUNNING = ("step", "next", "stepi", "stepa", "finish", "continue")

HELP = """Commands (a transition runs one thread up to its next visible action;
the scheduler and the program's choices are made between and inside them):
  start                   back to the beginning, run to the first line of main
  step [N]   (s)          to the next C line, into calls
  next [N]   (n)          to the next C line of this function, over calls
  stepi [N]  (si)         to the next line of the code divm generates for C (a part of a statement; shown)
  stepa [N]               to the end of this transition, or N whole transitions
  finish                  until the current function returns
  continue [N] (c)        until a breakpoint, an error or the end (N transitions at most)
  break FILE:LINE|LINE|FUNCTION (b)   a breakpoint;  delete [N] (d);  info breakpoints
  thread [N]              look at thread N; it runs in the next transition
  choose K...             the next choices (nondet values, malloc failures, __vm_choose) take K...
  rewind [N]              back to the state after transition N (default: one transition back;
                          inside a transition: its start)
  back [N]                back N stops (the transition runs again to that point)
  backtrace [all] (bt)    this thread's stack (all: every thread's);  frame N, up, down
  threads                 every thread: can it run, where is it
  print EXPR (p)          a C expression over globals and the frame's locals, with its type
  info locals             the frame's local variables
  memory EXPR (x)         the objects EXPR (a pointer or an object) leads to, a few levels deep
  bits EXPR               which bits of a value are defined
  trace [N]               the transitions so far (the last N), in words
  list [LINE]  (l)        source lines around here
  quit (q)                also end of input
Stepping by line stops inside a transition (a Python trace hook on the
code divm generates); the other threads run only between transitions.
step, next and finish keep to their thread while it can run; otherwise,
as for continue and stepa, the scheduler takes its first choice (0),
or the recorded trace's with --trace, or the thread named by `thread`.
Locals the VM keeps in registers (their address is never taken) have no
address and are readable only where the code still needs them."""


class Shell(Inspect, cmd.Cmd):
    prompt = "(divm) "
    identchars = cmd.Cmd.identchars + "-"

    def __init__(self, runner: Runner, info: DebugInfo, debug: bool = False):
        super().__init__()
        self.r, self.vm, self.info, self.prog = runner, runner.vm, info, runner.vm.prog
        self.debug = debug
        self.interactive = sys.stdin.isatty() and sys.stdout.isatty()
        self.done = False
        self.last_run = ""
        runner.nested = self.nested
        runner.say = self.say
        if self.interactive:
            try:
                import readline
                readline.set_completer(self.complete)
                readline.parse_and_bind("tab: complete")
            except ImportError:
                pass

    @staticmethod
    def say(text: str) -> None:
        print(text, flush=True)

    # -- the loops --------------------------------------------------------------------
    def read(self) -> str:
        if self.interactive:
            try:
                return input(self.prompt)
            except EOFError:
                print()
                return "quit"
        sys.stdout.write(self.prompt)
        line = sys.stdin.readline()
        if not line:
            sys.stdout.write("\n")
            return "quit"
        line = line.rstrip("\n")
        sys.stdout.write(line + "\n")
        sys.stdout.flush()
        return line

    def loop(self) -> None:
        """Commands until quit; a command typed in a stopped transition that
        leaves it (start, rewind, quit) runs here, once it is undone."""
        pending = None
        while not self.done:
            line = pending if pending is not None else self.read()
            pending = None
            try:
                self.dispatch(line)
            except Abandon as a:
                pending = a.line

    def nested(self) -> None:
        """Commands at a stop inside a transition, until one goes on."""
        while True:
            line = self.read()
            word = self.expand(line).split(maxsplit=1)
            if word and word[0] in LEAVING:
                try:  # (checked here: leaving undoes the transition under way)
                    arg = word[1] if len(word) > 1 else ""
                    if word[0] == "rewind":  # without N: to the start of this transition
                        line = f"rewind {self.rewind_target(arg, len(self.r.path) - (self.r.pause.why == 'error'))}"
                    elif word[0] == "back":  # (this stop is the last one: back 1 is the one before)
                        n = self.count(arg) + 1
                        if n > len(self.r.stops):
                            raise CommandError(f"no stop {n - 1} back (rewind goes back by transitions)")
                        line = f"back {n}"
                except CommandError as e:
                    self.say(f"error: {e}")
                    continue
                raise Abandon(line)
            if self.dispatch(line):
                return

    @staticmethod
    def expand(line: str) -> str:
        line = line.strip()
        word, _, rest = line.partition(" ")
        return (ALIASES.get(word, word) + " " + rest).strip()

    def dispatch(self, line: str) -> bool:
        """Run one command; True if a stopped transition is to go on."""
        line = self.expand(line)
        if not line or line.startswith("#"):
            if not line and self.interactive and self.last_run:
                line = self.last_run
            else:
                return False
        # (an empty line on a terminal repeats a running command right before it, as in gdb)
        self.last_run = line if line.split()[0] in RUNNING else ""
        try:
            return bool(self.onecmd(line))
        except (CommandError, EvalError) as e:
            self.say(f"error: {e}")
        except Abandon:
            raise
        except Exception as e:  # a command fails alone; the session goes on
            if self.debug:
                raise
            self.say(f"error: {type(e).__name__}: {e}")
        return False

    def default(self, line: str) -> bool:
        raise CommandError(f"unknown command {line.split()[0]!r} (help lists the commands)")

    def emptyline(self) -> bool:
        return False

    def do_help(self, arg: str) -> None:
        """help [COMMAND]: the commands, or one command's use."""
        name = ALIASES.get(arg.strip(), arg.strip())
        if name:
            doc = getattr(getattr(self, f"do_{name}", None), "__doc__", None)
            if not doc:
                raise CommandError(f"no command {arg.strip()!r}")
            self.say(doc)
        else:
            self.say(HELP)

    # -- running ---------------------------------------------------------------------
    def count(self, arg: str) -> int:
        try:
            n = int(arg) if arg.strip() else 1
        except ValueError:
            raise CommandError(f"expected a number, not {arg.strip()!r}") from None
        if n < 1:
            raise CommandError("the count must be at least 1")
        return n

    def do_start(self, arg: str) -> bool:
        """start: back to the booted state, then run to the first line of main."""
        self.r.rewind(0)
        return self.r.go("continue", temp="main")

    def do_step(self, arg: str) -> bool:
        """step [N]: run to the next C line (into called functions), N times."""
        return self.r.go("step", self.count(arg))

    def do_next(self, arg: str) -> bool:
        """next [N]: run to the next C line of this function (over calls), N times."""
        return self.r.go("next", self.count(arg))

    def do_stepi(self, arg: str) -> bool:
        """stepi [N]: run one line of the Python code divm generates for C (a C
        statement takes several; divm keeps no LLVM instruction boundaries)."""
        return self.r.go("stepi", self.count(arg))

    def do_stepa(self, arg: str) -> bool:
        """stepa [N]: run to the end of this transition, or N whole transitions
        (a transition: one thread, up to its next visible action)."""
        return self.r.go("stepa", self.count(arg))

    def do_finish(self, arg: str) -> bool:
        """finish: run until the current function returns."""
        return self.r.go("finish", self.count(arg))

    def do_continue(self, arg: str) -> bool:
        """continue [N]: run until a breakpoint, an error or the end (at most N transitions)."""
        return self.r.go("continue", limit=self.count(arg) if arg.strip() else None)

    def do_quit(self, arg: str) -> bool:
        """quit: end the session (so does the end of input)."""
        self.done = True
        return False

    # -- breakpoints -----------------------------------------------------------------
    def do_break(self, arg: str) -> None:
        """break FILE:LINE | LINE | FUNCTION: stop there (a line: when a thread
        reaches it; a function: when it is called)."""
        arg = arg.strip()
        if not arg:
            raise CommandError("break FILE:LINE, break LINE or break FUNCTION")
        r = self.r
        if arg.isdigit() or ":" in arg:
            file, _, line = arg.rpartition(":")
            if not line.isdigit():
                raise CommandError(f"{arg}: expected FILE:LINE")
            file, line, note = self.code_line(file, int(line))
            r.bp_count += 1
            r.bps[r.bp_count] = Breakpoint(r.bp_count, file, line)
        else:
            fn = self.prog.fn_by_name.get(arg)
            if fn is None or fn.decl or fn.system:
                raise CommandError(f"no function {arg!r} in the program")
            r.bp_count += 1
            r.bps[r.bp_count] = Breakpoint(r.bp_count, function=arg)
            note = f" ({os.path.basename(fn.file)}:{fn.line})"
        self.say(f"breakpoint {r.bp_count} at {r.bps[r.bp_count].text()}{note}")

    def code_line(self, file: str, line: int) -> tuple[str, int, str]:
        """The first line from `line` on that has code, in the program's file named file."""
        lines: dict[str, set] = {}
        for fn in self.prog.functions:
            if not fn.system and not fn.decl:
                for b in fn.blocks:
                    for ins in b.ins:
                        if ins.loc:
                            lines.setdefault(ins.loc[0], set()).add(ins.loc[1])
        if not file:
            here = self.here()
            file = here[0] if here else next(iter(lines), "")
        names = [f for f in lines if f == file or os.path.basename(f) == os.path.basename(file)]
        if not names:
            raise CommandError(f"no code of the program is in {file}")
        after = sorted(n for n in lines[names[0]] if n >= line)
        if not after:
            raise CommandError(f"no code at or after line {line} of {file}")
        note = f" (line {line} has no code)" if after[0] != line else ""
        return os.path.basename(names[0]), after[0], note

    def do_delete(self, arg: str) -> None:
        """delete [N]: delete breakpoint N (all of them without N)."""
        if not arg.strip():
            self.r.bps.clear()
            self.say("every breakpoint deleted")
            return
        n = self.count(arg)
        if self.r.bps.pop(n, None) is None:
            raise CommandError(f"no breakpoint {n}")
        self.say(f"breakpoint {n} deleted")

    def do_info(self, arg: str) -> None:
        """info breakpoints | threads | locals"""
        what = arg.strip()
        if "breakpoints".startswith(what) and what:
            if not self.r.bps:
                self.say("no breakpoints")
            for bp in self.r.bps.values():
                self.say(f"  {bp.num}  {bp.text()}" + (f"  (hit {bp.hits} times)" if bp.hits else ""))
        elif what and "threads".startswith(what):
            self.do_threads("")
        elif what and "locals".startswith(what):
            self.locals()
        else:
            raise CommandError("info breakpoints, info threads or info locals")

    # -- threads and choices ---------------------------------------------------------
    def do_thread(self, arg: str) -> None:
        """thread [N]: look at thread N (its stack, its locals); it runs in the
        next transition when it can."""
        r = self.r
        if not arg.strip():
            self.show_thread(r.current_thread())
            return
        n = self.count(arg)
        if not any(t == n for t, _, _, _ in threads(self.vm)):
            raise CommandError(f"no thread {n} (threads lists them)")
        r.sel_thread, r.sel_frame = n, 0
        self.show_thread(n)
        if r.pause is not None:
            r.want_thread = n
            note = "" if n == r.pause.tid else f"; this one goes on in thread {r.pause.tid}"
            self.say(f"thread {n} runs in the next transition{note}")
            return
        ids = r.runnable(r.snaps[-1])
        if n in ids:
            r.want_thread = n
            self.say(f"thread {n} runs next")
        else:
            can = ", ".join(map(str, ids)) or "none"
            self.say(f"thread {n} cannot run next (it waits, or has ended); threads that can: {can}")

    def do_choose(self, arg: str) -> None:
        """choose K...: the next choices that are not the scheduler's (nondet
        values, malloc failing or not, __vm_choose) take K..., in order."""
        try:
            vals = [int(x) for x in arg.replace(",", " ").split()]
        except ValueError:
            raise CommandError("choose K... takes numbers, e.g. choose 1 0") from None
        if not vals or min(vals) < 0:
            raise CommandError("choose K...: one or more numbers from 0")
        self.r.choices = vals
        self.say("the next choices take " + ", ".join(map(str, vals)))

    def do_back(self, arg: str) -> bool:
        """back [N]: back to the N-th last place the run stopped at (a step's
        end, a breakpoint; inside a transition too): the transition runs again
        from its start with the choices it had made, to that point."""
        try:
            self.r.back(self.count(arg))
        except ValueError as e:
            raise CommandError(str(e)) from None
        return False

    def do_rewind(self, arg: str) -> None:
        """rewind [N]: back to the state after transition N (0: just booted);
        without N, one transition back (inside a transition: its start)."""
        r = self.r
        k = self.rewind_target(arg, len(r.path) - 1)
        r.rewind(k)
        tid = r.current_thread()
        frames = r.user_frames(tid)
        self.say(f"back after transition {k}" if k else "back at the booted state")
        if frames:
            self.say(f"thread {tid} at {frames[0].where()}")

    def rewind_target(self, arg: str, default: int) -> int:
        r = self.r
        arg = arg.strip()
        if not arg.isdigit() and arg:
            raise CommandError(f"expected a transition number, not {arg!r}")
        k = int(arg) if arg else default
        if not 0 <= k <= len(r.path):
            raise CommandError(f"no transition {k}: the path has {len(r.path)}" if r.path else
                               "nothing to rewind: no transition has run")
        return k
