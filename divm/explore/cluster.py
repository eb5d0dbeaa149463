"""The search across machines: `divm verify --cluster ADDRESS` on Ray.

The same algorithm as `--workers` (`explore/parallel.py`), with Ray actors
for the forked processes: one actor per partition of the state space, each
with its own VM, store and frontier, on whichever node of the cluster Ray
puts it (spread over the nodes).

Actors load the program themselves.  Programs and VMs do not travel: an
actor gets a factory (the program's bitcode, the options, the boot
environment: `cli/verify.py` makes it) and builds and boots its own
machine.  Boot is deterministic, so every actor has the same initial state,
object for object; the driver checks that (the initial state's fingerprint
and a digest of its objects by id) before the search starts, because
snapshots travel as differences from that state by object id.

Partitions.  A state belongs to actor `h % N`, h the owner hash of
`--workers` (the fingerprint under hash compaction, else the
process-independent hash of the canonical form, over the object kinds
`parallel.choose_mask` picks from a short search of the driver's own,
the "warm-up": a state space it finishes alone needs no cluster).  The
actors then start over from the initial state, which the first actor
expands and every actor knows as already stored (so exact keys, numbers
local to one process, never need to travel).

Messages.  Each actor runs `parallel.Worker`'s search (`expand`, `states`,
work stealing, the same batches of encoded snapshots with per-link object
caches) in a thread with a big stack; a batch to another actor is one Ray
actor call (`Node.push`, fire and forget).  Ray does not keep the order of
calls to a threaded actor, so every link numbers its messages and the
receiver puts them back in order.  The driver talks to actors the same way
and reads their control messages (progress, idle reports, probe replies,
errors, final statistics) by long polls.

Termination, limits, SIGINT, counterexamples: the parallel search's
`Coordinator` (Mattern's four counters over probe waves; limits and the
stop request the CLI's signal handler sets checked between polls; a stop
cuts short the transitions in progress; the counterexample rebuilt by
asking owners for parent links and replayed in the driver)."""

from __future__ import annotations

import hashlib
import logging
import os
import socket
import sys
import threading
import time
import traceback
import zlib
from collections import deque
from typing import Any, Callable

from divm.explore import parallel as P
from divm.explore.search import Limits, Result, rss
from divm.explore.search import search as sequential
from divm.state.store import StateStore
from divm.vm.defs import RECURSION_LIMIT

# the driver's search alone before the actors take over (0: as soon as there is work for each)
WARMUP_SECONDS = float(os.environ.get("DIVM_CLUSTER_WARMUP", "1.0"))
POLL_WAIT = 0.25         # an actor holds a poll this long when it has nothing to say
START_TIMEOUT = 600.0    # actors must have loaded and booted the program by then
STACK = 512 << 20        # deep C recursion is deep Python recursion


class ClusterError(Exception):
    """No Ray, no cluster at the address, or actors that disagree with the driver."""


def big_stack(f: Callable) -> Any:
    """f() in a thread with a big stack (as `divm verify` runs the search)."""
    out: list = []
    err: list = []

    def body() -> None:
        try:
            out.append(f())
        except BaseException as e:  # re-raised in the caller's thread
            err.append(e)
    sys.setrecursionlimit(RECURSION_LIMIT)
    old = threading.stack_size(STACK)
    try:
        t = threading.Thread(target=body, daemon=True)
        t.start()
    finally:
        threading.stack_size(old)
    t.join()
    if err:
        raise err[0]
    return out[0]


def identity(machine) -> tuple[str, str]:
    """The booted state's fingerprint and a digest of its objects by id:
    equal in every process that loads the same program with the same
    options (what the encoding of snapshots relies on)."""
    _, snap0 = machine.initial()
    h = hashlib.blake2b(digest_size=16)
    for oid in sorted(snap0.objs):
        o = snap0.objs[oid]
        h.update(repr((oid, bytes(o.b), bytes(o.ud) if o.ud is not None else None, sorted(o.ptrs), o.ro,
                       o.kind, o.name, o.shared, o.meta)).encode())
    h.update(repr((snap0.ids, snap0.flags, list(snap0.regs))).encode())
    return machine.fingerprint().hex(), h.hexdigest()


