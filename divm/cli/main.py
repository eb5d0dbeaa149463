"""The `divm` command line: cc, run, info (verify and replay follow)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time

from divm import __version__
from divm.load.loader import LoadError, cc_flags, compile_c, load_program

KINDS = ("assert", "integer", "float", "memory", "leak", "control", "locking", "undefined",
         "deadlock", "hypercall", "access", "notimplemented")


class UsageError(Exception):
    pass


class ArgParser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit status 2
        raise UsageError(f"{self.prog}: {message}")


def add_machine_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("-o", dest="opts", action="append", default=[], metavar="KEY",
                   help="nofail:malloc, simfail:malloc, ignore:KIND (assert, memory, undefined, ...), "
                        "report:KIND, ncpus:N; force-X fixes X against the program's changes")
    p.add_argument("--leakcheck", choices=("exit", "return", "state", "none"),
                   help="report memory lost at program exit, at each return, or in any state (none: off)")
    p.add_argument("--stdin", metavar="FILE", help="contents of standard input")
    p.add_argument("--file", dest="files", action="append", default=[], metavar="NAME=PATH",
                   help="the program sees the contents of PATH as file NAME (repeatable; "
                        "its file system is otherwise empty and lives in memory)")
    p.add_argument("--report", metavar="FILE.json", help="write a machine-readable report")
    p.add_argument("--max-states", type=int, metavar="N")
    p.add_argument("--max-time", type=float, metavar="SECONDS")
    p.add_argument("--max-memory", metavar="SIZE")
    p.add_argument("--debug", action="store_true", help="show internal tracebacks")


def build_parser() -> ArgParser:
    p = ArgParser(prog="divm", description="a verifier for C programs")
    p.add_argument("--version", action="version", version=f"divm {__version__}")
    sub = p.add_subparsers(dest="command", parser_class=ArgParser)
    r = sub.add_parser("run", help="execute one run of a program")
    r.add_argument("prog", metavar="PROG", help=".c, .bc or .ll")
    add_machine_options(r)
    r.add_argument("--random", action="store_true", help="resolve choices at random")
    r.add_argument("--seed", type=int)
    r.add_argument("--choices", metavar="LIST", help="take these choices, then 0")
    i = sub.add_parser("info", help="show what was loaded")
    i.add_argument("prog", metavar="PROG")
    i.add_argument("--debug", action="store_true")
    sub.add_parser("cc", help="compile C to bitcode (clang options pass through)", add_help=False)
    v = sub.add_parser("verify", help="explore every run of a program")
    v.add_argument("prog", metavar="PROG")
    add_machine_options(v)
    v.add_argument("--search", choices=("dfs", "bfs"), default="dfs")
    v.add_argument("--trace-out", metavar="FILE")
    v.add_argument("--nondet-range", metavar="LO:HI")
    v.add_argument("--workers", type=int, default=1, metavar="N")
    v.add_argument("--liveness", nargs="?", const="", metavar="MONITOR.ltl")
    v.add_argument("--property", metavar="NAME")
    v.add_argument("--fair", action="store_true")
    v.add_argument("--no-reduce", action="store_true",
                   help="no interrupt reductions: every memory access and every loop pass is visible "
                        "(for comparison)")
    v.add_argument("--hash-compaction", action="store_true",
                   help="store 128-bit fingerprints of states instead of the states themselves")
    rp = sub.add_parser("replay", help="re-execute a recorded run step by step")
    rp.add_argument("prog", metavar="PROG")
    rp.add_argument("trace", metavar="TRACE")
    rp.add_argument("--report", metavar="FILE.json")
    rp.add_argument("--debug", action="store_true")
    return p


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "cc":
        return guard(lambda: cmd_cc(argv[1:]), "--debug" in argv)
    if "--liveness" in argv:  # its argument is optional: a monitor only if it ends in .ltl
        k = argv.index("--liveness")
        if k + 1 >= len(argv) or not argv[k + 1].endswith(".ltl"):
            argv[k] = "--liveness="
    prog_args: list[str] = []
    if "--" in argv:
        k = argv.index("--")
        argv, prog_args = argv[:k], argv[k + 1:]
    try:
        args = build_parser().parse_args(argv)
        args.args = prog_args
    except UsageError as e:
        print(e, file=sys.stderr)
        return 2
    if args.command is None:
        build_parser().print_help(sys.stderr)
        return 2
    fn = {"run": cmd_run, "info": cmd_info, "verify": cmd_verify, "replay": cmd_replay}[args.command]
    return guard(lambda: fn(args), getattr(args, "debug", False))


def guard(f, debug: bool) -> int:
    try:
        return f()
    except LoadError as e:
        print(f"divm: error: {e}", file=sys.stderr)
        return 2
    except UsageError as e:
        print(f"divm: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("divm: interrupted", file=sys.stderr)
        return 3
    except BrokenPipeError:  # the reader went away (divm ... | head): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Exception as e:  # an internal error: short message, traceback only on request
        if debug:
            raise
        from divm.vm.machine import VMError
        if isinstance(e, VMError):  # a construct or limit the VM meets only when it runs
            sys.stdout.flush()
            print(f"divm: error: {e}", file=sys.stderr)
            return 2
        print(f"divm: internal error: {type(e).__name__}: {e} (rerun with --debug and please report it)",
              file=sys.stderr)
        return 2


# -- cc ---------------------------------------------------------------------------

def cmd_cc(argv: list[str]) -> int:
    if "--print-flags" in argv:
        print(" ".join(cc_flags()))
        return 0
    if not argv or "-h" in argv or "--help" in argv:
        print("usage: divm cc [clang options] FILE.c... -o OUT.bc\n"
              "compiles C to bitcode against libc-shim and DiOS; -O0 -ffp-contract=off come\n"
              "first, so a user's -O1 wins.  --print-flags shows the clang flags.")
        return 0 if argv else 2
    out = None
    srcs, flags = [], []
    it = iter(argv)
    for a in it:
        if a == "-o":
            out = next(it, None)
        elif a.startswith("-o") and len(a) > 2:
            out = a[2:]
        elif a.endswith(".c") and not a.startswith("-"):
            srcs.append(a)
        else:
            flags.append(a)
    if not srcs:
        raise UsageError("cc: no C source files given")
    for s in srcs:
        if not os.path.exists(s):
            raise LoadError(f"{s}: no such file")
    if out is None:
        out = os.path.splitext(os.path.basename(srcs[0]))[0] + ".bc"
    compile_c(srcs, out, flags)
    return 0


# -- run ----------------------------------------------------------------------------

def valid_opt(o: str) -> bool:
    """A -o option DiOS understands (it reads them at boot)."""
    o = o.removeprefix("force-")
    what, _, arg = o.partition(":")
    if what in ("nofail", "simfail"):
        return arg == "malloc"
    if what in ("ignore", "report", "abort", "detect"):
        return arg in KINDS or arg == "exit"
    return what == "ncpus" and arg.isdigit()


def machine_env(args, prog_name: str, prog_args: list[str], stdin: bytes | None = None,
                round_robin: bool = False, files: list[tuple[str, bytes]] = ()) -> list[tuple[str, bytes]]:
    env = [("divm.arg", prog_name.encode())]
    if round_robin:
        env.append(("divm.sched", b"rr"))
    if getattr(args, "command", None) == "run":  # a run passes the exit status on (the user's -o comes later)
        env.append(("divm.opt", b"ignore:exit"))
    env += [("divm.arg", a.encode()) for a in prog_args]
    for o in args.opts:
        if not valid_opt(o):
            raise UsageError(f"unknown option -o {o} (use [force-]nofail|simfail:malloc, "
                             f"[force-]ignore|report|abort|detect:KIND or ncpus:N)")
        env.append(("divm.opt", o.encode()))
    if stdin is not None:
        env.append(("divm.stdin", stdin))
    for name, data in files:  # libc-shim's file system starts with these
        env.append(("divm.file", name.encode() + b"\0" + data))
    return env


def vfs_name(name: str) -> str | None:
    """The absolute, normalised name a --file NAME gets in the program's
    file system (relative to its initial working directory "/"), or None
    if NAME cannot name a file there."""
    import posixpath
    if not name or "\0" in name or name.endswith("/"):
        return None
    norm = posixpath.normpath("/" + name)
    if norm.startswith("//"):
        norm = norm[1:]
    if norm == "/" or any(len(c.encode()) > 255 for c in norm.split("/")) or len(norm.encode()) >= 4096:
        return None
    return norm


def check_files(files: list[tuple[str, bytes]], what: str) -> None:
    """Two files may not share a name, nor may one be a directory of another."""
    names = {n for n, _ in files}
    if len(names) != len(files):
        dup = next(n for n in names if sum(1 for m, _ in files if m == n) > 1)
        raise UsageError(f"{what} {dup}: given twice")
    for n in names:
        d = n
        while d.count("/") > 1:
            d = d.rsplit("/", 1)[0]
            if d in names:
                raise UsageError(f"{what} {n}: {d} is a file, not a directory")


def read_files(args) -> list[tuple[str, bytes]]:
    """The --file NAME=PATH options: (normalised NAME, contents of PATH)."""
    files = []
    for spec in getattr(args, "files", None) or []:
        name, eq, path = spec.partition("=")
        if not eq or not name or not path:
            raise UsageError(f"--file {spec}: expected NAME=PATH (the file's name in the program, "
                             "then the host file to read)")
        norm = vfs_name(name)
        if norm is None:
            raise UsageError(f"--file {spec}: {name!r} is not a file name")
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise UsageError(f"--file {spec}: {path}: {e.strerror}") from None
        files.append((norm, data))
    check_files(files, "--file")
    return files


def read_stdin(args) -> bytes | None:
    if not getattr(args, "stdin", None):
        return None
    try:
        with open(args.stdin, "rb") as f:
            return f.read()
    except OSError as e:
        raise UsageError(f"--stdin {args.stdin}: {e.strerror}") from None


def configure(vm, args) -> None:
    """Options that change what the machine does (recorded in traces)."""
    if getattr(args, "leakcheck", None) == "none":
        args.leakcheck = None
    vm.leakcheck = getattr(args, "leakcheck", None)
    vm.G["LEAKRET"] = vm.leakcheck == "return"
    rng = getattr(args, "nondet_range", None)
    if rng:
        try:
            lo, hi = (int(x, 0) for x in rng.split(":"))
        except ValueError:
            raise UsageError(f"--nondet-range {rng}: expected LO:HI, e.g. -5:5") from None
        if lo > hi:
            raise UsageError(f"--nondet-range {rng}: LO is greater than HI")
        vm.nondet_range = (lo, hi)


def check_externals(prog, vm) -> None:
    from divm.codegen.gen import ALWAYS_ERROR, HYPERCALLS, SETJMP
    known = HYPERCALLS | SETJMP | set(ALWAYS_ERROR) | set(vm.builtins)
    missing = [(n, where) for n, where in prog.ext_uses.items() if n not in known]
    if missing:
        first = ", ".join(f"{n} (used in {w})" for n, w in missing[:5])
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        raise LoadError(f"undefined function{'s' if len(missing) > 1 else ''}: {first}{more}")


def run_big_stack(f, watch=None):
    """Deep C recursion becomes deep Python recursion: give it room.  The
    main thread waits, calling watch() every 0.1 s (signals arrive there);
    the helper is a daemon thread, so an interrupted divm does not wait for
    a program that never ends."""
    result: list = []
    exc: list = []

    def body():
        try:
            result.append(f())
        except BaseException as e:  # re-raised in the caller's thread
            exc.append(e)

    sys.setrecursionlimit(200000)
    threading.stack_size(512 * 1024 * 1024)
    t = threading.Thread(target=body, daemon=True)
    t.start()
    try:
        while t.is_alive():
            t.join(0.1)
            if watch is not None and t.is_alive():
                watch()
    except KeyboardInterrupt:
        # the program thread cannot be stopped from here, and interpreter
        # shutdown beside a running daemon thread can hang: leave at once
        print("divm: interrupted", file=sys.stderr)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(3)
    if exc:
        raise exc[0]
    return result[0]


def cmd_run(args) -> int:
    t0 = time.time()
    prog_args = list(args.args)
    if args.max_states is not None and args.max_states < 0:
        raise UsageError("--max-states must be a non-negative number")
    if args.max_time is not None and not args.max_time > 0:
        raise UsageError("--max-time must be a positive number of seconds")
    max_mem = parse_size(args.max_memory)
    stdin = read_stdin(args)
    files = read_files(args)
    check_output(args.report)
    prog = load_program(args.prog)
    env = machine_env(args, os.path.basename(args.prog), prog_args, stdin,
                      round_robin=not (args.random or args.choices), files=files)
    from divm.vm.machine import VM

    def out(fd: int, data: bytes) -> None:
        if fd == 2:
            sys.stdout.flush()
            sys.stderr.buffer.write(data)
            sys.stderr.flush()
        else:
            sys.stdout.buffer.write(data)

    vm = VM(prog, env, out=out)
    check_externals(prog, vm)
    configure(vm, args)
    from divm.vm import fastlib
    if fastlib.enabled():
        fastlib.install(vm)
    chooser = make_chooser(args)
    vm.chooser = chooser
    stopper = Stopper(args.max_time, max_mem).__enter__()
    stopper.start(vm)
    result = run_big_stack(lambda: execute(vm, args.max_states), stopper.watch)
    sys.stdout.flush()
    status, steps = result
    report = {"tool": "divm", "version": __version__, "command": "run",
              "result": ("boot-error" if vm.boot_failed else "error") if vm.error
              else "inconclusive" if status == "stopped" else "valid",
              "property": "safety", "states": steps + 1, "transitions": steps,
              "seconds": round(time.time() - t0, 3), "search_seconds": 0.0,
              "peak_memory_bytes": peak_memory(), "stored_bytes_per_state": 0.0,
              "choices": [list(c) for c in vm.choice_log] if args.report else []}
    if vm.error:
        print_error(vm.error)
        report["error"] = vm.error.to_json()
        code = 1
    elif status == "stopped":
        print(f"divm: the run was stopped ({vm.stop_request}) after {steps} transitions", file=sys.stderr)
        report["reason"] = vm.stop_request
        code = 3
    elif status == "cancelled":
        print("divm: the run was cancelled (an assumption failed)", file=sys.stderr)
        code = 0
    else:
        code = vm.exit_status if vm.exit_status is not None else 0
    if args.report:
        write_json(args.report, report)
    return code


def execute(vm, max_steps: int | None = None) -> tuple[str, int]:
    """One run to its end, an error, a cancelled step, or a limit
    ("stopped": --max-states transitions, or vm.request_stop)."""
    from divm.vm.machine import CF_CANCEL, CF_ERROR, CF_STOP, StopRequest
    steps = 0
    try:
        vm.boot()
        if vm.flags & CF_ERROR:
            return "error", steps
        while True:
            if max_steps is not None and steps >= max_steps:
                vm.stop_request = f"limit of {max_steps} transitions reached"
                return "stopped", steps
            vm.transition()
            steps += 1
            if vm.flags & CF_ERROR:
                return "error", steps
            if vm.flags & CF_CANCEL:
                return "cancelled", steps
            if vm.flags & CF_STOP:
                return "exit", steps
    except StopRequest:
        return "stopped", steps


def make_chooser(args):
    if args.choices:
        try:
            queue = [int(x) for x in args.choices.split(",") if x.strip()]
        except ValueError:
            raise UsageError("--choices takes a comma-separated list of numbers") from None

        def take(n, weights):
            v = queue.pop(0) if queue else 0
            return v if 0 <= v < n else 0
        return take
    if args.random:
        import random
        seed = args.seed if args.seed is not None else random.randrange(1 << 30)
        print(f"divm: random seed {seed}", file=sys.stderr)
        rng = random.Random(seed)

        def pick(n, weights):
            ws = [w[1] if isinstance(w, tuple) else w for w in weights[:n]]
            if len(ws) == n and sum(ws) > 0:
                return rng.choices(range(n), weights=ws)[0]
            return rng.randrange(n)
        return pick
    from divm.vm.machine import first_choice
    return first_choice


def print_error(err) -> None:
    print(f"error: {err.kind}: {err.message}", file=sys.stderr)
    for i, fr in enumerate(err.backtrace):
        print(f"  {'at' if i == 0 else 'from'} {fr['function']} ({fr['file']}:{fr['line']})", file=sys.stderr)


def peak_memory() -> int:
    try:
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    except Exception:
        return 0


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


def check_output(*paths) -> None:
    """Refuse an output file that cannot be written before the work starts."""
    for path in paths:
        if not path:
            continue
        d = os.path.dirname(path) or "."
        if not os.path.isdir(d):
            raise UsageError(f"{path}: directory {d} does not exist")
        if os.path.isdir(path):
            raise UsageError(f"{path}: is a directory")


# -- info ---------------------------------------------------------------------------

def cmd_info(args) -> int:
    prog = load_program(args.prog)
    user = [f for f in prog.functions if not f.decl and not f.system]
    system = [f for f in prog.functions if not f.decl and f.system]
    ext = [f for f in prog.functions if f.decl and not f.name.startswith("llvm.")]
    print(f"program: {prog.name} (sha256 {prog.digest[:16]})")
    print(f"functions: {len(user)} in the program, {len(system)} from DiOS and libc-shim, "
          f"{len(ext)} external (hypercalls and builtins)")
    for f in user:
        ninstr = sum(len(b.ins) + len(b.phis) for b in f.blocks)
        loc = f" {f.file}:{f.line}" if f.file else ""
        print(f"  {f.name}: {len(f.blocks)} blocks, {ninstr} instructions{loc}")
    globs = [g for g in prog.globals if not g.system and not g.name.startswith(("llvm.", "__divm_", "."))]
    print(f"globals: {len(globs)}")
    for g in globs[:50]:
        print(f"  {g.name}: {g.size} bytes{' constant' if g.const else ''}{' thread-local' if g.tls else ''}")
    mem = sum(1 for f in user for b in f.blocks for i in b.ins if i.op in ("load", "store", "cmpxchg", "atomicrmw"))
    back = sum(1 for f in user for b in f.blocks for t in [b.ins[-1]] if t.op in ("br", "switch")
               for d in (t.x if t.op == "br" else [t.x[0]] + [c[1] for c in t.x[1]]) if d <= b.idx)
    print(f"interrupt points: {mem} memory accesses (interrupt_mem), {back} loop back edges (interrupt_cfl); "
          "live once a second thread exists, and for accesses to objects other threads can reach")
    print("unsupported constructs: none (the program loaded)")
    return 0


# -- verify and replay ------------------------------------------------------------------

def parse_size(text: str | None) -> int | None:
    if text is None:
        return None
    t = text.strip().upper()
    mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
    try:
        if t and t[-1] == "B":
            t = t[:-1]
        if t and t[-1] in mult:
            return int(float(t[:-1]) * mult[t[-1]])
        return int(t)
    except ValueError:
        raise UsageError(f"--max-memory {text}: not a size (use e.g. 2G or 512M)") from None


class Stopper:
    """Stops a search cleanly: on SIGINT or SIGTERM (the report is then
    written with "inconclusive" and the statistics so far), and when the
    time or memory limit is reached inside one long transition, which the
    search loop cannot see.  A second signal gives up at once."""

    def __init__(self, max_time=None, max_memory=None):
        self.vm = None
        self.signal: str | None = None
        self.max_time, self.max_memory = max_time, max_memory
        self.t0 = time.time()
        self.saved: dict = {}

    def __enter__(self):
        import signal
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                self.saved[sig] = signal.signal(sig, self.handler)
            except ValueError:  # not the main thread
                pass
        return self

    def __exit__(self, *exc):
        import signal
        for sig, h in self.saved.items():
            signal.signal(sig, h)
        return False

    def handler(self, signum, frame):
        import signal
        if self.signal is not None:
            raise KeyboardInterrupt
        self.signal = signal.Signals(signum).name
        print(f"\ndivm: {self.signal}: stopping the search (send it again to quit at once)", file=sys.stderr)
        self.watch()

    def start(self, vm) -> None:
        self.vm = vm
        self.t0 = time.time()

    def watch(self) -> None:
        vm = self.vm
        if vm is None:
            return
        if self.signal is not None:
            vm.request_stop(f"interrupted by {self.signal}")  # repeated: keeps interrupt points live
        elif self.max_time is not None and time.time() - self.t0 > self.max_time:
            vm.request_stop(f"time limit {self.max_time:g} s reached")
        elif self.max_memory is not None and vm.stop_request is None:
            from divm.explore.search import rss
            if rss() > self.max_memory:
                vm.request_stop("memory limit reached")


def cmd_verify(args) -> int:
    from divm.explore.search import Limits, Machine, search
    from divm.vm.machine import VM
    t0 = time.time()
    if args.max_states is not None and args.max_states <= 0:
        raise UsageError("--max-states must be a positive number")
    if args.workers < 1:
        raise UsageError("--workers must be at least 1")
    if args.workers > 1 and args.liveness is not None:
        raise UsageError("--workers works with safety checking only; --liveness runs in one process")
    max_mem = parse_size(args.max_memory)
    if args.max_time is not None and not args.max_time > 0:
        raise UsageError("--max-time must be a positive number of seconds")
    if args.property and args.liveness is None:
        raise UsageError("--property needs --liveness MONITOR.ltl")
    stdin = read_stdin(args)
    files = read_files(args)
    check_output(args.report, args.trace_out)
    prog = load_program(args.prog)
    env = machine_env(args, os.path.basename(args.prog), args.args, stdin, files=files)
    if args.liveness is not None:
        if args.hash_compaction:
            raise UsageError("--hash-compaction works with safety checking only (--liveness keeps the state graph)")
        return verify_liveness(args, prog, env, stdin, t0, max_mem, files)
    vm = VM(prog, env, out=None)
    check_externals(prog, vm)
    configure(vm, args)
    vm.reduce = not args.no_reduce
    vm.want_stop_bt = True
    machine = Machine(vm, leaks=args.leakcheck == "state", compaction=args.hash_compaction)
    tty = sys.stderr.isatty()

    def progress(states, transitions, queue, secs):
        if tty:
            print(f"\r{states} states, {transitions} transitions, queue {queue}, "
                  f"{states / max(secs, 1e-9):.0f} states/s, {peak_memory() >> 20} MiB", end="", file=sys.stderr)
    # handlers stay until divm exits: a signal after the search changes nothing
    stopper = Stopper(args.max_time, max_mem).__enter__()
    stopper.start(vm)
    limits = Limits(args.max_states, args.max_time, max_mem)
    if args.workers > 1:
        from divm.explore import parallel
        res = run_big_stack(lambda: parallel.search(machine, args.workers, args.search, limits, progress),
                            stopper.watch)
    else:
        res = run_big_stack(lambda: search(machine, args.search, limits, progress), stopper.watch)
    if tty:
        print("\r", end="", file=sys.stderr)
    trace_path = None
    options = trace_options(args, stdin, files)
    report = {"tool": "divm", "version": __version__, "command": "verify", "result": res.verdict,
              "property": "safety", "states": res.states, "transitions": res.transitions,
              "seconds": 0.0, "search_seconds": round(res.seconds, 3), "peak_memory_bytes": peak_memory(),
              "stored_bytes_per_state": round(res.stored_bytes / max(res.states, 1), 1),
              "state_storage": "hash-compaction" if args.hash_compaction else "exact",
              "workers": args.workers}
    if res.verdict in ("error", "boot-error"):
        trace_path = args.trace_out or default_trace_path(args.prog)
        trace = {"format": "divm-trace", "version": 1, "program": prog.digest, "options": options,
                 "steps": [{"choices": [list(c) for c in st.choices], "interrupts": []} for st in res.path],
                 "cycle_start": None}
        write_json(trace_path, trace)
        report["trace"] = trace_path
        report["error"] = res.error.to_json()
        print_counterexample(res.path, res.error)
        print(f"trace written to {trace_path}", file=sys.stderr)
    elif res.verdict == "valid" and vm.nondet_limited:
        res.verdict = "inconclusive"
        res.reason = ("wide __VERIFIER_nondet_* values ranged over the default domain {0, 1, -1, 2}; "
                      "give --nondet-range LO:HI to enumerate a range")
        report["result"] = "inconclusive"
        report["reason"] = res.reason
    elif res.verdict == "inconclusive":
        report["reason"] = res.reason
    summary = (f"divm: {res.verdict}: {res.states} states, {res.transitions} transitions, "
               f"{res.seconds:.2f} s search, {peak_memory() >> 20} MiB")
    if res.reason:
        summary += f" ({res.reason})"
    print(summary, file=sys.stderr)
    report["seconds"] = round(time.time() - t0, 3)
    if args.report:
        write_json(args.report, report)
    return {"valid": 0, "error": 1, "boot-error": 1, "inconclusive": 3}[res.verdict]


def verify_liveness(args, prog, env, stdin, t0, max_mem, files=()) -> int:
    from divm.explore.search import Limits, Machine, liveness
    from divm.props.ltl import LTLError, atoms, parse_monitor, translate
    from divm.props.propositions import Propositions
    from divm.vm.machine import VM, ErrorInfo
    props = None
    if args.liveness:
        try:
            with open(args.liveness) as f:
                text = f.read()
        except OSError as e:
            raise UsageError(f"{args.liveness}: {e.strerror}") from None
        try:
            monitor = parse_monitor(text)
            props = Propositions(prog, monitor.defines)
        except LTLError as e:
            raise LoadError(f"{args.liveness}:{e}") from None
        todo = [(n, f) for n, f, _ in monitor.properties if args.property in (None, n)]
        if not todo:
            raise UsageError(f"--property {args.property}: no such #property in {args.liveness}")
    else:
        if args.property:
            raise UsageError("--property needs a monitor file (--liveness FILE.ltl)")
        todo = [("accepting", None)]
    results = []
    first = None
    total_states = total_trans = stored = 0
    search_secs = 0.0
    stopper = Stopper(args.max_time, max_mem).__enter__()
    for name, formula in todo:
        if stopper.signal is not None:
            results.append({"name": name, "result": "inconclusive", "reason": f"not checked ({stopper.signal})"})
            continue
        vm = VM(prog, env, out=None)
        check_externals(prog, vm)
        configure(vm, args)
        if props is not None:
            try:
                props.check(vm.objs)
            except LTLError as e:
                raise LoadError(f"{args.liveness}:{e}") from None
        vm.reduce = not args.no_reduce
        vm.want_stop_bt = vm.all_visible = True
        observe = labeller(props, sorted(atoms(formula))) if formula is not None else None
        machine = Machine(vm, observe=observe)
        automaton = translate(("!", formula)) if formula is not None else None
        stopper.start(vm)
        res = run_big_stack(lambda m=machine, a=automaton: liveness(m, a, args.fair,
                                                                  Limits(args.max_states, args.max_time, max_mem)),
                            stopper.watch)
        total_states += res.states
        total_trans += res.transitions
        stored += res.stored_bytes
        search_secs += res.seconds
        entry = {"name": name, "result": res.verdict}
        if res.verdict in ("error", "boot-error"):
            lasso = getattr(res, "lasso", None)
            if lasso is not None:
                last = next((st for st in lasso.loop if st.accepting), None) if formula is None else None
                bt = (last or lasso.loop[-1]).bt
                what = ("an accepting transition repeats forever" if formula is None
                        else f"property {name} is violated by an infinite run")
                res.error = ErrorInfo("liveness", what, bt)
            entry["error"] = res.error.to_json()
            path = lasso.prefix + lasso.loop if lasso is not None else res.path
            trace_path = args.trace_out or default_trace_path(args.prog)
            if len(todo) > 1:
                base, ext = os.path.splitext(trace_path)
                base = base[:-6] if base.endswith(".trace") else base
                trace_path = f"{base}.{name}.trace.json"
            write_json(trace_path, {
                "format": "divm-trace", "version": 1, "program": prog.digest,
                "options": {**trace_options(args, stdin, files), "liveness": True},
                "steps": [{"choices": [list(c) for c in st.choices], "interrupts": []} for st in path],
                "cycle_start": len(lasso.prefix) if lasso is not None else None})
            entry["trace"] = trace_path
            print(f"property {name}: violated", file=sys.stderr)
            print_counterexample(path, res.error, len(lasso.prefix) if lasso is not None else None)
            print(f"trace written to {trace_path}", file=sys.stderr)
            if first is None:
                first = entry
        else:
            if res.reason:
                entry["reason"] = res.reason
            print(f"property {name}: {'holds' if res.verdict == 'valid' else res.verdict}", file=sys.stderr)
        results.append(entry)
    verdicts = [r["result"] for r in results]
    verdict = ("boot-error" if "boot-error" in verdicts else "error" if "error" in verdicts
               else "inconclusive" if "inconclusive" in verdicts else "valid")
    report = {"tool": "divm", "version": __version__, "command": "verify", "result": verdict,
              "property": "liveness:" + (first or results[0])["name"],
              "states": total_states, "transitions": total_trans,
              "seconds": round(time.time() - t0, 3), "search_seconds": round(search_secs, 3),
              "peak_memory_bytes": peak_memory(),
              "stored_bytes_per_state": round(stored / max(total_states, 1), 1), "state_storage": "exact",
              "properties": results}
    if first is not None:
        report["error"] = first["error"]
        report["trace"] = first["trace"]
    print(f"divm: {verdict}: {total_states} states, {total_trans} transitions, {search_secs:.2f} s search, "
          f"{peak_memory() >> 20} MiB", file=sys.stderr)
    if args.report:
        write_json(args.report, report)
    return {"valid": 0, "error": 1, "boot-error": 1, "inconclusive": 3}[verdict]


def labeller(props, names: list[str]):
    """The propositions of one property that hold in the VM's current state."""
    return lambda vm: props.label(vm.objs, names)


