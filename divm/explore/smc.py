"""Statistical model checking (Lodin's method): random runs instead of a
search, and statistics over them.

A run starts in the booted state and takes at most `steps` transitions;
every `__vm_choose` is resolved at random (`Sampler.choose`: by the
program's weights, uniformly without them, so the scheduler picks a thread
uniformly among the runnable ones; an allocation fails with probability
`p_alloc_fail`).  Run i draws from its own generator, seeded with
seed * 2**40 + i, so a run is the same in every process and the answer
does not depend on how many workers drew the runs: the stopping rules
(`Estimate`: the exact Clopper-Pearson interval until it is narrow
enough, `Fixed`: a given number of runs, `SPRT`: Wald's sequential test)
see the runs in index order, whoever ran them.  A run stores nothing and
hashes nothing, except under `count_states` (Lodin's EnumStatesSMC),
which keeps the key of every state the runs visit.  `witness` runs the
satisfying run with the lowest index once more, recording its choices:
what its trace is made of."""

from __future__ import annotations

import math
import os
import pickle
import random
import select
import signal
import struct
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterator

from divm.props.checkers import claim
from divm.state import snapshot as S
from divm.vm.machine import CF_CANCEL, CF_ERROR, CF_STOP, StopRequest

if TYPE_CHECKING:
    from divm.explore.search import Machine
    from divm.vm.machine import VM

# how a run ends
SAT, EXIT, CUT, OTHER, CANCEL = range(5)
CODE_NAMES = ("satisfying", "ended", "cut off", "other error", "discarded")
SEED_STRIDE = 1 << 40  # run i of seed s draws from random.Random(s * SEED_STRIDE + i)


@dataclass
class Query:
    """What to ask of the random runs."""
    steps: int                      # a run's length bound: transitions
    mode: str = "estimate"          # estimate | sprt | count
    kind: str | None = None         # the error kind that satisfies (None: any error)
    reach: object = None            # objs -> bool: a proposition that satisfies
    epsilon: float = 0.01           # estimate: the interval's width
    alpha: float = 0.05             # 1 - confidence; SPRT: Pr[reject | p >= threshold + delta]
    threshold: float = 0.5          # SPRT: is Pr >= threshold?
    delta: float = 0.01             # SPRT: half the indifference region
    beta: float = 0.05              # SPRT: Pr[accept | p <= threshold - delta]
    runs: int | None = None         # exactly this many counted runs (count: runs drawn)
    max_runs: int | None = None     # give up after drawing this many
    max_time: float | None = None
    p_alloc_fail: float = 0.0
    seed: int = 0
    workers: int = 1


@dataclass
class Tally:
    """The runs a rule has seen, in index order."""
    runs: int = 0                   # counted (not discarded)
    satisfying: int = 0
    codes: Counter = field(default_factory=Counter)
    kinds: Counter = field(default_factory=Counter)   # error kinds of runs that ended in errors
    lengths: Counter = field(default_factory=Counter)  # satisfying runs by length (transitions)
    first: int | None = None        # index of the first satisfying run
    first_length: int = 0

    def add(self, index: int, code: int, length: int, kind: str) -> None:
        self.codes[code] += 1
        if kind:
            self.kinds[kind] += 1
        if code == CANCEL:
            return
        self.runs += 1
        if code == SAT:
            self.satisfying += 1
            self.lengths[length] += 1
            if self.first is None:
                self.first, self.first_length = index, length


@dataclass
class Result:
    verdict: str = "estimate"       # estimate | accepted | rejected | inconclusive | boot-error
    reason: str = ""
    tally: Tally = field(default_factory=Tally)
    interval: tuple[float, float] = (0.0, 1.0)
    llr: float = 0.0                # SPRT: the log-likelihood ratio at the end
    states: int = 0                 # count: distinct states visited
    coverage: list = field(default_factory=list)  # count: [runs, states] as runs grow
    executed: int = 0               # runs executed, beyond the decision too
    transitions: int = 0            # transitions the executed runs took
    seconds: float = 0.0
    boot_error: object = None


