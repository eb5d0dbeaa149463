"""Counterexamples that explain themselves: a path re-run once more, this
time watching what each choice meant (which thread ran, what a nondet call
returned, whether malloc failed, which way a branch on input went) and
which of the program's global variables each step changed."""

from __future__ import annotations

import re
import sys

from divm.load.layout import PL_ALLOCA, PL_CODE, decode
from divm.vm.defs import UNINIT_INPUT

MAX_ITEMS = 8        # array elements and struct fields shown before "..."
MAX_ASSIGNMENTS = 12  # changed variables listed per step before a summary
SYMBOLIC = "(a value computed from the inputs)"
LOCAL = "local "  # names of locals in assignments: "local f: x"


class Watch:
    """Receives the VM's choices and nondet values during a re-run."""

    def __init__(self, vm):
        self.vm = vm
        self.events: list[str] = []
        self.pending_thread = False
        self.allocs: dict[int, str] = {}  # heap block id -> where it was allocated
        self.frees: dict[int, str] = {}
        self.locals: dict[int, str] = {}  # object id -> "local variable c of main", for objects a fault is about
        self.namer = None  # (vm, Python frame of the fault, object ids) -> such names; needs debug info

    def choice(self, value: int, n: int) -> None:
        if _in_frame("vm/builtins.py", ("value", "nondet")):
            return  # the nondet call reports its value itself
        full, user = self.vm.backtrace(skip_system=False), self.vm.backtrace()
        where = f"{user[0]['file']}:{user[0]['line']}" if user else "?"
        if _in_frame("vm/order.py", ("peq",)):
            self.events.append(f"the comparison at {where} takes a freed block's address as "
                               f"{'reused by the live one (equal)' if value else 'not reused (unequal)'}")
            return
        if _in_frame("vm/symbolic.py", ()):
            self.events.append(f"the branch at {where} on input data goes the {'true' if value else 'false'} way")
            return
        fn = full[0]["function"] if full else ""
        # DiOS's scheduler (its helpers may be inlined), or the VM doing its common case (vm/sched.py)
        if fn in ("__dios_scheduler", "pick_few", "pick_any") or _in_frame("vm/sched.py", ("dios_schedule",)):
            self.pending_thread = True
        elif fn == "__dios_alloc_fails":
            self.events.append(f"{library_call(full, user) or 'allocation'} at {where} "
                               f"{'fails' if value else 'succeeds'}")
        elif fn == "wake":
            self.events.append(f"pthread_cond_signal at {where} wakes waiter {value + 1} of {n}")
        else:
            self.events.append(f"__vm_choose({n}) at {where} returns {value}")

    def fault(self, oids: tuple) -> None:
        if self.namer is not None:
            self.locals.update(self.namer(self.vm, sys._getframe(2), oids))

    def frame_ends(self, oids: tuple) -> None:
        """A function returns: its locals' names, for a later use of one."""
        if self.namer is not None and oids:
            self.locals.update(self.namer(self.vm, sys._getframe(2), oids, innermost=True))

    def alloc(self, oid: int) -> None:
        self.allocs[oid] = self.site()

    def free(self, oid: int) -> None:
        self.frees[oid] = self.site()

    def site(self) -> str:
        """"malloc at f.c:12 in main": the library call and where the program made it."""
        full, user = self.vm.backtrace(skip_system=False), self.vm.backtrace()
        call = library_call(full, user) or "?"
        return f"{call} at {user[0]['file']}:{user[0]['line']} in {user[0]['function']}" if user else call

    def nondet(self, name: str, value) -> None:
        bt = self.vm.backtrace()
        self.events.append(f"{name}() at {bt[0]['file'] if bt else '?'}:{bt[0]['line'] if bt else 0} "
                           f"returns {value}")


def nondet_signed(function: str) -> bool:
    """Whether a nondet function's type is signed (__VERIFIER_nondet_int
    is, __VERIFIER_nondet_uint and _bool are not)."""
    kind = function.removeprefix("__VERIFIER_nondet_").removeprefix("__lamp_any_")
    return not kind.startswith(("u", "size_t", "bool", "_Bool", "pointer", "pchar", "sector"))


def library_call(full: list[dict], user: list[dict]) -> str | None:
    """The library function the program called (malloc, free, ...): the
    frame just inside the program's innermost one."""
    k = next((i for i, fr in enumerate(full) if user and fr == user[0]), len(full))
    return full[k - 1]["function"] if 0 < k <= len(full) else None