def trace_options(args, stdin: bytes | None, files=()) -> dict:
    import base64
    opts = {"o": sorted(args.opts), "leakcheck": args.leakcheck, "args": list(args.args),
            "nondet_range": getattr(args, "nondet_range", None),
            "stdin": base64.b64encode(stdin).decode() if stdin is not None else None}
    if files:  # the contents travel with the trace: replay needs no host file
        opts["files"] = [{"name": n, "contents": base64.b64encode(d).decode()} for n, d in files]
    return opts


def trace_files(opts: dict) -> list[tuple[str, bytes]]:
    """options.files of a trace, checked; ValueError if malformed."""
    import base64
    import binascii
    raw = opts.get("files") or []
    if not isinstance(raw, list):
        raise ValueError("files")
    files = []
    for e in raw:
        if not (isinstance(e, dict) and isinstance(e.get("name"), str) and isinstance(e.get("contents"), str)):
            raise ValueError("files")
        if vfs_name(e["name"]) != e["name"]:
            raise ValueError("files")
        try:
            files.append((e["name"], base64.b64decode(e["contents"], validate=True)))
        except (binascii.Error, ValueError):
            raise ValueError("files") from None
    try:
        check_files(files, "file")
    except UsageError:
        raise ValueError("files") from None
    return files


