"""Running the machine under divm's limits: a big stack for deep C
recursion, and clean stops on signals and on time or memory limits."""

from __future__ import annotations

import os
import sys
import threading
import time
from divm.vm.defs import RECURSION_LIMIT


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

    sys.setrecursionlimit(RECURSION_LIMIT)
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


# The largest sum of divm's and its worker processes' resident memory seen
# (sample_memory, note_memory): with --workers the search's memory is theirs.
_tree_peak = 0


def peak_memory() -> int:
    """divm's peak memory: its own peak resident set, or, with worker
    processes, the peak of the sum over every process, whichever is larger
    (the figure --max-memory limits).  RUSAGE_CHILDREN would not do: its
    ru_maxrss is the largest single child's, clang's among them."""
    try:
        import resource
        own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    except Exception:
        own = 0
    return max(own, _tree_peak)


def note_memory(total: int) -> None:
    """A sum of every process's memory, measured by someone else (the
    workers' own figures when they stop)."""
    global _tree_peak
    _tree_peak = max(_tree_peak, total)


def sample_memory(pids: list[int] | None = None) -> int:
    """The resident memory of divm and its child processes (pids, else all
    of them: the parallel search's workers) now, counted towards
    peak_memory.  Pages a worker still shares with divm after the fork
    count in both, as --max-memory counts them: an upper bound."""
    from divm.explore.search import rss
    total = rss()
    page = os.sysconf("SC_PAGE_SIZE")
    for pid in child_pids() if pids is None else pids:
        try:
            with open(f"/proc/{pid}/statm") as f:
                total += int(f.read().split()[1]) * page
        except (OSError, ValueError, IndexError):
            pass  # it has just ended
    note_memory(total)
    return total


def child_pids() -> list[int]:
    """This process's children: from /proc/self/task/*/children where the
    kernel has it, else by scanning /proc for our parent id."""
    me = os.getpid()
    try:
        tasks = os.listdir(f"/proc/{me}/task")
        pids: list[int] = []
        for t in tasks:
            with open(f"/proc/{me}/task/{t}/children") as f:
                pids += [int(x) for x in f.read().split()]
        return pids
    except (OSError, ValueError):
        pass
    pids = []
    for d in os.listdir("/proc") if os.path.isdir("/proc") else ():
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    stat = f.read()
            except OSError:
                continue
            # the second field, (comm), may hold spaces and parentheses: ppid follows its last ")"
            if int(stat[stat.rindex(")") + 2:].split()[1]) == me:
                pids.append(int(d))
    return pids


class Stopper:
    """Stops a search cleanly: on SIGINT or SIGTERM (the report is then
    written with "inconclusive" and the statistics so far), and when the
    time or memory limit is reached inside one long transition, which the
    search loop cannot see.  A second signal gives up at once."""

    def __init__(self, max_time=None, max_memory=None, workers: int = 1):
        self.vm = None
        self.signal: str | None = None
        self.max_time, self.max_memory = max_time, max_memory
        self.t0 = time.time()
        self.saved: dict = {}
        self.workers = workers  # > 1: watch samples the workers' memory for peak_memory
        self.sampled = self.scanned = 0.0
        self.children: list[int] = []
        self.proof = None  # verify --symbolic's proof attempt (cli/proof.py): proved stops the search

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
        now = time.time()
        if self.workers > 1 and now - self.sampled > 0.5:
            if now - self.scanned > 2:  # (finding children may mean reading all of /proc)
                self.children, self.scanned = child_pids(), now
            sample_memory(self.children)
            self.sampled = now
        if self.proof is not None and self.proof.poll() is not None and self.proof.proved:
            vm.request_stop("proved by inductive invariants")
        elif self.signal is not None:
            vm.request_stop(f"interrupted by {self.signal}")  # repeated: keeps interrupt points live
        elif self.max_time is not None and time.time() - self.t0 > self.max_time:
            vm.request_stop(f"time limit {self.max_time:g} s reached")
        elif self.max_memory is not None and vm.stop_request is None:
            from divm.explore.search import rss
            if rss() > self.max_memory:
                vm.request_stop("memory limit reached")
        elif vm.stop_request is not None and vm.engine is not None:
            vm.engine.interrupt()  # (repeated too: a solver query begun just after the request ends as well)