def _in_frame(file: str, names: tuple) -> bool:
    """Whether the choice is made inside one of the VM's own functions
    (file, and one of names unless names is empty)."""
    f = sys._getframe(2)
    for _ in range(12):
        if f is None:
            return False
        if f.f_code.co_filename.endswith(file) and (not names or f.f_code.co_name in names):
            return True
        f = f.f_back
    return False


class Narrator:
    """Tells the steps of a run as they happen: set up after boot, then
    step() after each transition."""

    def __init__(self, vm, local_values=None):
        self.vm = vm
        self.reader = Globals(vm.prog)
        self.watch = Watch(vm)
        self.watch.namer = getattr(local_values, "names", None)
        self.local_values = local_values  # (vm, thread) -> {"local f: x": text} of its innermost frame
        self.locals_before: dict[int, dict] = {}  # per thread
        self.before = self.reader.read(vm.objs)
        vm.watch = self.watch

    def step(self, step) -> dict:
        now = self.reader.read(self.vm.objs)
        changed = [{"name": k, "value": v} for k, v in now.items() if self.before.get(k) != v]
        self.before = now
        if self.local_values is not None and step.thread is not None:
            changed += self.changed_locals(step.thread)
        events, self.watch.events = self.watch.events, []
        if self.watch.pending_thread and step.thread is not None:
            events.insert(0, f"thread {step.thread} runs")
        self.watch.pending_thread = False
        return step_entry(step, events, changed)

    def changed_locals(self, running: int) -> list[dict]:
        """The locals the step changed: the running thread's, and those of
        other threads (seen before) it wrote through pointers."""
        out = []
        for tid in [running] + [t[0] for t in self.vm.tasks() if t[0] != running and t[1] == 0]:
            mine = self.local_values(self.vm, tid)
            old = self.locals_before.get(tid)
            if tid == running or old is not None:
                where = "" if tid == running else f" (thread {tid})"
                out += [{"name": k + where, "value": v} for k, v in mine.items()
                        if (old or {}).get(k) != v and v != "?"]
            self.locals_before[tid] = mine
        return out

    def close(self) -> None:
        self.vm.watch = None


def explain(machine, path, local_values=None) -> list[dict]:
    """Each step of path (re-run from the initial state) in words: who ran
    and where it stopped, the choices' meaning, the globals (and with
    local_values, the running thread's locals) it changed, its output."""
    vm = machine.vm
    _, snap0 = machine.initial()
    narrator = Narrator(vm, local_values)
    steps: list[dict] = []
    try:
        done = machine.replay(snap0, [[v for v, _ in st.choices] for st in path],
                              after=lambda st: steps.append(narrator.step(st)))
        err = done[-1].error if done else None
        if err is not None and steps:
            final = steps[-1]
            if err.objects:
                final["objects"] = [object_text(vm, narrator.watch, oid) for oid in err.objects]
            if err.kind == "deadlock":
                final["threads"] = thread_states(vm)
    finally:
        narrator.close()
    if narrator.reader.terms:  # values computed from symbolic inputs, under the inputs' values
        for st in steps:
            for a in st.get("assignments", ()):
                a["value"] = narrator.reader.concrete(a["value"], machine.inputs)
    for i in machine.inputs:  # symbolic inputs: the values a model gives them
        if 0 < i["step"] <= len(steps):
            shown = repr(i["value"]) if isinstance(i["value"], float) else input_text(i)
            steps[i["step"] - 1].setdefault("events", []).append(
                f"{input_source(i)} at {i['file']}:{i['line']} returns {shown}")
    return steps


def input_source(i: dict) -> str:
    """Where an input came from: a nondet call, or a read of uninitialised memory."""
    return "a read of uninitialised memory" if i["function"] == UNINIT_INPUT else f"{i['function']}()"


def input_text(i: dict) -> str:
    v, bits = i["value"], i["bits"]
    return str(v - (1 << bits) if nondet_signed(i["function"]) and bits > 1 and v >> (bits - 1) else v)


def step_entry(step, events: list[str], changed: list[dict]) -> dict:
    e = {"thread": step.thread, "choices": [list(c) for c in step.choices]}
    if step.bt:
        top = step.bt[0]
        e.update(function=top["function"], file=top["file"], line=top["line"])
    else:
        e["note"] = "the thread ended or blocked" if step.thread is not None else "the system ran"
    if events:
        e["events"] = events
    if changed:
        e["assignments"] = changed
    out = [{"fd": fd, "text": data.decode("utf-8", "replace")} for _, fd, data in step.output]
    if out:
        e["output"] = out
    return e