def default_trace_path(prog: str) -> str:
    base = prog[:-len(os.path.splitext(prog)[1])] if os.path.splitext(prog)[1] else prog
    return base + ".trace.json"


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
            text = data.decode("utf-8", "replace").rstrip("\n").replace("\n", "\n      | ")
            print(f"      {'stdout' if fd == 1 else 'stderr'}| {text}", file=sys.stderr)
    if error is not None:
        print_error(error)


def cmd_replay(args) -> int:
    import base64

    from divm.vm.machine import CF_CANCEL, CF_ERROR, VM, first_choice
    try:
        with open(args.trace) as f:
            trace = json.load(f)
    except OSError as e:
        raise UsageError(f"{args.trace}: {e.strerror}") from None
    except ValueError:
        raise LoadError(f"{args.trace}: not a divm trace (not JSON)") from None
    if not isinstance(trace, dict) or trace.get("format") != "divm-trace":
        raise LoadError(f"{args.trace}: not a divm trace")
    if trace.get("version") != 1 or trace.get("version") is True:
        raise LoadError(f"{args.trace}: trace format version {trace.get('version')!r} is not supported (1 is)")
    opts = trace.get("options") or {}
    try:
        steps = [[(int(v), int(n)) for v, n in st["choices"]] for st in trace["steps"]]
        stdin = base64.b64decode(opts["stdin"]) if opts.get("stdin") else None
        files = trace_files(opts)
        ns = argparse.Namespace(opts=list(opts.get("o") or []), leakcheck=opts.get("leakcheck"),
                                args=list(opts.get("args") or []), nondet_range=opts.get("nondet_range"))
        if not (isinstance(opts.get("o") or [], list) and isinstance(opts.get("args") or [], list)
                and all(isinstance(x, str) for x in ns.opts + ns.args)
                and ns.leakcheck in (None, "exit", "return", "state")
                and isinstance(ns.nondet_range, (str, type(None)))):
            raise ValueError("options")
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError):
        raise LoadError(f"{args.trace}: malformed trace") from None
    prog = load_program(args.prog)
    if trace.get("program") != prog.digest:
        raise LoadError(f"{args.trace}: the trace was recorded for a different program")
    env = machine_env(ns, os.path.basename(args.prog), ns.args, stdin, files=files)

    def out(fd: int, data: bytes) -> None:
        text = data.decode("utf-8", "replace").rstrip("\n").replace("\n", "\n      | ")
        print(f"      {'stdout' if fd == 1 else 'stderr'}| {text}")
    vm = VM(prog, env, out=out)
    check_externals(prog, vm)
    configure(vm, ns)

    cycle = trace.get("cycle_start")
    if cycle is not None and not (isinstance(cycle, int) and not isinstance(cycle, bool) and 0 <= cycle < len(steps)):
        raise LoadError(f"{args.trace}: malformed trace (cycle_start)")
    vm.want_stop_bt = vm.explore_mode = True
    vm.all_visible = bool(opts.get("liveness"))
    vm.set_live()
    loop_bt: list = []

    def replay():
        vm.chooser = first_choice
        vm.boot()
        for i, choices in enumerate(steps):
            if i == cycle:
                print("--- the loop starts here and repeats forever ---")
            queue = list(choices)

            def chooser(n, w, queue=queue, i=i):
                if not queue:
                    raise TraceMismatch(f"step {i + 1} makes more choices than the trace recorded")
                v, m = queue.pop(0)
                if m != n or not 0 <= v < n:
                    raise TraceMismatch(f"step {i + 1}: the trace chose {v} of {m}, the program offers {n}")
                return v
            vm.chooser = chooser
            vm.trace = []
            print(f"step {i + 1}:", end="")
            vm.transition()
            thread = next((t[2] for t in vm.trace if t[0] == "sched"), None)
            where = f" at {vm.stop_bt[0]['function']} ({vm.stop_bt[0]['file']}:{vm.stop_bt[0]['line']})" \
                if vm.stop_bt else ""
            print((f" thread {thread}" if thread is not None else "") + where)
            if queue:
                raise TraceMismatch(f"step {i + 1} made fewer choices than the trace recorded")
            if vm.flags & (CF_ERROR | CF_CANCEL) and i + 1 < len(steps):
                raise TraceMismatch(f"the run ends at step {i + 1}, the trace goes on to {len(steps)}")
            if cycle is not None and i >= cycle:
                loop_bt[:] = vm.accept_bt if vm.accept_bt is not None else (vm.stop_bt or loop_bt)
        return vm.flags
    try:
        flags = run_big_stack(replay)
    except TraceMismatch as e:
        raise LoadError(f"{args.trace}: the trace does not fit the program: {e}") from None
    sys.stdout.flush()
    if flags & CF_ERROR and vm.error is not None:
        print_error(vm.error)
        return 1
    if cycle is not None:
        from divm.vm.machine import ErrorInfo
        print_error(ErrorInfo("liveness", "the loop from step %d repeats forever" % (cycle + 1), loop_bt))
        return 1
    print("the run ends cleanly" + (f" (exit status {vm.exit_status})" if vm.exit_status is not None else ""))
    return 0


class TraceMismatch(Exception):
    pass