def clopper_pearson(k, n, alpha: float) -> tuple:
    """The exact two-sided interval of confidence 1 - alpha for k successes
    in n trials (arrays or numbers; SciPy's beta quantiles)."""
    import numpy as np
    from scipy.stats import beta
    k, n = np.asarray(k, dtype=float), np.asarray(n, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        low = np.where(k > 0, beta.ppf(alpha / 2, np.maximum(k, 1), n - k + 1), 0.0)
        high = np.where(k < n, beta.ppf(1 - alpha / 2, k + 1, np.maximum(n - k, 1)), 1.0)
    return low, high


# -- stopping rules: each sees runs in index order and says where it has its answer ----------

class Rule:
    """feed(index of the first outcome, outcomes) -> how many of them the
    answer needs (None: all, and more runs)."""
    done = False

    def __init__(self, q: Query) -> None:
        self.q = q
        self.tally = Tally()

    def feed(self, start: int, outs: list) -> int | None:
        use = self.decide(outs)
        for i, (code, length, kind) in enumerate(outs[:use]):
            self.tally.add(start + i, code, length, kind)
        self.done = use is not None
        return use

    def decide(self, outs: list) -> int | None:
        raise NotImplementedError

    def counts(self, outs: list) -> tuple:
        """Cumulative (counted runs, satisfying runs) after each outcome,
        and which outcomes count."""
        import numpy as np
        codes = np.fromiter((o[0] for o in outs), dtype=np.int64, count=len(outs))
        counted = codes != CANCEL
        n = self.tally.runs + np.cumsum(counted)
        k = self.tally.satisfying + np.cumsum(codes == SAT)
        return n, k, counted


class Estimate(Rule):
    """Runs until the Clopper-Pearson interval is at most epsilon wide."""

    def decide(self, outs: list) -> int | None:
        import numpy as np
        n, k, counted = self.counts(outs)
        low, high = clopper_pearson(k, n, self.q.alpha)
        ok = np.flatnonzero(counted & (n > 0) & (high - low <= self.q.epsilon))
        return int(ok[0]) + 1 if len(ok) else None


class Fixed(Rule):
    """Exactly q.runs counted runs (count: drawn runs)."""

    def decide(self, outs: list) -> int | None:
        if self.q.mode == "count":
            need = self.q.runs - (sum(self.tally.codes.values()))
            return need if need <= len(outs) else None
        n, _, counted = self.counts(outs)
        hit = [i for i in range(len(outs)) if counted[i] and n[i] >= self.q.runs]
        return hit[0] + 1 if hit else None


class SPRT(Rule):
    """Wald's sequential probability ratio test of H0: p >= threshold + delta
    against H1: p <= threshold - delta (Lodin's Algorithm 3)."""

    def __init__(self, q: Query) -> None:
        super().__init__(q)
        p0, p1 = q.threshold + q.delta, q.threshold - q.delta
        self.a, self.b = math.log(p1 / p0), math.log((1 - p1) / (1 - p0))
        self.accept, self.reject = math.log(q.beta / (1 - q.alpha)), math.log((1 - q.beta) / q.alpha)
        self.llr = 0.0
        self.answer = ""

    def decide(self, outs: list) -> int | None:
        import numpy as np
        n, k, counted = self.counts(outs)
        r = k * self.a + (n - k) * self.b
        hit = np.flatnonzero(counted & ((r <= self.accept) | (r >= self.reject)))
        last = int(hit[0]) if len(hit) else len(outs) - 1
        if len(outs):
            self.llr = float(r[last])
        if not len(hit):
            return None
        self.answer = "accepted" if self.llr <= self.accept else "rejected"
        return last + 1


def make_rule(q: Query) -> Rule:
    if q.mode == "sprt":
        return SPRT(q)
    return Fixed(q) if q.runs is not None else Estimate(q)


# -- drawing runs ------------------------------------------------------------------------------

class Sampler:
    """Random runs of one machine from its booted state."""

    def __init__(self, machine: Machine, snap0: S.Snapshot, q: Query) -> None:
        self.machine, self.vm, self.snap0, self.q = machine, machine.vm, snap0, q
        self.rng = random.Random()
        self.alloc_fails = self._alloc_code()
        self.local: set = set()  # count: the keys of the states visited
        self.seen: dict = {}  # count: state fingerprint -> the first run (of this process's) that visited it
        self.fresh: list = []  # count: keys first seen since the last batch
        self.executed = 0

    def _alloc_code(self) -> Callable[[], bool]:
        """Whether a choice is DiOS's "does this allocation fail?": the code
        object of __dios_alloc_fails's generated function, found when asked."""
        info = self.vm.code_info

        def is_alloc() -> bool:
            f = sys._getframe(3)  # chooser <- choose <- hc_choose <- the C caller
            for _ in range(3):
                if f is None:
                    return False
                i = info.get(id(f.f_code))
                if i is not None:
                    return i[0].name == "__dios_alloc_fails"
                f = f.f_back
            return False
        return is_alloc

    def choose(self, n: int, weights: tuple) -> int:
        rng = self.rng
        if weights:
            ws = weight_list(weights, n)
            if ws is not None:
                r = rng.random() * sum(ws)
                for i, w in enumerate(ws):
                    r -= w
                    if r < 0:
                        return i
                return max(i for i, w in enumerate(ws) if w > 0)
        if n == 2 and self.alloc_fails():
            return int(rng.random() < self.q.p_alloc_fail)
        return rng.randrange(n)

    def run(self, index: int, record: list | None = None) -> tuple[int, int, str]:
        """Run `index`: (how it ended, its length, an error's kind).  record
        gets each step's choices."""
        vm, q, reach = self.vm, self.q, self.q.reach
        self.rng.seed(q.seed * SEED_STRIDE + index)
        S.restore(vm, self.snap0)
        vm.chooser = self.choose
        self.executed += 1
        counting = q.mode == "count"
        if counting:
            self.visit(index)
        elif reach is not None and reach(vm.objs):
            return SAT, 0, ""
        for step in range(1, q.steps + 1):
            vm.trace = []
            vm.choice_log = []
            vm.transition()
            if record is not None:
                record.append(vm.choice_log)
            flags = vm.flags
            if flags & CF_ERROR:
                kind = claim(vm, self.machine.checkers).kind
                sat = reach is None and q.mode != "count" and q.kind in (None, kind)
                return (SAT if sat else OTHER), step, kind
            if flags & CF_CANCEL:
                return CANCEL, step, ""
            if counting:
                self.visit(index)
            elif reach is not None and reach(vm.objs):
                return SAT, step, ""
            if flags & CF_STOP:
                return EXIT, step, ""
        return CUT, q.steps, ""

    def visit(self, index: int) -> None:
        """A state run `index` visits: its key (exact, this process's), and
        for a new one the fingerprint every process gives it."""
        S.snapshot(self.vm)  # frozen first: the key then caches each new object's contents
        key = self.machine.key()
        if key not in self.local:
            self.local.add(key)
            fp = self.machine.fingerprint()
            if fp not in self.seen:
                self.seen[fp] = index
                self.fresh.append(fp)

    def batch(self, start: int, count: int) -> tuple[list, dict]:
        """Runs start .. start + count - 1; under count_states also the
        states first seen in them (key -> run)."""
        outs = [self.run(i) for i in range(start, start + count)]
        seen = self.seen
        new = {k: seen[k] for k in self.fresh}
        self.fresh = []
        return outs, new

    def record(self, index: int) -> list[list[tuple[int, int]]]:
        """The choices of each step of run `index`, drawn again."""
        steps: list = []
        self.run(index, steps)
        return steps


def weight_list(weights: tuple, n: int) -> list | None:
    """The weights a program gave __vm_choose (DIVINE: n more integers),
    if they make a distribution."""
    if len(weights) < n:
        return None
    ws = []
    for w in weights[:n]:
        v = w[1] if w.__class__ is tuple else w
        if v.__class__ not in (int, float) or v < 0:
            return None
        ws.append(v)
    return ws if sum(ws) > 0 else None


# -- where runs are drawn: in this process or in forked workers ------------------------------

BATCH_SECONDS = 0.15  # a batch's target duration: long enough to pay its message, short to stop soon


def next_size(size: int, seconds: float) -> int:
    if seconds <= 0:
        return min(size * 4, 4096)
    return max(1, min(4096, size * 4, int(size * BATCH_SECONDS / seconds)))


class Local:
    """Batches drawn in this process, in order."""

    def __init__(self, sampler: Sampler, limit: int | None) -> None:
        self.sampler, self.limit = sampler, limit
        self.states: dict = sampler.seen

    def batches(self) -> Iterator[tuple[int, list]]:
        start, size = 0, 4
        while self.limit is None or start < self.limit:
            n = size if self.limit is None else min(size, self.limit - start)
            t = time.perf_counter()
            outs, _ = self.sampler.batch(start, n)
            yield start, outs
            start += n
            size = next_size(size, time.perf_counter() - t)

    @property
    def executed(self) -> int:
        return self.sampler.executed

    def close(self) -> None:
        pass


REQ = struct.Struct("<qq")
LEN = struct.Struct("<I")


class Pool:
    """Batches drawn by forked workers (they inherit the booted VM and the
    code compiled so far), handed out in index order, results as they come."""

    def __init__(self, sampler: Sampler, workers: int, limit: int | None) -> None:
        self.sampler, self.limit = sampler, limit
        self.states: dict = {}
        self.executed = 0
        self.pids: list[int] = []
        self.downs: list[int] = []
        self.ups: list[int] = []
        self.fork(workers)

    def fork(self, workers: int) -> None:
        sys.stdout.flush()
        sys.stderr.flush()
        import warnings
        for _ in range(workers):
            down, up = os.pipe(), os.pipe()
            with warnings.catch_warnings():  # (forking beside the waiting main thread: it stays behind)
                warnings.simplefilter("ignore", DeprecationWarning)
                pid = os.fork()
            if pid == 0:
                os.close(down[1])
                os.close(up[0])
                for fd in self.downs + self.ups:
                    os.close(fd)
                worker_main(self.sampler, down[0], up[1])
            os.close(down[0])
            os.close(up[1])
            self.pids.append(pid)
            self.downs.append(down[1])
            self.ups.append(up[0])

    def batches(self) -> Iterator[tuple[int | None, list | None]]:
        nxt, size = 0, [4] * len(self.pids)
        sent: dict[int, tuple[int, int, float]] = {}

        def send(w: int) -> None:
            nonlocal nxt
            n = size[w] if self.limit is None else min(size[w], self.limit - nxt)
            if n > 0:
                os.write(self.downs[w], REQ.pack(nxt, n))
                sent[w] = (nxt, n, time.perf_counter())
                nxt += n
        for w in range(len(self.pids)):
            send(w)
        while sent:
            ready, _, _ = select.select([self.ups[w] for w in sent], [], [], 0.5)
            for fd in ready:
                w = self.ups.index(fd)
                outs, new = self.receive(w)
                start, n, t = sent.pop(w)
                size[w] = next_size(n, time.perf_counter() - t)
                send(w)
                self.merge(new)
                yield start, outs
            if not ready:
                yield None, None  # nothing yet: the caller may check its limits

    def receive(self, w: int) -> tuple[list, dict]:
        head = read_exact(self.ups[w], LEN.size)
        data = read_exact(self.ups[w], LEN.unpack(head)[0])
        msg = pickle.loads(data)
        if isinstance(msg, str):
            raise RuntimeError(f"an smc worker failed:\n{msg}")
        outs, new = msg
        self.executed += len(outs)
        return outs, new

    def merge(self, new: dict) -> None:
        states = self.states
        for k, i in new.items():
            if i < states.get(k, i + 1):
                states[k] = i

    def close(self) -> None:
        for pid in self.pids:  # our own children, by id: they may be in the middle of a batch
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except OSError:
                pass
        for fd in self.downs + self.ups:
            try:
                os.close(fd)
            except OSError:
                pass
        self.pids = []


def read_exact(fd: int, n: int) -> bytes:
    buf = b""
    while len(buf) < n:
        chunk = os.read(fd, n - len(buf))
        if not chunk:
            raise RuntimeError("an smc worker ended unexpectedly")
        buf += chunk
    return buf


def worker_main(sampler: Sampler, down: int, up: int) -> None:
    """A worker: draw the runs asked for until told to stop (or killed)."""
    code = 0
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        _die_with_parent()
        while True:
            start, n = REQ.unpack(read_exact(down, REQ.size))
            if n <= 0:
                break
            data = pickle.dumps(sampler.batch(start, n), protocol=pickle.HIGHEST_PROTOCOL)
            os.write(up, LEN.pack(len(data)))
            write_all(up, data)
    except BaseException:
        code = 1
        try:
            data = pickle.dumps(traceback.format_exc())
            os.write(up, LEN.pack(len(data)))
            write_all(up, data)
        except BaseException:
            pass
    finally:
        os._exit(code)


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _die_with_parent() -> None:
    try:
        import ctypes
        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except Exception:
        pass


# -- the whole query ---------------------------------------------------------------------------

def smc(machine: Machine, q: Query, progress: Callable | None = None, remote: Callable | None = None) -> Result:
    """Answer q by random runs of machine (booted here); remote(sampler,
    limit), if given, makes the source of batches (explore/cluster.py's
    SmcPool: actors on a Ray cluster)."""
    res = Result()
    vm = machine.vm
    try:
        _, snap0 = machine.initial()
    except StopRequest as e:
        res.verdict, res.reason = "inconclusive", str(e)
        return res
    if vm.flags & CF_ERROR:
        res.verdict, res.boot_error = "boot-error", vm.error
        return res
    vm.want_stop_bt = False  # where transitions stop matters only on the witness
    sampler = Sampler(machine, snap0, q)
    rule = make_rule(q)
    clopper_pearson(0, 1, q.alpha)  # (SciPy loaded before the clock starts)
    import gc
    gc.collect()
    gc.freeze()  # the booted heap: no collector scans of it, and workers share its pages
    t0 = time.time()
    limit = q.runs if q.mode == "count" else q.max_runs
    source = (remote(sampler, limit) if remote is not None else Pool(sampler, q.workers, limit) if q.workers > 1
              else Local(sampler, limit))
    try:
        res.reason = drive(source, rule, q, vm, progress, t0, res)
    finally:
        source.close()
    res.executed, res.seconds = source.executed, time.time() - t0
    finish(res, rule, q, source.states)
    return res


def witness(machine: Machine, q: Query, index: int) -> list[list[tuple[int, int]]]:
    """The choices of each step of run `index` (drawn again, recorded)."""
    _, snap0 = machine.initial()
    machine.vm.want_stop_bt = False
    return Sampler(machine, snap0, q).record(index)


def drive(source: Local | Pool, rule: Rule, q: Query, vm: VM, progress: Callable | None, t0: float,
          res: Result) -> str:
    """Feed the rule the runs in index order until it has its answer; why
    it stopped short of one ("" if it did not)."""
    pending: dict[int, list] = {}
    nxt = 0
    last = t0
    try:
        for start, outs in source.batches():
            if start is not None:
                res.transitions += sum(o[1] for o in outs)
                pending[start] = outs
                while nxt in pending and not rule.done:
                    outs = pending.pop(nxt)
                    rule.feed(nxt, outs)
                    nxt += len(outs)
                if rule.done:
                    return ""
            now = time.time()
            if progress is not None and now - last >= 0.5:
                progress(rule, source.executed, now - t0)
                last = now
            if vm.stop_request is not None:
                return vm.stop_request
            if q.max_time is not None and now - t0 > q.max_time:
                return f"time limit {q.max_time:g} s reached"
    except StopRequest:
        return vm.stop_request or "stopped"
    if q.mode == "count":
        return ""
    return f"run limit {q.max_runs} reached" if q.max_runs is not None else "no more runs"


def finish(res: Result, rule: Rule, q: Query, states: dict) -> None:
    """The answer: verdict, interval, state count."""
    t = res.tally = rule.tally
    if t.runs:
        low, high = clopper_pearson(t.satisfying, t.runs, q.alpha)
        res.interval = (float(low), float(high))
    if isinstance(rule, SPRT):
        res.llr = rule.llr
    if res.reason:
        res.verdict = "inconclusive"
    elif q.mode == "sprt":
        res.verdict = rule.answer
    else:
        res.verdict = "estimate"
    if q.mode == "count":
        drawn = sum(t.codes.values())
        firsts = sorted(i for i in states.values() if i < drawn)
        res.states = len(firsts)
        res.coverage = coverage(firsts, drawn)


def coverage(firsts: list[int], drawn: int) -> list[list[int]]:
    """[runs, distinct states the first `runs` runs visited] at 1, 2, 5, 10,
    20, 50, ... runs and at the end (firsts: each state's first run, sorted)."""
    import bisect
    marks, m = [], 1
    while m < drawn:
        for f in (1, 2, 5):
            if f * m < drawn:
                marks.append(f * m)
        m *= 10
    marks.append(drawn)
    return [[r, bisect.bisect_left(firsts, r)] for r in marks if r > 0]