WAITS = {1: "joins a thread", 2: "waits for mutex", 3: "waits on condition variable", 4: "waits to read-lock",
         5: "waits to write-lock", 6: "waits at barrier", 7: "waits on semaphore", 8: "waits in pthread_once",
         9: "waits for spin lock"}


def thread_states(vm) -> list[dict]:
    """Every live thread of the state: what it waits for (a mutex: who holds
    it) and its stack."""
    out = []
    for tid, state, wait, wobj, frame in vm.tasks():
        if state != 0:
            continue
        e = {"thread": tid, "backtrace": vm.parked_backtrace(frame)}
        if wait:
            what = WAITS.get(wait, "waits")
            if wobj:
                what += " " + pointer_text(vm.prog, vm.objs, wobj)
                holder = mutex_owner(vm, wobj) if wait == 2 else None
                if holder:
                    what += f", held by thread {holder}"
            e["waits"] = what
        out.append(e)
    return out


def mutex_owner(vm, p: int) -> int | None:
    o = vm.objs.get(p >> 32)
    off = p & 0xFFFFFFFF
    if o is None or off + 4 > len(o.b):
        return None
    return int.from_bytes(o.b[off:off + 4], "little", signed=True) or None


def object_text(vm, watch: Watch, oid: int) -> str:
    """An object an error is about: a global by name, a heap block by
    where it was allocated (and freed)."""
    g = next((g for g in vm.prog.globals if g.idx == oid), None)
    if g is not None:
        return f"global variable {g.name}"
    o = vm.objs.get(oid)
    size = f"{len(o.b)}-byte " if o is not None else ""
    if oid in watch.allocs:
        text = f"{size}heap block allocated by {watch.allocs[oid]}"
        if oid in watch.frees:
            text += f", freed by {watch.frees[oid]}"
        return text
    if oid in watch.locals:
        name = watch.locals[oid]
        return f"{name} ({len(o.b)} bytes)" if o is not None else f"{name}, after its block or function ended"
    if o is None:
        return "a local variable after its block or function ended" if PL_CODE <= oid < PL_ALLOCA \
            else "an object freed before"
    return f"a {size}local object"


def step_lines(e: dict) -> list[str]:
    """A step's explanation as indented lines for the terminal."""
    lines = [f"      {ev}" for ev in e.get("events", ())]
    a = e.get("assignments") or []
    shown = ", ".join(f"{x['name']} = {x['value']}" for x in a[:MAX_ASSIGNMENTS])
    if len(a) > MAX_ASSIGNMENTS:
        shown += f" (and {len(a) - MAX_ASSIGNMENTS} more)"
    if shown:
        lines.append(f"      {shown}")
    lines += [f"      the error is about: {o}" for o in e.get("objects", ())]
    for t in e.get("threads", ()):
        lines.append(f"      thread {t['thread']} {t.get('waits', 'can run')}")
        lines += [f"        at {fr['function']} ({fr['file']}:{fr['line']})" for fr in t["backtrace"][:8]]
    return lines