# -- an actor --------------------------------------------------------------------------------

class Link:
    """How Worker sends to another actor: each put() is one Ray call,
    numbered, its payload compressed (zlib's fastest level: batches of
    snapshots shrink about six times, for a few per cent of the CPU)."""
    buf = b""

    def __init__(self, me: int, node) -> None:
        self.me, self.node = me, node
        self.seq = self.messages = self.bytes = self.raw = 0

    def put(self, typ: int, payload: bytes) -> None:
        data = zlib.compress(payload, 1)
        self.node.push.remote(self.me, self.seq, typ, data)
        self.seq += 1
        self.messages += 1
        self.bytes += len(data)
        self.raw += len(payload)

    def flush(self) -> None:
        pass


class ToDriver:
    """How Worker reports to the coordinator: kept until the driver's next poll."""
    buf = b""

    def __init__(self, node: Node) -> None:
        self.node = node

    def put(self, typ: int, payload: bytes) -> None:
        node = self.node
        with node.ctl_cv:
            node.ctl.append((typ, payload))
            node.ctl_cv.notify_all()

    def flush(self) -> None:
        pass


class ActorWorker(P.Worker):
    """parallel.Worker with Ray links; counts the states it sends."""
    items = 0

    def flush(self, d: int) -> None:
        self.items += len(self.batches[d])
        super().flush(d)


