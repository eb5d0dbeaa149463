"""The commands of `divm sim` that look at the state: threads, stacks and
frames, C expressions, locals, memory, bits, source lines and the path in
words (a mixin of the shell)."""

from __future__ import annotations

from divm.cli.draw import tasks, where
from divm.cli.explain import step_entry, step_lines
from divm.cli.output import output_lines
from divm.cli.simexpr import Evaluator, bits_text, memory_text, type_text
from divm.cli.simview import frame_scope, threads


class CommandError(Exception):
    """A command that cannot be done: one line for the user."""


class Inspect:
    """Reads the runner `r`, the VM, the program and its debug info `info`."""

    def show_thread(self, tid) -> None:
        frames = self.r.user_frames(tid)
        self.say(f"thread {tid} at {frames[0].where()}" if frames else f"thread {tid}: {self.started(tid)}")

    def do_threads(self, arg: str) -> None:
        """threads: every thread, whether it can run next, and where it is."""
        r = self.r
        ids = r.runnable(r.snaps[-1]) if r.pause is None and not r.ended() else []
        cur = r.current_thread()
        for tid, state, wait, _ in threads(self.vm):
            if r.pause is not None and tid == r.pause.tid:
                status = "running"
            elif state != 0:
                status = "ended"
            elif r.pause is None:
                status = "can run" if tid in ids else "blocked"
            else:
                status = "waits" if wait else "parked"
            frames = r.user_frames(tid) if state == 0 else []
            at = frames[0].where() if frames else self.started(tid)
            self.say(f"{'*' if tid == cur else ' '} {tid:<3} {status:<8} {at}")

    def started(self, tid) -> str:
        """Where a thread without a frame of the program is (draw's words)."""
        task = next((t for t in tasks(self.vm.prog, self.vm.objs, self.vm.regs) if t[1] == tid), None)
        return where(self.prog, self.vm.objs, task).removeprefix(f"T{tid} ") if task else ""

    def here(self) -> tuple | None:
        if self.r.pause is not None:
            return self.r.pause.loc
        frames = self.r.user_frames(self.r.current_thread())
        return (frames[0].file, frames[0].line) if frames else None

    def frame(self):
        frames = self.r.user_frames(self.r.current_thread())
        if not frames:
            return None
        return frames[min(self.r.sel_frame, len(frames) - 1)]

    def evaluator(self) -> Evaluator:
        fr = self.frame()
        return Evaluator(self.info, self.vm.objs, frame_scope(self.info, self.vm, fr) if fr is not None else {},
                         self.vm.regs, self.vm.engine)

    def do_print(self, arg: str) -> None:
        """print EXPR: a C expression over globals and the current frame's
        locals (* & -> . [] and arithmetic), its value and its type."""
        ev = self.evaluator()
        v = ev.evaluate(arg)
        self.say(f"{arg.strip()} = {ev.text(v)} ({type_text(v)})")

    def locals(self) -> None:
        fr = self.frame()
        if fr is None:
            raise CommandError("no frame of the program here")
        ev = Evaluator(self.info, self.vm.objs, frame_scope(self.info, self.vm, fr), self.vm.regs, self.vm.engine)
        if not ev.scope:
            self.say(f"{fr.fn.name} has no local variables (or no debug information)")
        for name, v in ev.scope.items():
            self.say(f"{name} = {ev.text(v)} ({type_text(v)})" if not isinstance(v, str) else v)

    def do_memory(self, arg: str) -> None:
        """memory EXPR: the object a pointer EXPR points into (or the object
        EXPR is), its bytes, and the objects its pointers lead to."""
        ev = self.evaluator()
        v = ev.evaluate(arg)
        if v.t.strip().kind == "ptr":
            p = ev.number(v)
            if p >> 32 not in self.vm.objs:
                raise CommandError(f"{arg.strip()} does not point into an object")
            start = p >> 32
        elif v.oid is not None:
            start = v.oid
        else:
            raise CommandError(f"{arg.strip()} is neither a pointer nor in memory")
        fr = self.frame()
        extra = {x.oid: f"{n} (local of {fr.fn.name})" for n, x in ev.scope.items()
                 if not isinstance(x, str) and x.oid is not None} if fr is not None else {}
        for line in memory_text(self.prog, self.vm.objs, self.vm.regs, start, extra):
            self.say(line)

    def do_bits(self, arg: str) -> None:
        """bits EXPR: every bit of a scalar value, ? where it is undefined."""
        ev = self.evaluator()
        v = ev.evaluate(arg)
        if v.t.strip().kind in ("struct", "union", "array"):
            raise CommandError("bits shows one scalar: name a field or an element")
        self.say(f"{arg.strip()} ({type_text(v)}):")
        for line in bits_text(ev, v):
            self.say("  " + line)

    def do_backtrace(self, arg: str) -> None:
        """backtrace [all]: the current thread's stack (all: every thread's)."""
        r = self.r
        if arg.strip() == "all":
            for tid, state, _, _ in threads(self.vm):
                self.say(f"thread {tid}:" + (" (ended)" if state != 0 else ""))
                self.stack(tid)
        elif arg.strip():
            raise CommandError("backtrace or backtrace all")
        else:
            self.stack(r.current_thread())

    def stack(self, tid) -> None:
        frames = self.r.user_frames(tid)
        if not frames:
            self.say(f"  ({self.started(tid) or 'no frame of the program'})")
        for i, fr in enumerate(frames):
            mark = "*" if tid == self.r.current_thread() and i == self.r.sel_frame else " "
            self.say(f" {mark}#{i}  {fr.where()}")

    def do_frame(self, arg: str) -> None:
        """frame N: look at frame N of the current thread's stack (0: innermost)."""
        frames = self.r.user_frames(self.r.current_thread())
        n = int(arg) if arg.strip().isdigit() else -1
        if not 0 <= n < len(frames):
            raise CommandError(f"frame 0 to {len(frames) - 1}" if frames else "no frame of the program here")
        self.r.sel_frame = n
        self.say(f"#{n}  {frames[n].where()}")
        self.r.say_source((frames[n].file, frames[n].line))

    def do_up(self, arg: str) -> None:
        """up: the caller's frame."""
        self.do_frame(str(self.r.sel_frame + 1))

    def do_down(self, arg: str) -> None:
        """down: the callee's frame."""
        self.do_frame(str(self.r.sel_frame - 1))

    def do_list(self, arg: str) -> None:
        """list [LINE]: the source lines around the current line (or LINE)."""
        here = self.here()
        if here is None:
            raise CommandError("no current line (start runs to main)")
        line = int(arg) if arg.strip().isdigit() else here[1]
        for n in range(max(1, line - 4), line + 5):
            self.r.say_source((here[0], n))

    def do_trace(self, arg: str) -> None:
        """trace [N]: the transitions so far (the last N): the thread, where it
        stopped, its choices in words, the globals it changed, its output."""
        r = self.r
        if not r.path:
            self.say("no transition has run")
        n = int(arg) if arg.strip().isdigit() else len(r.path)
        for i, e in list(enumerate(r.path, 1))[-n:] if n else ():
            d = step_entry(e.step, e.events, e.changed)
            who = f"thread {e.step.thread}" if e.step.thread is not None else "the system"
            at = f" at {d['function']} ({d['file']}:{d['line']})" if "function" in d else f" ({d.get('note')})"
            ch = " ".join(f"{v}/{k}" for v, k in e.step.choices)
            self.say(f"  step {i}: {who}{at}" + (f"  choices {ch}" if ch else ""))
            for line in step_lines(d):
                self.say(line)
            for _, fd, data in e.step.output:
                self.say(output_lines(fd, data))
            if e.step.error is not None:
                self.say(f"      error: {e.step.error.kind}: {e.step.error.message}")
