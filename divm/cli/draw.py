"""divm draw: the explored state graph (each state's threads and where they
are parked, transitions labelled with thread and choices, errors and the
path to the first one; with --liveness the accepting lasso), or the memory
graph of one state (--memory N), as Graphviz DOT.  Graphviz's `dot`
renders .svg and .png outputs."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import time
from collections import deque

from divm.cli.execution import Stopper, run_big_stack
from divm.cli.options import check_output, check_time, machine_env, parse_size, read_files, read_stdin, valid_opt
from divm.cli.output import Console
from divm.cli.parser import UsageError
from divm.cli.report import new_report, write_json
from divm.cli.session import Session, new_vm
from divm.explore.liveness import Graph, find_lasso
from divm.explore.search import Limits, Machine, Result, Step, boot, limit_reached
from divm.load.layout import CODE_BASE, M32
from divm.load.loader import LoadError, load_program
from divm.state import snapshot as S
from divm.vm.defs import CR_STATE
from divm.vm.frames import FRAME_HDR, FRAME_HEAD
from divm.vm.memory import K_ALLOCA, K_FRAME, K_GLOBAL, K_HEAP, K_KERNEL

DEFAULT_MAX_STATES = 200
RENDERED = {".svg": "svg", ".png": "png"}
PICTURES = (".dot", ".gv", ".svg", ".png")
# where __dios_task_layout (dios/src/dios.c) gives the offsets this reads:
# dios_state's tasks and ntasks, and each task's frame, id, state, is_main, start
LAYOUT_AT = {"tasks": 0, "ntasks": 1, "frame": 2, "id": 3, "state": 4, "is_main": 11, "start": 12}
ROW_LIMIT = 16  # rows of 8 bytes shown per object; the rest is summarised


def cmd_draw(args) -> int:
    t0 = time.time()
    out = output_file(args)
    fmt = RENDERED.get(os.path.splitext(out or "")[1].lower())
    max_mem = check_args(args, out, fmt)
    stdin, files = read_stdin(args), read_files(args)
    check_output(out, args.report)
    prog = load_program(args.prog)
    env = machine_env(args, os.path.basename(args.prog), args.args, stdin, files=files)
    s = Session(args, prog, env, stdin, files, t0, max_mem, Console(), None)
    machine, automaton, prop = new_machine(s)
    limits = Limits(args.max_states, args.max_time, max_mem)
    with Stopper(args.max_time, max_mem) as stopper:
        stopper.start(machine.vm)
        d = run_big_stack(lambda: explore(machine, limits, args.liveness is not None, args.memory), stopper.watch)
    name = os.path.basename(args.prog)
    if args.memory is None:
        if args.liveness is not None and d.g is not None:
            res = Result()
            find_lasso(d.g, automaton, args.fair, res)
            d.lasso = getattr(res, "lasso", None)
        text = state_dot(d, prog, name + (f", property {prop}" if prop else ""))
    else:
        if args.memory >= len(d.snaps):
            why = f" ({d.reason}; raise --max-states)" if d.reason else ""
            boot_err = f": the program did not boot ({d.boot_error.kind})" if d.boot_error else ""
            raise UsageError(f"--memory {args.memory}: no such state{boot_err}; the graph has "
                             f"{plural(len(d.snaps), 'state')}, numbered from 0{why}")
        text = memory_dot(prog, d.snaps[args.memory], args.all, f"{name}, state {args.memory}",
                          args.memory in d.final)
    emit(text, out, fmt)
    verdict = summary(d, out)
    if args.report:
        write_json(args.report, new_report("draw", verdict, states=len(d.snaps), transitions=d.transitions,
                                           seconds=round(time.time() - t0, 3), output=out))
    return 0


def output_file(args) -> str | None:
    """--output, or an -o whose value names a picture (SPEC writes `draw -o
    FILE.dot|.svg`; -o also takes the machine options, all KEY:VALUE)."""
    outs = [o for o in args.opts if not valid_opt(o) and o.lower().endswith(PICTURES)]
    args.opts = [o for o in args.opts if o not in outs]
    if args.output:
        outs.insert(0, args.output)
    if len(outs) > 1:
        raise UsageError(f"one output file, not {len(outs)}: {', '.join(outs)}")
    out = outs[0] if outs else None
    if out is not None and not out.lower().endswith(PICTURES):
        raise UsageError(f"--output {out}: expected FILE.dot (or .gv), FILE.svg or FILE.png")
    return out


def check_args(args, out: str | None, fmt: str | None) -> int | None:
    """Refuse bad combinations before any work; the memory limit."""
    if fmt and shutil.which("dot") is None:
        raise UsageError(f"{out}: rendering {fmt.upper()} needs Graphviz's dot program "
                         "(apt-get install graphviz); FILE.dot works without it")
    if args.max_states is None:
        args.max_states = DEFAULT_MAX_STATES
    if args.max_states <= 0:
        raise UsageError("--max-states must be a positive number")
    if args.memory is not None and args.memory < 0:
        raise UsageError(f"--memory {args.memory}: states are numbered from 0")
    if args.all and args.memory is None:
        raise UsageError("--all goes with --memory STATE")
    if (args.property or args.fair) and args.liveness is None:
        raise UsageError("--property and --fair need --liveness")
    check_time(args)
    return parse_size(args.max_memory)


def new_machine(s: Session) -> tuple[Machine, object, str]:
    """The machine as verify sets it up; with --liveness as for one property
    of the monitor (--property's, else the first): (machine, automaton of
    the negated property or None, the property's name)."""
    vm, checkers = new_vm(s)
    if s.args.liveness is None:
        return Machine(vm, checkers=checkers), None, ""
    from divm.cli.monitor import read_monitor
    from divm.props.ltl import LTLError, atoms, translate
    props, todo = read_monitor(s)
    name, formula = todo[0]
    if len(todo) > 1:
        s.console.note(f"divm draw: drawing property {name} ({len(todo)} in {s.args.liveness}; "
                       "--property picks one)")
    observe = None
    if formula is not None:
        names = sorted(atoms(formula))
        try:
            props.check(vm.objs)
        except LTLError as e:
            raise LoadError(f"{s.args.liveness}:{e}") from None
        observe = lambda vm: props.label(vm.objs, names)  # noqa: E731 (the true propositions of a state)
    vm.all_visible = True  # as verify --liveness: every access of every thread is visible
    machine = Machine(vm, observe=observe, checkers=checkers)
    machine.leaks = False
    return machine, translate(("!", formula)) if formula is not None else None, name


class Drawn:
    """What draw explored: the state graph `g` (liveness.Graph: numbers,
    labels, out-edges, breadth-first parents), a snapshot per state, the
    errors met as (state, step), the final states, the states not fully
    expanded and why the exploration stopped early."""

    def __init__(self):
        self.g: Graph | None = None
        self.snaps: list = []
        self.errors: list[tuple[int, Step]] = []
        self.final: set[int] = set()
        self.open: set[int] = set()
        self.reason = ""
        self.boot_error = None
        self.lasso = None
        self.transitions = 0


def explore(machine: Machine, limits: Limits, stutter: bool, want: int | None = None) -> Drawn:
    """Breadth-first, so that state numbers do not depend on --max-states
    and parents give shortest paths; stops once state `want` is known."""
    d = Drawn()
    res = Result()
    start = boot(machine, res)
    if start is None:
        d.boot_error, d.reason = res.error, res.reason
        return d
    key0, snap0 = start
    vm = machine.vm
    d.g = Graph(key0, machine.observe(vm) if machine.observe else frozenset())
    d.snaps.append(snap0)
    queue = deque([0])
    t0 = time.time()
    time_mem = Limits(None, limits.max_time, limits.max_memory)
    while queue and (want is None or want >= len(d.snaps)):
        n = queue.popleft()
        if not expand(machine, d, n, queue, limits.max_states, stutter):
            d.open.update(queue, (n,))
            d.reason = f"state limit {limits.max_states} reached"
            break
        stopped = vm.stop_request is not None  # (a stop inside a transition cut n's successors short)
        d.reason = limit_reached(vm.stop_request, time_mem, len(d.snaps), time.time() - t0)
        if d.reason:
            d.open.update(queue, (n,) if stopped else ())
            break
    d.transitions = machine.transitions
    return d


def expand(machine: Machine, d: Drawn, n: int, queue: deque, max_states: int, stutter: bool) -> bool:
    """Add the transitions from state n; False if the state limit cut them off."""
    g = d.g
    for step, key, snap in machine.successors(d.snaps[n]):
        if step.error is not None:
            d.errors.append((n, step))
            continue
        if key not in g.index and len(d.snaps) >= max_states:
            return False
        m, new = g.add(key, n, step)
        g.out[n].append((step, m))
        if not new:
            continue
        if snap is None:  # the program ended; the VM holds that state until the next step
            snap = S.snapshot(machine.vm)
            d.final.add(m)
            if stutter:  # as the liveness search: a run that ends repeats its last state
                st = Step([], None, [], None, True)
                st.label, st.bt = step.label, step.bt
                g.out[m].append((st, m))
        else:
            queue.append(m)
        d.snaps.append(snap)
    return True


# -- reading DiOS's tasks and frames from a snapshot ---------------------------

def _read(objs: dict, ptr, fmt: str):
    """The value at pointer ptr, None if it points nowhere valid."""
    if ptr.__class__ is not int or not ptr:
        return None
    o = objs.get(ptr >> 32)
    off = ptr & M32
    if o is None or off + struct.calcsize(fmt) > len(o.b):
        return None
    return struct.unpack_from(fmt, o.b, off)[0]


def tasks(prog, objs: dict, regs: list) -> list[tuple]:
    """(frame, id, state, is_main, start) of each DiOS task, where DiOS's
    __dios_task_layout says the fields are (none without it)."""
    gl = prog.glob_by_name.get("__dios_task_layout")
    raw = objs[gl.idx].b if gl is not None and not gl.decl and gl.idx in objs else b""
    if len(raw) < 8 * (LAYOUT_AT["start"] + 1):
        return []
    lay = {k: struct.unpack_from("<q", raw, 8 * i)[0] for k, i in LAYOUT_AT.items()}
    st = regs[CR_STATE]
    arr = _read(objs, st + lay["tasks"], "<Q") if st else None
    n = _read(objs, st + lay["ntasks"], "<i") if st else None
    fields = ((lay["frame"], "<Q"), (lay["id"], "<i"), (lay["state"], "<i"), (lay["is_main"], "<i"),
              (lay["start"], "<Q"))
    out = []
    for i in range(min(n or 0, 4096)):
        t = _read(objs, arr + 8 * i, "<Q") if arr else None
        if t is None:
            break
        out.append(tuple(_read(objs, t + off, fmt) or 0 for off, fmt in fields))
    return out


def stack(prog, objs: dict, frame: int, limit: int = 10000) -> list[tuple]:
    """A parked thread's activations, innermost first (at most limit): (fn,
    (file, line), resume entry, frame object id)."""
    out = []
    for _ in range(limit):
        o = objs.get(frame >> 32) if frame else None
        if o is None or len(o.b) < FRAME_HDR:
            break
        pc, parent = struct.unpack_from("<QQ", o.b, 0)
        fidx = (pc >> 32) - CODE_BASE
        if not 0 <= fidx < len(prog.functions):
            break
        fn = prog.functions[fidx]
        out.append((fn, getattr(fn, "resume_loc", {}).get(pc & M32) or (fn.file, fn.line), pc & M32, frame >> 32))
        frame = parent
    return out


def fn_name(prog, code_ptr: int) -> str | None:
    fidx = (code_ptr >> 32) - CODE_BASE
    return prog.functions[fidx].name if code_ptr and 0 <= fidx < len(prog.functions) else None


def where(prog, objs: dict, task: tuple) -> str:
    """One thread of a state: its innermost frame in the program (and the
    library function it called), or why it has none."""
    frame, tid, state, is_main, start = task
    st = stack(prog, objs, frame)
    if state != 0 or not st:  # TASK_ZOMBIE, TASK_DEAD; no frame once the program has exited
        return f"T{tid} ended"
    user = next((i for i, fr in enumerate(st) if not fr[0].system), None)
    if user is None:
        if len(st) == 1 and st[0][2] == 0:  # a fresh frame: DiOS's start of main or of a thread
            name = fn_name(prog, start) or ("main" if is_main or st[0][0].name == "main_task" else st[0][0].name)
            return f"T{tid} {name} (not started)"
        return f"T{tid} in {st[0][0].name}"
    fn, (file, line), _, _ = st[user]
    return f"T{tid} {fn.name} {os.path.basename(file)}:{line}" + (f" in {st[user - 1][0].name}" if user else "")


def thread_lines(prog, snap, ended: bool) -> list[str]:
    """Where each thread of a state is; a state where the program ended has
    none (its tasks keep the frames they had when the last one ran)."""
    if ended:
        return ["the program ended"]
    return [where(prog, snap.objs, t) for t in tasks(prog, snap.objs, snap.regs)]


# -- the state graph -------------------------------------------------------------

def dot_str(text: str, left: bool = False) -> str:
    """A DOT string; lines end left-aligned with left."""
    t = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + (t.replace("\n", "\\l") + "\\l" if left else t.replace("\n", "\\n")) + '"'


def highlights(d: Drawn) -> tuple[dict[int, str], dict[int, str]]:
    """Colours of the highlighted steps (by identity) and states: the path
    to the first error met (breadth-first: a shortest one), or the lasso's
    prefix and loop."""
    steps: dict[int, str] = {}
    states: dict[int, str] = {}
    if d.lasso is not None:
        src = {id(st): (n, m) for n, outs in enumerate(d.g.out) for st, m in outs}
        for part, colour in ((d.lasso.prefix, "blue"), (d.lasso.loop, "red")):
            for st in part:
                steps[id(st)] = colour
                for n in src.get(id(st), ()):
                    states[n] = colour  # (the loop comes second: its states are red)
    elif d.errors:
        n, step = d.errors[0]
        steps[id(step)] = "red"
        while n is not None:
            states[n] = "red"
            n, st = d.g.parent[n]
            if st is not None:
                steps[id(st)] = "red"
    return steps, states


def edge_attrs(step: Step, colour: str | None) -> str:
    if step.thread is None and not step.choices:
        label = "stutter"
    else:
        label = f"T{step.thread}" if step.thread is not None else ""
        label += "".join(f" {v}/{n}" for v, n in step.choices) + (" acc" if step.accepting else "")
    attrs = [f"label={dot_str(label.strip())}"]
    tip = [f"stops at {step.bt[0]['function']} {step.bt[0]['file']}:{step.bt[0]['line']}"] if step.bt else []
    printed = b"".join(t[2] for t in step.output).decode(errors="replace")
    if printed:
        tip.append("prints " + repr(printed[:80]))
    if tip:
        attrs.append("tooltip=" + dot_str("\n".join(tip)))
    if step.accepting:
        attrs.append("arrowhead=odot")
    if colour:
        attrs += [f"color={colour}", f"fontcolor={colour}", "penwidth=2.5"]
    return ", ".join(attrs)


def state_dot(d: Drawn, prog, title: str) -> str:
    """The state graph as DOT: states with their threads' locations (and
    true propositions), transitions, one node per distinct error."""
    steps, marked = highlights(d)
    out = ["digraph states {", f"  graph [label={dot_str(graph_title(d, title))}, labelloc=t, fontsize=12];",
           '  node [shape=box, fontname="monospace", fontsize=10];', '  edge [fontname="monospace", fontsize=9];']
    if d.boot_error is not None:
        e = d.boot_error
        label = dot_str(f"boot error: {e.kind}\n{e.message}")
        out.append(f"  boot [label={label}, shape=octagon, color=red];")
    for n, snap in enumerate(d.snaps):
        lines = [f"state {n}"] + thread_lines(prog, snap, n in d.final)
        if d.g.labels[n]:
            lines.append("{" + ", ".join(sorted(d.g.labels[n])) + "}")
        attrs = [f"label={dot_str(chr(10).join(lines), left=True)}"]
        if n in marked:
            attrs += [f"color={marked[n]}", "penwidth=2.5"]
        style = ["bold"] * (n == 0) + ["dashed"] * (n in d.open)
        attrs += [f'style="{",".join(style)}"'] * bool(style) + ["peripheries=2"] * (n in d.final)
        out.append(f"  s{n} [{', '.join(attrs)}];")
    for n, outs in enumerate(d.g.out if d.g is not None else ()):
        for st, m in outs:
            out.append(f"  s{n} -> s{m} [{edge_attrs(st, steps.get(id(st)))}];")
    errs: dict[tuple, int] = {}
    for n, st in d.errors:
        e = st.error
        top = e.backtrace[0] if e.backtrace else None
        what = (e.kind, e.message, f"{top['function']} {os.path.basename(top['file'])}:{top['line']}" if top else "")
        if what not in errs:
            errs[what] = k = len(errs)
            text = f"error: {e.kind}\n{e.message[:80]}" + (f"\nat {what[2]}" if top else "")
            colour = 'fillcolor="#ffdddd", penwidth=2.5' if steps.get(id(st)) else 'fillcolor="#fff0f0"'
            out.append(f"  e{k} [label={dot_str(text)}, shape=octagon, color=red, style=filled, {colour}];")
        out.append(f"  s{n} -> e{errs[what]} [{edge_attrs(st, steps.get(id(st)))}];")
    out.append("}")
    return "\n".join(out) + "\n"


def graph_title(d: Drawn, title: str) -> str:
    parts = [f"{title}: {plural(len(d.snaps), 'state')}, {plural(d.transitions, 'transition')}"]
    if d.reason:
        parts.append(f"{d.reason}: dashed states are not fully explored")
    if d.errors:
        parts.append(f"{len(d.errors)} error transition{'s' * (len(d.errors) > 1)}; red: the path to the first")
    if d.lasso is not None:
        parts.append("accepting lasso: blue prefix, red loop")
    return "\n".join(parts)


def plural(n: int, what: str) -> str:
    return f"{n} {what}{'s' * (n != 1)}"


def summary(d: Drawn, out: str | None) -> str:
    """A line on stderr; the verdict the report gives."""
    verdict = ("boot-error" if d.boot_error is not None else "error" if d.errors or d.lasso is not None
               else "inconclusive" if d.reason else "valid")
    found = (f", error: {d.errors[0][1].error.kind}" if d.errors else
             ", accepting lasso" if d.lasso is not None else "")
    more = f" ({d.reason})" if d.reason else ""
    to = f", written to {out}" if out else ""
    print(f"divm draw: {plural(len(d.snaps), 'state')}, {plural(d.transitions, 'transition')}{found}{more}{to}",
          file=sys.stderr)
    return verdict


# -- the memory graph ------------------------------------------------------------

def object_names(prog, objs: dict, regs: list) -> dict[int, tuple[str, bool]]:
    """id -> (name, belongs to DiOS or libc-shim) for the objects of a state:
    globals by name, locals and frames by their function and thread, heap
    blocks numbered in allocation order."""
    names: dict[int, tuple[str, bool]] = {}
    for gl in prog.globals:
        if gl.idx in objs:
            names[gl.idx] = (gl.name, gl.system or gl.const or gl.name.startswith(("llvm.", "__divm_")))
    for t in tasks(prog, objs, regs):
        for fn, _, _, fid in stack(prog, objs, t[0]):
            o = objs[fid]
            names[fid] = (f"frame of {fn.name} (T{t[1]})", True)
            na = FRAME_HEAD.unpack_from(o.b, 0)[2] if len(o.b) >= FRAME_HDR else 0
            for i in range(min(na, (len(o.b) - FRAME_HDR) // 8)):
                aid = struct.unpack_from("<Q", o.b, FRAME_HDR + 8 * i)[0] >> 32
                names[aid] = (f"local of {fn.name} (T{t[1]})", fn.system)
    heap = sorted(k for k, o in objs.items() if o.kind == K_HEAP)
    names.update((k, (f"heap {i}", False)) for i, k in enumerate(heap, 1))
    for k, o in objs.items():  # (a local no parked frame owns is left over from the OS's work)
        if k not in names:
            names[k] = ({K_KERNEL: "DiOS", K_FRAME: "frame", K_ALLOCA: "local"}.get(o.kind, "constant")
                        + f" #{k:x}", o.kind != K_HEAP)
    return names


def pointers(o) -> list[tuple[int, int]]:
    """(offset, pointer value) of the pointers an object holds."""
    return [(off, struct.unpack_from("<Q", o.b, off)[0]) for off in sorted(o.ptrs) if off + 8 <= len(o.b)]


def memory_dot(prog, snap, show_all: bool, title: str, ended: bool = False) -> str:
    """One state's memory as DOT: the program's globals, heap blocks and
    locals (with show_all DiOS's and libc-shim's objects too), each with its
    bytes and undefined bytes, pointers as edges from their offsets; objects
    they point to outside that set are drawn grey, without their contents."""
    objs = snap.objs
    names = object_names(prog, objs, snap.regs)
    drawn = [k for k in sorted(objs) if not names[k][1] or show_all and not objs[k].ro]
    context: list[int] = []
    seen = set(drawn)
    for k in drawn:
        for _, p in pointers(objs[k]):
            if p >> 32 in objs and p >> 32 not in seen:
                seen.add(p >> 32)
                context.append(p >> 32)
    threads = thread_lines(prog, snap, ended)
    head = "\n".join([f"memory of {title}"] + threads + ["?? undefined byte, ?. partly undefined, $$ symbolic"])
    out = ["digraph memory {", f"  graph [label={dot_str(head)}, labelloc=t, fontsize=12, rankdir=LR];",
           '  node [shape=plaintext, fontname="monospace", fontsize=10];', '  edge [fontname="monospace", fontsize=9];']
    for k in drawn + context:
        out.append(f"  o{k} [label=<{object_table(prog, objs, names, k, k in context)}>];")
    for k in drawn:
        rows = {off for off, _ in shown_rows(objs[k])}
        for off, p in pointers(objs[k]):
            if p >> 32 in seen:
                port = f":p{off}" if off in rows else ""
                attrs = [f"label={dot_str(f'+{p & M32}')}"] * bool(p & M32)
                attrs += ["color=grey", "style=dashed"] * (p >> 32 in context)
                out.append(f"  o{k}{port} -> o{p >> 32}" + (f" [{', '.join(attrs)}]" if attrs else "") + ";")
    out.append("}")
    return "\n".join(out) + "\n"


def html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def shown_rows(o) -> list[tuple[int, int]]:
    """The byte ranges of the rows drawn: up to 8 bytes each, within one
    aligned word, a pointer a row of its own; ROW_LIMIT of them."""
    rows: list[tuple[int, int]] = []
    off, ptrs, size = 0, o.ptrs, len(o.b)
    while off < size and len(rows) < ROW_LIMIT:
        if off in ptrs and off + 8 <= size:
            end = off + 8
        else:
            word = 8 - off % 8
            end = min(size, off + next((k for k in range(1, word) if off + k in ptrs), word))
        rows.append((off, end))
        off = end
    return rows


def byte_text(o, i: int) -> str:
    if o.sym is not None and i in o.sym:
        return "$$"
    u = o.ud[i] if o.ud is not None else 0
    return "??" if u == 0xFF else "?." if u else f"{o.b[i]:02x}"


def object_table(prog, objs: dict, names: dict, k: int, context: bool) -> str:
    """An object as an HTML-like table: name, kind and size, then its rows
    (offset, bytes or the pointer's target); a port per row."""
    o = objs[k]
    kind = {K_GLOBAL: "global", K_HEAP: "heap", K_ALLOCA: "local", K_FRAME: "frame", K_KERNEL: "DiOS"}.get(o.kind, "")
    colour = "#eeeeee" if context else {K_GLOBAL: "#dde8ff", K_HEAP: "#fff3c4", K_ALLOCA: "#dff5df"}.get(o.kind,
                                                                                                     "#eeeeee")
    nsym = len(o.sym) if o.sym is not None else 0
    undef = (o.nud if o.ud is not None else 0) - nsym  # (symbolic bytes are marked undefined too)
    info = (f"{kind}, {len(o.b)} bytes" + (f", {undef} undefined" if undef else "")
            + (f", {nsym} symbolic" if nsym else "") + (", read-only" if o.ro else ""))
    rows = [f'<tr><td colspan="2" bgcolor="{colour}"><b>{html(names[k][0])}</b><br/>{html(info)}</td></tr>']
    shown = shown_rows(o) if not context else []
    for off, end in shown:
        if off in o.ptrs and end - off == 8:
            what = pointer_text(prog, objs, names, struct.unpack_from("<Q", o.b, off)[0])
        else:
            what = " ".join(byte_text(o, j) for j in range(off, end))
        rows.append(f'<tr><td port="p{off}" align="right">{off}</td><td align="left">{what}</td></tr>')
    if shown and shown[-1][1] < len(o.b):
        rest = shown[-1][1]
        more = sum(1 for off in o.ptrs if off >= rest)
        rows.append(f'<tr><td colspan="2">… bytes {rest}–{len(o.b) - 1} not shown'
                    + (f" ({more} pointers)" if more else "") + "</td></tr>")
    return '<table border="0" cellborder="1" cellspacing="0">' + "".join(rows) + "</table>"


def pointer_text(prog, objs: dict, names: dict, p: int) -> str:
    """A pointer in a row: its target object and offset, or the function."""
    f = fn_name(prog, p)
    if f is not None:
        return f"&amp;{html(f)}" + (f"+{p & M32}" if p & M32 else "")
    if not p >> 32:
        return "NULL" + (f"+{p & M32}" if p & M32 else "")
    if p >> 32 not in objs:
        return "→ freed or invalid"
    return f"→ {html(names[p >> 32][0])}" + (f"+{p & M32}" if p & M32 else "")


def emit(text: str, out: str | None, fmt: str | None) -> None:
    """DOT to stdout or to a file, or rendered by dot."""
    if out is None:
        sys.stdout.write(text)
        return
    if fmt is None:
        with open(out, "w") as f:
            f.write(text)
        return
    r = subprocess.run(["dot", f"-T{fmt}", "-o", out], input=text.encode(), capture_output=True)
    if r.returncode != 0:
        msg = r.stderr.decode(errors="replace").strip().splitlines()
        raise UsageError(f"dot -T{fmt} failed: {msg[0] if msg else f'exit status {r.returncode}'}")
