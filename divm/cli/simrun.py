"""The machine under `divm sim`: the path run so far (a snapshot after each
transition, so rewinding is a restore), and transitions run with the
user's choices (the thread to run, the outcomes of the program's choices)
or a recorded trace's, stopping inside them as simstate.py's hook says."""

from __future__ import annotations

import sys
import weakref

from divm.cli.explain import Globals, Watch
from divm.cli.output import format_error
from divm.cli.simstate import STEPPING, Abandon, Breakpoint, Entry, Mode, Pause, Stops, Tracer
from divm.cli.simview import Frame, live_frames, parked_frames, threads, user_depth
from divm.explore.search import Machine, Step
from divm.props.checkers import claim
from divm.state import snapshot as S
from divm.vm.defs import CF_ACCEPTING, CF_CANCEL, CF_ERROR, CF_STOP, StopRequest


KEEP_RECENT, KEEP_EVERY = 256, 64  # snapshots kept: the last KEEP_RECENT, then one in KEEP_EVERY


class Runner(Stops):
    """The path, the breakpoints and the user's choices; runs transitions."""

    def __init__(self, machine: Machine, say, trace: list | None = None, max_transitions: int | None = None):
        self.machine, self.vm, self.say = machine, machine.vm, say
        self.trace = trace  # a recorded trace's choices per step
        self.matched = 0  # how many steps of the path are known to follow the trace
        self.snaps: list = []  # the state after each transition (0: booted)
        self.path: list[Entry] = []
        self.bps: dict[int, Breakpoint] = {}
        self.bp_count = 0
        self.want_thread: int | None = None  # thread N runs next (the thread command)
        self.choices: list[int] = []  # the next choices that are not the scheduler's (choose)
        self.mode: Mode | None = None
        self.pause: Pause | None = None
        self.nested = None  # the shell's command loop, run at a stop inside a transition
        self.sel_thread: int | None = None  # the thread and frame commands look at
        self.sel_frame = 0
        self.max_transitions = max_transitions
        self.probed: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self.out = None  # shows the program's output
        self.followed = False  # the last transition was to follow the trace
        self.stops: list[tuple] = []  # (transition, C lines reached, choices made) of each stop so far
        self.log: list = []  # the choices the transition under way has made
        self.prefix: tuple | None = None  # (choices, count): the next transition goes back to a stop
        self.globals = Globals(self.vm.prog)  # the program's globals as text: what each transition changed
        self.gvals: dict = {}
        self.running = False

    def boot(self):
        """Boot the program: None, or the error that stopped the boot."""
        _, snap = self.machine.initial()
        if self.vm.flags & CF_ERROR:
            return self.vm.error
        self.snaps = [snap]
        self.gvals = self.globals.read(self.vm.objs) if self.globals.dt else {}
        return None

    # -- where things are ------------------------------------------------------------
    def ended(self) -> str:
        """Why the path cannot go on ("" if it can)."""
        if not self.path:
            return ""
        e = self.path[-1]
        if e.step.error is not None:
            return "the run has ended with an error"
        if e.cut:
            return "the run was cut (an assumption failed or the program cancelled it)"
        if e.step.stop:
            return "the program has ended"
        return ""

    def running_thread(self):
        return next((t[2] for t in self.vm.trace if t[0] == "sched"), None)

    def current_thread(self):
        if self.sel_thread is not None:
            return self.sel_thread
        if self.pause is not None:
            return self.pause.tid
        for e in reversed(self.path):
            if e.step.thread is not None:
                return e.step.thread
        ts = threads(self.vm)
        return ts[0][0] if ts else None

    def frames(self, tid) -> list[Frame]:
        """A thread's activations, innermost first (DiOS's and the library's too)."""
        if self.pause is not None and tid == self.pause.tid:
            return live_frames(self.vm, self.pause.frame)
        for t, state, _, fr in threads(self.vm):
            if t == tid:
                return parked_frames(self.vm, fr) if state == 0 else []
        return []

    def user_frames(self, tid) -> list[Frame]:
        return [f for f in self.frames(tid) if not f.fn.system]

    # -- running ---------------------------------------------------------------------
    def go(self, kind: str, count: int = 1, temp: str | None = None, limit: int | None = None) -> bool:
        """Run until the command's kind is met, count times (limit: at most
        that many transitions); True when a transition stopped in the middle
        is to go on (its hook returns)."""
        if self.pause is not None:
            if self.pause.why == "error":
                self.say("the run ends at this error: back, rewind or start go back")
                return False
            p = self.pause
            self.mode = Mode(kind, count, p.tid, user_depth(self.vm, p.frame), p.loc, temp)
        else:
            why = self.ended()
            if why:
                self.say(f"{why}: rewind or start go back")
                return False
            tid = self.current_thread()
            frames = self.user_frames(tid)
            self.mode = Mode(kind, count, tid, len(frames), (frames[0].file, frames[0].line) if frames else None,
                             temp)
        self.mode.limit = limit if limit is not None else self.max_transitions
        self.sel_thread, self.sel_frame = None, 0
        if self.pause is not None:
            return True
        self.run()
        return False

    def run(self) -> None:
        self.running = True
        try:
            while True:
                mode = self.mode
                entry = self.transition(bool(self.bps) or mode.kind in STEPPING or mode.temp is not None)
                if entry is None or self.after(entry):
                    return
                mode = self.mode
                mode.done += 1
                if mode.kind == "stepa" and mode.done >= mode.count:
                    return
                if mode.kind in STEPPING and mode.tid is not None and not any(
                        t == mode.tid and st == 0 for t, st, _, _ in threads(self.vm)):
                    self.say(f"thread {mode.tid} has ended")
                    return
                if mode.limit is not None and mode.done >= mode.limit:
                    self.say(f"stopped after {mode.done} transition{'s' * (mode.done > 1)}")
                    return
        finally:
            self.running = False
            self.vm.stop_request = None

    def transition(self, traced: bool) -> Entry | None:
        """Run the next transition (stopping inside it as the hook decides)
        and add it to the path; None if it was interrupted."""
        vm = self.vm
        snap = self.snaps[-1]
        made, skip = self.prefix or ((), None)
        self.prefix = None
        sched = self.plan(snap)
        self.want_thread = None  # (one picked at a stop inside this transition is for the next)
        follow = self.trace_step()
        self.followed = follow is not None
        log = self.log = []
        watch = vm.watch = Watch(vm)
        vm.out = self.out if skip is None else None  # (output before the stop was shown before)
        tracer = Tracer(self, skip=skip) if traced or skip is not None else None
        try:
            self.execute(snap, self.chooser(log, sched, follow, made), tracer)
        except StopRequest as e:
            self.recover()
            self.say(f"stopped: {e}; the transition is undone")
            return None
        except (Abandon, Exception):  # (an internal error, too, leaves the last state as it was)
            self.recover()
            raise
        finally:
            vm.watch = None
            vm.out = None
        error = (claim(vm, self.machine.checkers) if self.machine.checkers else vm.error) \
            if vm.flags & CF_ERROR else None
        thread = self.running_thread()
        step = Step(log, thread, [t for t in vm.trace if t[0] == "out"], error, bool(vm.flags & CF_STOP),
                    bool(vm.flags & CF_ACCEPTING))
        step.bt = list(vm.stop_bt)
        events = [e for e in watch.events if not e.startswith("thread ")]
        entry = Entry(step, events, vm.exit_status, bool(vm.flags & CF_CANCEL) and error is None)
        now = self.globals.read(vm.objs) if self.globals.dt else {}
        entry.changed = [{"name": k, "value": v} for k, v in now.items() if self.gvals.get(k) != v]
        self.gvals = now
        self.path.append(entry)
        self.snaps.append(S.snapshot(vm))
        old = len(self.snaps) - 1 - KEEP_RECENT  # older states: one in KEEP_EVERY is kept, the rest re-run
        if old > 0 and old % KEEP_EVERY:
            self.snaps[old] = None
        return entry

    def execute(self, snap, chooser, tracer: Tracer | None) -> None:
        vm = self.vm
        S.restore(vm, snap)
        vm.chooser = chooser
        vm.trace = []
        vm.choice_log = []
        vm.step_index = len(self.path) + 1
        if tracer is not None:
            sys.settrace(tracer.call)
        try:
            vm.transition()
        finally:
            sys.settrace(None)

    def recover(self) -> None:
        """Back to the last state after a transition left in the middle."""
        vm = self.vm
        vm.stop_request = None
        vm.in_fault = False
        vm.bt_frame, vm.bt_extra, vm.resume_base = 0, None, None
        vm.live_frames.clear()
        vm.unwritten.clear()
        vm.frame_lines.clear()
        vm.trace = []
        S.restore(vm, self.snaps[-1])

    def after(self, entry: Entry) -> bool:
        """Show a transition (unless continuing); True if the run ended."""
        k = len(self.path)
        st = entry.step
        if self.mode.kind != "continue" or st.error is not None:
            who = f"thread {st.thread}" if st.thread is not None else "the system"
            where = f", stopped at {st.bt[0]['function']} ({st.bt[0]['file']}:{st.bt[0]['line']})" if st.bt else ""
            self.say(f"transition {k}: {who}{where}")
            for ev in entry.events:
                self.say(f"      {ev}")
        if self.followed:
            if st.choices != self.trace[k - 1]:
                self.say(f"(the run leaves the recorded trace at transition {k})")
            elif k == len(self.trace):
                self.say("(the end of the recorded trace)")
        if st.error is not None:
            for line in format_error(st.error):
                self.say(line)
            self.stop_at_error(entry)
            return True
        if entry.cut or st.stop:
            status = f" (exit status {entry.exit_status})" if entry.exit_status is not None else ""
            self.say(self.ended() + status)
            return True
        return False

    def trace_step(self) -> list | None:
        """The recorded choices of the next transition, while the path follows the trace."""
        if self.trace is None:
            return None
        k = len(self.path)
        while self.matched < k:
            if self.matched >= len(self.trace) or self.path[self.matched].step.choices != self.trace[self.matched]:
                return None
            self.matched += 1
        return self.trace[k] if k < len(self.trace) else None

    # -- choices ---------------------------------------------------------------------
    def plan(self, snap) -> int | None:
        """The scheduler's choice for the next transition, when it is not the
        trace's or 0: the thread the user picked, or, while stepping, the
        stepping thread if it can run."""
        if self.want_thread is not None:
            ids = self.runnable(snap)
            if self.want_thread in ids:
                return ids.index(self.want_thread)
            self.say(f"thread {self.want_thread} cannot run now")
            self.want_thread = None
            return None
        m = self.mode
        if self.trace_step() is None and m is not None and m.kind in STEPPING and m.tid is not None:
            ids = self.runnable(snap)
            if len(ids) > 1 and m.tid in ids:
                return ids.index(m.tid)
        return None

    def chooser(self, log: list, sched: int | None, follow: list | None, made=()):
        vm = self.vm

        def choose(n, weights=None):
            i = len(log)
            if i < len(made):  # going back to a stop: the choices made before it
                log.append(made[i])
                return made[i] if n == -1 else made[i][0]
            rec = follow[i] if follow is not None and i < len(follow) else None
            if n == -1:  # a symbolic decision replayed from the trace's inputs
                log.append(rec or (0, 1))
                return log[-1]
            scheduler = not any(t[0] == "sched" for t in vm.trace)  # the scheduler's pick comes first
            if scheduler and sched is not None:
                v = sched
            elif not scheduler and self.choices:
                v = self.choices.pop(0)
            elif rec is not None and rec[1] == n:
                v = rec[0]
            else:
                v = 0
            if not 0 <= v < n:
                self.say(f"({v} is not one of the {n} outcomes of this choice: taking 0)")
                v = 0
            log.append((v, n))
            return v
        return choose

    def runnable(self, snap) -> list:
        """The threads the scheduler can pick in state snap (the last one),
        by choice: the scheduler's choice made once per outcome, each run
        cut short at the thread's first choice, and undone."""
        got = self.probed.get(snap)
        if got is not None:
            return got
        vm = self.vm
        out: list = []
        n = 1
        try:
            while len(out) < n:
                first: list = []

                def choose(m, weights=None, k=len(out), first=first):
                    if first or any(t[0] == "sched" for t in vm.trace):
                        raise Abandon("")  # the thread is known: the rest of the run does not matter
                    first.append(m)
                    return k
                try:
                    self.execute(snap, choose, None)
                except Abandon:
                    pass
                n = first[0] if first else 1
                out.append(self.running_thread())
                self.recover()
        except StopRequest:
            out = []
        finally:
            self.recover()
        out = [t for t in out if t is not None]
        self.probed[snap] = out
        return out

    def state(self, k: int):
        """The state after transition k: its snapshot, or the last one kept
        before it with the transitions after it run again."""
        j = max(i for i in range(k + 1) if self.snaps[i] is not None)
        snap = self.snaps[j]
        for i in range(j + 1, k + 1):
            snap = self.rerun(snap, i)
        return snap

    def rerun(self, snap, k: int):
        """Transition k again from snap (the state before it), quietly."""
        choices = self.path[k - 1].step.choices
        made: list = []

        def replay(n, weights=None):
            made.append(n)
            c = choices[len(made) - 1] if len(made) <= len(choices) else (0, 1)
            return c if n == -1 else c[0]
        self.execute(snap, replay, None)
        return S.snapshot(self.vm)

    def rewind(self, k: int) -> None:
        """Back to the state after transition k (0: the booted state)."""
        snap = self.state(k)
        del self.path[k:]
        del self.snaps[k + 1:]
        self.snaps[k] = snap
        self.stops = [s for s in self.stops if s[0] < k]
        self.gvals = self.globals.read(snap.objs) if self.globals.dt else {}
        self.matched = min(self.matched, k)
        self.want_thread, self.sel_thread, self.sel_frame = None, None, 0
        S.restore(self.vm, self.snaps[-1])