class Node:
    """One partition: a Ray actor (threaded: `run` searches, `push` and
    `poll` come and go beside it) with its own machine, built by factory()."""

    def __init__(self, me: int, n: int, factory: Callable) -> None:
        self.me, self.n = me, n
        self.cv = threading.Condition()       # guards the inbox
        self.inbox: deque = deque()           # (source, type, payload) in each link's order
        self.expect = [0] * (n + 1)           # per source (n: the driver), the next message's number
        self.held: list[dict] = [{} for _ in range(n + 1)]  # messages that came early
        self.ctl_cv = threading.Condition()
        self.ctl: list = []                   # (type, payload) for the driver
        self.worker: ActorWorker | None = None
        self.links: list[Link] = []
        # a Ray call costs the sender ~0.1-0.2 ms: with many actors, each link's batch
        # fills slower, so a busy actor sends partly filled ones less often (an idle one at once)
        self.flush_every = P.FLUSH_SECONDS * max(1.0, n / 8)
        self.progress_every = 0.2 * max(1.0, n / 16)  # the driver hears from n actors: at most ~80 reports/s
        self.machine = big_stack(factory)
        self.start0 = big_stack(self.machine.initial)
        self.machine.vm.want_stop_bt = False  # where transitions stop matters only on the counterexample

    def hello(self) -> tuple:
        """(fingerprint, object digest, Ray node id, pid): who this actor is."""
        import ray
        fp, objs = big_stack(lambda: identity(self.machine))
        return fp, objs, ray.get_runtime_context().get_node_id(), os.getpid()

    def start(self, nodes: list, mask: int, order: str, first: bool) -> None:
        """Set up the search: peers' handles, the owner hash; the first
        actor expands the initial state, which every actor has stored."""
        m = self.machine
        key0, snap0 = self.start0
        pre = StateStore(m.compaction)
        pre.add(key0, -1, ())
        self.links = [Link(self.me, node) if i != self.me else None for i, node in enumerate(nodes)]
        self.worker = ActorWorker(self.me, self.n, m, snap0, pre, [(0, snap0)] if first else [], [],
                                  self.links, None, ToDriver(self), order, mask)

    def push(self, src: int, seq: int, typ: int, payload: bytes) -> None:
        """A message from actor src (or the driver: n), number seq on its link."""
        with self.cv:
            if seq != self.expect[src]:
                self.held[src][seq] = (typ, payload)
                return
            self.inbox.append((src, typ, payload))
            held = self.held[src]
            seq += 1
            while seq in held:
                self.inbox.append((src, *held.pop(seq)))
                seq += 1
            self.expect[src] = seq
            self.cv.notify()

    def poll(self, wait: float) -> tuple[list, int]:
        """The control messages since the last poll (waiting up to `wait`
        seconds for one), and this process's memory."""
        with self.ctl_cv:
            if not self.ctl:
                self.ctl_cv.wait(wait)
            out, self.ctl = self.ctl, []
        return out, rss()

    def interrupt(self) -> None:
        """Cut short the transition in progress (another actor found an error, or a limit)."""
        self.machine.vm.request_stop("stopped by the coordinator")

    def stats(self) -> dict:
        links = [x for x in self.links if x is not None]
        return {"messages": sum(x.messages for x in links), "bytes": sum(x.bytes for x in links),
                "raw_bytes": sum(x.raw for x in links),
                "states_sent": self.worker.items if self.worker else 0,
                "cpu_seconds": round(sum(os.times()[:2]), 3)}

    def run(self) -> None:
        """The search, until the driver says EXIT; a failure goes to the driver as FATAL."""
        try:
            big_stack(self.loop)
        except BaseException:
            ToDriver(self).put(P.FATAL, P.dumps(traceback.format_exc()))

    def loop(self) -> None:
        """Worker.run, reading the inbox instead of pipes."""
        w = self.worker
        now = last_flush = last_progress = last_poll = time.time()
        while True:
            busy = bool(w.frontier) and not w.stopped
            if not busy or now - last_poll >= P.POLL_SECONDS:
                if self.deliver(busy, w):
                    return
                last_poll = time.time()
                if not busy and not w.stopped:
                    w.idle += last_poll - now
            if w.frontier and not w.stopped:
                w.expand(*w.pop())
            now = time.time()
            if w.stopped:
                continue
            if not w.frontier or now - last_flush > self.flush_every:
                for d in range(w.n):
                    if w.batches[d]:
                        w.flush(d)
                last_flush = now
            if now - last_progress > self.progress_every:
                w.send_ctl(P.PROGRESS, (len(w.store), self.machine.transitions, len(w.frontier)))
                last_progress = now
            if not w.frontier:
                st = (w.sent, w.recv)
                if st != w.reported:
                    w.reported = st
                    w.send_ctl(P.STATUS, (len(w.store), self.machine.transitions, w.sent, w.recv))
                if not w.asked and w.n > 1 and now - w.last_ask >= P.STEAL_WAIT:
                    w.ask_for_work()

    def deliver(self, busy: bool, w: ActorWorker) -> bool:
        """Hand the inbox to the worker (an idle one waits a little for
        it); True when told to exit."""
        with self.cv:
            if not busy and not self.inbox:
                self.cv.wait(P.STEAL_WAIT if not w.asked else 0.2)
            msgs = list(self.inbox)
            self.inbox.clear()
        n = self.n
        for src, typ, payload in msgs:
            if w.message(src, typ, zlib.decompress(payload) if src < n else payload):
                return True
        return False


# -- the driver ------------------------------------------------------------------------------

def connect(address: str):
    """Ray, connected: to the cluster at address, or for "auto" to the Ray
    instance running on this machine (started then if there is none)."""
    try:
        import ray
    except ImportError:
        raise ClusterError("--cluster needs Ray: pip install 'divm[cluster]'") from None
    if ray.is_initialized():
        return ray
    if address != "auto":
        reachable(address)
    quiet = {"logging_level": logging.ERROR, "log_to_driver": False, "include_dashboard": False}
    try:
        ray.init(address=address, **quiet)
    except ConnectionError as e:
        if address != "auto":
            raise ClusterError(f"--cluster {address}: no Ray cluster there ({e})") from None
        ray.init(**quiet)  # no instance on this machine: a private one for this run
    return ray