class Globals:
    """The program's own global variables as C-like text, by their debug
    information (names of fields, signedness)."""

    def __init__(self, prog):
        from divm.props.propositions import DebugTypes
        self.prog = prog
        try:
            self.dt = DebugTypes(prog)
        except Exception:  # no module to read (a program without debug info): no values
            self.dt = None
        self.names = sorted(n for n in (self.dt.gtype if self.dt else {}) if n in prog.glob_by_name)
        self.terms: dict[int, tuple] = {}  # symbolic values seen: term id -> (term, bits, signed)

    def read(self, objs) -> dict[str, str]:
        out = {}
        for n in self.names:
            g = self.prog.glob_by_name[n]
            o = objs.get(g.idx)
            if o is not None:
                out[n] = self.value(g.ty, self.dt.gtype.get(n), o, 0, objs, 0)
        return out

    def value(self, ty, di, o, off: int, objs, depth: int) -> str:
        if off + ty.size > len(o.b):
            return "?"
        if ty.k in ("a", "vec"):
            n = len(o.b[off:off + ty.size]) // max(ty.elem.size, 1)
            el = self.dt.element(di)
            items = [self.value(ty.elem, el, o, off + i * ty.elem.size, objs, depth + 1)
                     for i in range(min(n, MAX_ITEMS))]
            return "{" + ", ".join(items) + (", ..." if n > MAX_ITEMS else "") + "}"
        if ty.k == "s":
            if depth > 2:
                return "{...}"
            names = self.members(di)
            items = [f".{names.get(moff, f'@{moff}')} = {self.value(mty, None, o, off + moff, objs, depth + 1)}"
                     for moff, mty in list(zip(ty.offsets, ty.elems))[:MAX_ITEMS]]
            return "{" + ", ".join(items) + (", ..." if len(ty.elems) > MAX_ITEMS else "") + "}"
        if o.sym and any(off + i in o.sym for i in range(ty.store)):
            return self.symbolic(ty, di, o, off)
        if o.ud is not None and any(o.ud[off:off + ty.store]):
            return "(undefined)"
        v = decode(ty, o.b, off, None)
        if ty.k == "p":
            return pointer_text(self.prog, objs, int(v))
        if isinstance(v, float):
            return repr(v)
        sc = self.dt.scalar(di) if di else None
        if ty.k == "i" and ty.bits > 1 and v >> (ty.bits - 1) and not (sc and sc[1]):
            v -= 1 << ty.bits
        return str(int(v))

    def symbolic(self, ty, di, o, off: int) -> str:
        """A value made of symbolic bytes: a marker naming its term, made
        concrete once the inputs are known (concrete())."""
        if ty.k not in ("i", "p"):
            return SYMBOLIC
        import z3
        parts = [o.sym.get(off + i) if off + i in o.sym else z3.BitVecVal(o.b[off + i], 8)
                 for i in reversed(range(ty.store))]
        term = z3.Concat(*parts) if len(parts) > 1 else parts[0]
        sc = self.dt.scalar(di) if di else None
        self.terms[term.get_id()] = (term, ty.bits, ty.k == "i" and not (sc and sc[1]))
        return f"(term {term.get_id()})"

    def concrete(self, text: str, inputs: list[dict]) -> str:
        """text with its term markers replaced by their values under the
        inputs' values."""
        import z3
        pairs = [(z3.BitVec(i["input"], i["bits"]), z3.BitVecVal(i["value"], i["bits"]))
                 for i in inputs if isinstance(i["value"], int)]

        def value(m) -> str:
            term, bits, signed = self.terms[int(m.group(1))]
            v = z3.simplify(z3.substitute(term, *pairs) if pairs else term)
            if not z3.is_bv_value(v):
                return SYMBOLIC
            n = v.as_long() & ((1 << bits) - 1)
            return str(n - (1 << bits) if signed and bits > 1 and n >> (bits - 1) else n)
        return re.sub(r"\(term (\d+)\)", value, text)

    def members(self, di) -> dict[int, str]:
        t = self.dt.resolve(di) if di else None
        if not t or not t.startswith("!DICompositeType"):
            return {}
        els = self.dt.md.get((self.dt.attr(t, "elements") or "").lstrip("!"), "")
        out = {}
        for r in re.findall(r"!(\d+)", els):
            m = self.dt.md.get(r, "")
            if self.dt.attr(m, "tag") == "DW_TAG_member":
                out.setdefault(int(self.dt.attr(m, "offset") or 0) // 8, self.dt.attr(m, "name"))
        return out


def pointer_text(prog, objs, p: int) -> str:
    """A pointer as the object it points into."""
    from divm.load.layout import CODE_BASE, PL_ALLOCA
    if p == 0:
        return "NULL"
    oid, off = p >> 32, p & 0xFFFFFFFF
    plus = f" + {off}" if off else ""
    if CODE_BASE <= oid < CODE_BASE + len(prog.functions) and oid - CODE_BASE < len(prog.functions):
        return f"&{prog.functions[oid - CODE_BASE].name}"
    g = next((g for g in prog.globals if g.idx == oid), None) if oid < CODE_BASE else None
    if g is not None:
        return f"&{g.name}{plus}"
    if oid not in objs:
        return f"(freed object){plus}"
    from divm.vm.memory import K_ALLOCA, K_HEAP
    o = objs[oid]
    what = {K_HEAP: "heap block", K_ALLOCA: "local object"}.get(o.kind, "object")
    return f"({what} #{oid - PL_ALLOCA if oid >= PL_ALLOCA else oid}, {len(o.b)} bytes){plus}"
