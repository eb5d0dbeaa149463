"""Running the machine under divm's limits: a big stack for deep C
recursion, and clean stops on signals and on time or memory limits."""

from __future__ import annotations

import os
import sys
import threading
import time


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


def peak_memory() -> int:
    try:
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    except Exception:
        return 0


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
