"""The locals a counterexample step changed: the running thread's
innermost frame of the program, read as `divm sim` reads it (the debug
records name the registers and allocas of each variable)."""

from __future__ import annotations

from divm.cli.explain import LOCAL, explain


def explain_steps(machine, path) -> list[dict]:
    """explain() with the locals, on the big stack; the search's inputs
    stay as they were."""
    from divm.cli.execution import run_big_stack
    inputs = machine.inputs
    try:
        return run_big_stack(lambda: explain(machine, path, LocalValues(machine.vm.prog)))
    finally:
        machine.inputs = inputs


class LocalValues:
    """(vm, thread) -> {"local f: x": value text} for the thread's
    innermost frame of the program's own code, after a transition."""

    def __init__(self, prog):
        self.info = None
        try:
            from divm.cli.simtypes import DebugInfo
            self.info = DebugInfo(prog)
        except Exception:  # no debug information to read: no locals
            self.info = None

    def __call__(self, vm, thread: int) -> dict[str, str]:
        if self.info is None:
            return {}
        from divm.cli.simexpr import V, Evaluator
        from divm.cli.simview import frame_scope, parked_frames
        frame = next((t[4] for t in vm.tasks() if t[0] == thread), None)
        # (the innermost of the program's own frames: a few calls from the top, however deep the stack)
        fr = next((f for f in parked_frames(vm, frame, 64) if not f.fn.system), None) if frame else None
        if fr is None:
            return {}
        ev = Evaluator(self.info, vm.objs, {}, vm.regs, vm.engine)
        out = {}
        for name, v in frame_scope(self.info, vm, fr).items():
            out[f"{LOCAL}{fr.fn.name}: {name}"] = ev.text(v) if isinstance(v, V) else "?"
        return out

    def names(self, vm, f, oids: tuple, innermost: bool = False) -> dict[int, str]:
        """The program's local variables among the objects oids, found in
        the frames live at Python frame f (outwards, or only f's own) and
        in every thread's parked frames."""
        if self.info is None:
            return {}
        from divm.cli.simexpr import V
        from divm.cli.simview import frame_scope, live_frames, parked_frames
        frames = live_frames(vm, f)
        if innermost:
            frames = frames[:1]
        else:
            frames += [fr for t in vm.tasks() for fr in parked_frames(vm, t[4])]
        out: dict[int, str] = {}
        for fr in frames:
            if fr.fn.system:
                continue
            for name, v in frame_scope(self.info, vm, fr).items():
                if isinstance(v, V) and v.oid in oids:
                    out.setdefault(v.oid, f"local variable {name} of {fr.fn.name}")
        return out