def reachable(address: str) -> None:
    """A HOST:PORT address must accept connections (Ray itself would retry for minutes)."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return
    try:
        socket.create_connection((host, int(port)), timeout=10).close()
    except OSError as e:
        raise ClusterError(f"--cluster {address}: no Ray cluster there ({e.strerror or e})") from None


def start_nodes(ray, factory: Callable, n: int) -> list:
    """n actors, spread over the nodes, each loading and booting the
    program (in the background: this returns at once)."""
    cpus = float(ray.cluster_resources().get("CPU", 1))
    # threads: the search, a poll, an interrupt and pushes (short: a bounded pool serves them all)
    actor = ray.remote(Node).options(num_cpus=min(1.0, cpus / n), max_concurrency=min(n + 4, 16),
                                     scheduling_strategy="SPREAD")
    ref = ray.put(factory)  # once, not once per actor
    return [actor.remote(me, n, ref) for me in range(n)]


def partitions(ray, workers: int) -> int:
    """--workers N actors, else one per CPU of the cluster."""
    return workers if workers > 1 else max(2, int(ray.cluster_resources().get("CPU", 2)))


def check_nodes(ray, nodes: list, machine) -> list[str] | None:
    """Every actor booted to the driver's initial state; the nodes they run
    on (None if a signal or limit stopped the wait)."""
    mine = identity(machine)
    refs = [node.hello.remote() for node in nodes]
    deadline = time.time() + START_TIMEOUT
    while len(ray.wait(refs, num_returns=len(refs), timeout=0.2)[0]) < len(refs):
        if machine.vm.stop_request is not None:
            return None
        if time.time() > deadline:
            raise ClusterError(f"the cluster's actors did not start within {START_TIMEOUT:g} s")
    try:
        hellos = ray.get(refs)
    except ray.exceptions.RayError as e:
        raise ClusterError(f"an actor could not load the program: {e}") from None
    for w, (fp, objs, _, _) in enumerate(hellos):
        if (fp, objs) != mine:
            raise ClusterError(f"actor {w} booted to another initial state than this process "
                               "(a different divm or runtime on its node?)")
    return sorted({h[2] for h in hellos})


class Coordinator(P.Coordinator):
    """parallel.Coordinator over Ray: messages by actor calls, news by long polls."""

    def __init__(self, ray, nodes: list, machine, limits: Limits, progress, t0: float, pre: StateStore):
        super().__init__(machine, len(nodes), [], [], [], limits, progress, t0, pre)
        self.ray, self.nodes = ray, nodes
        self.seq = [0] * len(nodes)
        self.mem = [0] * len(nodes)
        self.polls = {node.poll.remote(POLL_WAIT): w for w, node in enumerate(nodes)}

    def send(self, w: int, typ: int, obj=None) -> None:
        self.nodes[w].push.remote(self.n, self.seq[w], typ, P.dumps(obj))
        self.seq[w] += 1

    def pump(self, timeout: float) -> None:
        ray = self.ray
        ready, _ = ray.wait(list(self.polls), num_returns=1, timeout=timeout)
        if ready:
            ready, _ = ray.wait(list(self.polls), num_returns=len(self.polls), timeout=0)
        for ref in ready:
            w = self.polls.pop(ref)
            try:
                msgs, self.mem[w] = ray.get(ref)
            except ray.exceptions.RayError as e:
                raise RuntimeError(f"divm: cluster actor {w} failed: {e}") from None
            self.polls[self.nodes[w].poll.remote(POLL_WAIT)] = w
            for typ, payload in msgs:
                self.message(w, typ, P.loads(payload))

    def stop(self, reason: str) -> None:
        if not self.stopping and reason:  # cut short transitions in progress
            for node in self.nodes:
                node.interrupt.remote()
        super().stop(reason)

    def memory(self) -> int:
        return rss() + sum(self.mem)

    def shutdown(self) -> None:
        for w in range(self.n):
            self.send(w, P.EXIT)


def search(machine, factory: Callable, address: str = "auto", workers: int = 1, order: str = "dfs",
           limits: Limits | None = None, progress=None) -> Result:
    """Explore every reachable state with actors on the Ray cluster at
    address; stop at the first error.  The same result as
    `explore.search`, but for which counterexample is found."""
    limits = limits or Limits()
    ray = connect(address)
    n = partitions(ray, workers)
    nodes = start_nodes(ray, factory, n)  # they load while the driver warms up
    try:
        return distributed(ray, nodes, machine, order, limits, progress)
    finally:
        for node in nodes:
            ray.kill(node, no_restart=True)


def distributed(ray, nodes: list, machine, order: str, limits: Limits, progress) -> Result:
    n = len(nodes)
    res = sequential(machine, "bfs", limits, progress,
                     handoff=lambda queued, secs: secs > WARMUP_SECONDS and queued >= 2 * n)
    res.workers = n
    res.cluster = {"actors": 0}  # finished before the actors were needed
    if res.frontier is None:
        return res
    t0 = time.time() - res.seconds
    mask = P.choose_mask(machine, [snap for _, snap in res.frontier], n)
    snap0 = res.snap0
    res = Result()
    res.workers = n
    res.cluster = {"actors": n}
    hosts = check_nodes(ray, nodes, machine)
    if hosts is None:
        res.verdict, res.reason = "inconclusive", machine.vm.stop_request
        res.seconds = time.time() - t0
        return res
    machine.transitions = 0
    ray.get([node.start.remote(nodes, mask, order, w == 0) for w, node in enumerate(nodes)])
    runs = [node.run.remote() for node in nodes]
    pre = StateStore(machine.compaction)
    pre.add(0, -1, ())  # the initial state, which every actor knows
    c = Coordinator(ray, nodes, machine, limits, progress, t0, pre)
    c.mask = mask
    try:
        c.run(res)
        res.cluster = cluster_stats(ray, nodes, hosts, c, res, time.time() - t0)
    finally:
        c.shutdown()
        ray.wait(runs, num_returns=n, timeout=5)
    res.states += len(pre)
    res.stored_bytes = sum(f[2] for f in c.finals)  # each actor's store and canonical data
    res.seconds = time.time() - t0
    if res.verdict == "error" and c.error is not None:
        machine.vm.stop_request = None
        res.path = machine.replay(snap0, c.path)
        res.error = res.path[-1].error
        if res.error is None:
            raise RuntimeError("the counterexample found by an actor does not end in an error when re-run")
    return res


def cluster_stats(ray, nodes: list, hosts: list[str], c: Coordinator, res: Result, seconds: float) -> dict:
    """What went over the network, for the report."""
    stats = ray.get([node.stats.remote() for node in nodes])
    sent = sum(s["bytes"] for s in stats)
    messages = sum(s["messages"] for s in stats)
    return {"actors": len(nodes), "nodes": len(hosts), "owner_hash": hex(c.mask),
            "messages": messages, "bytes_sent": sent, "bytes_uncompressed": sum(s["raw_bytes"] for s in stats),
            "states_sent": sum(s["states_sent"] for s in stats),
            "bytes_per_transition": round(sent / max(res.transitions, 1), 1),
            "messages_per_second": round(messages / max(seconds, 1e-9), 1),
            "actor_states": [f[0] for f in c.finals],
            "actor_cpu_seconds": [s["cpu_seconds"] for s in stats]}


# -- statistical model checking: `divm smc --cluster` ----------------------------------------

class Sampling:
    """An actor drawing batches of random runs (explore/smc.py's Sampler)
    of a machine it builds itself: factory() gives (machine, query)."""

    def __init__(self, factory: Callable) -> None:
        from divm.explore.smc import Sampler
        machine, q = big_stack(factory)
        _, snap0 = big_stack(machine.initial)
        machine.vm.want_stop_bt = False
        self.machine = machine
        self.sampler = Sampler(machine, snap0, q)

    def hello(self) -> tuple:
        """As Node.hello."""
        import ray
        fp, objs = big_stack(lambda: identity(self.machine))
        return fp, objs, ray.get_runtime_context().get_node_id(), os.getpid()

    def batch(self, start: int, count: int) -> tuple[list, dict]:
        return big_stack(lambda: self.sampler.batch(start, count))


class SmcPool:
    """Batches of runs drawn by actors on a Ray cluster, as explore/smc.py's
    Pool draws them in forked workers: run indices handed out in order,
    each batch sized to take about BATCH_SECONDS, results as they come
    (the stopping rules put them back in index order)."""

    def __init__(self, address: str, factory: Callable, workers: int, sampler, limit: int | None) -> None:
        ray = self.ray = connect(address)
        n = partitions(ray, workers)
        cpus = float(ray.cluster_resources().get("CPU", 1))
        actor = ray.remote(Sampling).options(num_cpus=min(1.0, cpus / n), scheduling_strategy="SPREAD")
        ref = ray.put(factory)
        self.nodes = [actor.remote(ref) for _ in range(n)]
        sampler.q.workers = n  # (what the report says drew the runs)
        self.limit = limit
        self.states: dict = {}
        self.executed = 0
        try:
            self.started = check_nodes(ray, self.nodes, sampler.machine) is not None
        except BaseException:
            self.close()
            raise

    def batches(self):
        from divm.explore.smc import next_size
        ray = self.ray
        if not self.started:  # a signal or limit came first: the caller sees it
            yield None, None
            return
        nxt, size = 0, [4] * len(self.nodes)
        out: dict = {}  # batch in progress -> (actor, first run, runs, when sent)

        def send(w: int) -> None:
            nonlocal nxt
            k = size[w] if self.limit is None else min(size[w], self.limit - nxt)
            if k > 0:
                out[self.nodes[w].batch.remote(nxt, k)] = (w, nxt, k, time.perf_counter())
                nxt += k
        for w in range(len(self.nodes)):
            send(w)
        while out:
            ready, _ = ray.wait(list(out), num_returns=1, timeout=0.5)
            if not ready:
                yield None, None  # nothing yet: the caller may check its limits
            for ref in ready:
                w, start, k, t = out.pop(ref)
                try:
                    outs, new = ray.get(ref)
                except ray.exceptions.RayError as e:
                    raise RuntimeError(f"divm: cluster actor {w} failed: {e}") from None
                self.executed += len(outs)
                size[w] = next_size(k, time.perf_counter() - t)
                send(w)
                for key, i in new.items():  # each state's first run
                    if i < self.states.get(key, i + 1):
                        self.states[key] = i
                yield start, outs

    def close(self) -> None:
        for node in self.nodes:
            self.ray.kill(node, no_restart=True)
        self.nodes = []


class Cluster:
    """Safety search on a Ray cluster (`explore/cluster.py`).  Its actors
    build their own machines: `factory` (set by `divm verify`) is a
    picklable function giving a fresh Machine for the program."""
    name = "cluster"
    properties = frozenset({"safety"})
    parallel = True       # task.workers: the number of actors (1: one per CPU of the cluster)
    wants_program = True  # divm verify sets factory

    def __init__(self, address: str = "auto", order: str = "dfs"):
        self.address, self.order = address, order
        self.factory: Callable | None = None

    def explore(self, machine, task) -> Result:
        if self.factory is None:
            raise ClusterError("the cluster explorer needs a factory for the program's machine (divm verify sets it)")
        return search(machine, self.factory, self.address, task.workers, self.order, task.limits, task.progress)
