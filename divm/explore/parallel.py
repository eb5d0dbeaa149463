"""Parallel safety checking: `divm verify --workers N`.

The parent process boots the VM (`Machine.initial()`) and then forks N
worker processes, which inherit the VM, the loaded program and every object
of the initial state.  The state space is partitioned by a hash of each
state's canonical form: worker `owner(state)` stores the state, deduplicates
it and generates its successors.  A successor owned by another worker is
sent to it as a serialised snapshot; the parent only coordinates (limits,
signals, termination, the counterexample).

Owners.  With --hash-compaction a state's key is its fingerprint
(`Machine.fingerprint()`, process-independent), and the owner is the
fingerprint modulo N, so a duplicate is recognised before its snapshot is
even decoded.  With exact storage the key is `Canon.key` (numbers local to
one process); the owner is then a cheap hash of the canonical form: the
sum of the BLAKE2b digests of the reachable objects' contents, plus the
flags and the digest of the untouched boot-time roots.  Equal canonical
forms have equal sums whatever process computes them, so every state has
one owner, and the counts are those of one worker.

Snapshots on the wire.  Objects of the initial state exist, identical, in
every process: a snapshot is sent as the difference from the initial
state (ids of initial objects it lacks, and its other objects).  Every link
(sender -> receiver) keeps an object cache: a frozen object is sent once,
with its contents (bytes, undefined-bit shadow, pointer offsets, kind,
flags, name), and later by its number on the link.  Messages are
length-prefixed and batched, written to non-blocking pipes (one per ordered
pair of processes) so that two workers sending to each other never block.

Termination (Mattern's four counters).  A worker reports to the parent
each time it runs out of work, with the number of batches it has sent and
received.  When every worker has reported idle and the sums agree, the
parent asks all workers again; if the second wave shows the same counters,
no message was in flight in between and the search is over.

Sleep sets (explore/sleep.py), as one process has them: a successor
goes to its owner with the footprints asleep in it, and the owner keeps
each state's asleep threads.  A state met again with threads awake that
it had asleep runs them then; a sender sends a state again only with such
threads (forwarded, recent).  A stolen state takes its sleep set along.

Counterexamples.  Each worker keeps, per state, the owner and number of the
state it was first reached from and the choices of that transition.  The
parent walks these links backwards by asking owners, then re-runs the
choices from the initial state (`Machine.replay`)."""

from __future__ import annotations

import marshal
import operator
import os
import select
import signal
import struct
import sys
import time
import traceback
from array import array
from collections import deque

from divm.state import snapshot as S
from divm.explore.search import Footprint, Limits, OrderObserved, Result, independent, rss
from divm.explore.search import search as sequential
from divm.vm.memory import K_ALLOCA, K_FRAME, K_GLOBAL, K_HEAP, Obj, freeze
from divm.state.store import StateStore
from divm.vm.machine import StopRequest
from divm.explore.sleep import Sleepers, settle, tids

M64 = (1 << 64) - 1

# message types
STATES, STATUS, PROGRESS, PROBE, REPLY, ERROR, STOP, FINAL, QUERY, ANSWER, EXIT, FATAL, STEAL, STOLEN, ORDER = range(15)
_HDR = struct.Struct("<IB")  # payload length, type

BATCH = 48            # states per batch message
FLUSH_SECONDS = 0.02  # a partly filled batch waits at most this long
POLL_SECONDS = 0.002  # a busy worker reads its pipes this often
CACHE_LIMIT = 30000   # objects remembered per link before both sides forget them
STEAL_MAX = 64        # states handed to an idle worker at most at once
STEAL_WAIT = 0.02     # an idle worker asks again this long after a refusal

# the fields of an object that travel; the rest (frozen, h, serial, slow) is rebuilt
FIELDS = tuple(f for f in Obj.__slots__ if f not in ("frozen", "h", "serial", "slow"))


# -- pipes ---------------------------------------------------------------------------------

class Out:
    """The sending end of a pipe, never blocking: what does not fit waits in a buffer."""

    def __init__(self, fd: int):
        self.fd = fd
        os.set_blocking(fd, False)
        self.buf = bytearray()

    def put(self, typ: int, payload: bytes) -> None:
        self.buf += _HDR.pack(len(payload), typ)
        self.buf += payload

    def flush(self) -> None:
        buf = self.buf
        while buf:
            try:
                n = os.write(self.fd, buf)
            except BlockingIOError:
                return
            del buf[:n]


class In:
    """The receiving end of a pipe: whole messages out of what arrives."""

    def __init__(self, fd: int, src: int):
        self.fd = fd
        self.src = src
        os.set_blocking(fd, False)
        self.buf = bytearray()
        self.eof = False

    def read(self) -> list:
        try:
            data = os.read(self.fd, 1 << 20)
        except BlockingIOError:
            return []
        if not data:
            self.eof = True
            return []
        buf = self.buf
        buf += data
        msgs = []
        pos = 0
        end = len(buf)
        while end - pos >= 5:
            n, typ = _HDR.unpack_from(buf, pos)
            if end - pos - 5 < n:
                break
            msgs.append((typ, bytes(buf[pos + 5:pos + 5 + n])))
            pos += 5 + n
        del buf[:pos]
        return msgs


def wait_io(ins, outs, timeout: float) -> list:
    """Readable inputs (after flushing what the outputs can take)."""
    wl = [o.fd for o in outs if o.buf]
    rl = [i.fd for i in ins if not i.eof]
    try:
        r, w, _ = select.select(rl, wl, [], timeout)
    except InterruptedError:
        return []
    if w:
        for o in outs:
            if o.buf and o.fd in w:
                o.flush()
    return r


# -- snapshots on the wire -----------------------------------------------------------------

class Link:
    """One direction of one pair of processes: the objects the receiver
    already has, by number."""

    def __init__(self):
        self.sent: dict[int, int] = {}   # sender: object serial -> number
        self.count = 0
        self.objs: list = []             # receiver: number -> Obj (or its fields, until used)
        self.recent: dict = {}           # sender, hash compaction: fingerprints sent lately (as forwarded)


_fields = operator.attrgetter(*FIELDS)


def changes(objs: dict, base: dict, pchg: set, dirty: set) -> set | None:
    """The ids whose object differs from the initial state's (a different
    object, or none), looking only at pchg and dirty (the parent state's
    changes and what the transition made, copied or freed); None if that
    does not account for every difference (then look at all)."""
    if S._speedups is not None:
        return S._speedups.objects(objs, base, pchg, dirty)
    oget, bget = objs.get, base.get
    chg = {oid for oid in pchg if oget(oid) is not bget(oid)}
    chg.update(oid for oid in dirty if oget(oid) is not bget(oid))
    extra = 0
    for oid in chg:
        if oid in objs:
            extra += oid not in base
        else:
            extra -= 1
    return chg if len(objs) == len(base) + extra else None


def all_changes(objs: dict, base: dict) -> set:
    oget = objs.get
    chg = {oid for oid, o in objs.items() if base.get(oid) is not o}
    chg.update(oid for oid, o in base.items() if oget(oid) is not o)
    return chg


def encode(snap: S.Snapshot, chg: set, link: Link) -> tuple:
    """A snapshot as plain data: initial objects it lacks and its other
    objects (by number on the link, contents for those new to the link)."""
    reset = False
    if link.count > CACHE_LIMIT:
        link.sent.clear()
        link.count = 0
        reset = True
    objs = snap.objs
    sent = link.sent
    changed = []
    new = []
    removed = []
    for oid in chg:
        o = objs.get(oid)
        if o is None:
            removed.append(oid)
            continue
        serial = o.serial
        n = sent.get(serial) if serial else None
        if n is None:
            n = link.count
            link.count += 1
            if serial and o.frozen:
                sent[serial] = n
            new.append(_fields(o))
        changed.append(oid)
        changed.append(n)
    return (reset, removed, changed, new, snap.ids, snap.flags, snap.regs)


def _maker():
    lines = ["def _make(f):", "    o = new(Obj)"]
    for i, a in enumerate(FIELDS):
        v = f"f[{i}]"
        if a == "b":
            v = f"bytearray({v})"
        elif a == "ud":
            v = f"bytearray({v}) if {v} is not None else None"
        lines.append(f"    o.{a} = {v}")
    lines += ["    o.frozen = False", "    o.h = None", "    o.serial = 0", "    return freeze(o)"]
    env = {"new": Obj.__new__, "Obj": Obj, "freeze": freeze}
    exec("\n".join(lines), env)
    return env["_make"]


_make = _maker()


def receive(enc, link: Link) -> None:
    """Note the objects an encoded snapshot brings (in stream order, also
    for snapshots that turn out to be duplicates)."""
    if enc[0]:
        link.objs.clear()
    link.objs.extend(enc[3])


# Objects received, by their fields: an object arriving again (from any
# link) is the one made before, frozen, its contents already worked out for
# keys; one equal to an object of the initial state is that object (a
# global written back stays pristine at no cost).
_SAME: dict = {}
SAME_LIMIT = 200000


def _same_key(f) -> tuple:
    ud = f[1]
    return (bytes(f[0]), bytes(ud) if ud is not None else None, frozenset(f[3]), f[4], f[5], f[6], f[7], f[8])


def remember(objs) -> None:
    for o in objs:
        _SAME.setdefault(_same_key(_fields(o)), o)


def made(f) -> Obj:
    k = _same_key(f)
    o = _SAME.get(k)
    if o is None:
        if len(_SAME) > SAME_LIMIT:
            _SAME.clear()
        o = _SAME[k] = _make(f)
    return o


def decode(enc, link: Link, base: dict) -> S.Snapshot:
    _, removed, changed, _, ids, flags, regs = enc
    objs = dict(base)
    for oid in removed:
        del objs[oid]
    lo = link.objs
    for i in range(0, len(changed), 2):
        n = changed[i + 1]
        o = lo[n]
        if o.__class__ is not Obj:
            o = lo[n] = made(o)
        objs[changed[i]] = o
    return S.Snapshot(objs, tuple(ids), flags, list(regs))


def sent_already(sent: dict, k, mask: int) -> bool:
    """Was state k sent with no thread awake that mask has asleep?  (If
    not, it is sent now: sent[k] keeps the threads every sending had asleep.)"""
    got = sent.get(k)
    if got is not None and not got & ~mask:
        return True
    sent[k] = mask if got is None else got & mask
    return False


def wire(sleep) -> tuple:
    """A sleep set as marshal sends it."""
    return tuple((e.tid, e.touched, e.written, bool(e.any)) for e in sleep)


def unwire(items) -> list:
    return [Footprint(*e) for e in items]


def dumps(obj) -> bytes:
    try:
        return b"M" + marshal.dumps(obj)
    except ValueError:  # a value marshal does not know (should not happen: registers are ints)
        import pickle
        return b"P" + pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)


def loads(data: bytes):
    if data[:1] == b"M":
        return marshal.loads(memoryview(data)[1:])
    import pickle
    return pickle.loads(memoryview(data)[1:])


# -- owners ----------------------------------------------------------------------------------

_D64: dict = {}


def _digest64(cid) -> int:
    v = _D64[cid] = int.from_bytes(S.digest(cid)[:8], "little")
    return v


# What the owner hash covers (bits 1 << object kind).  All of the state
# spreads states evenly but sends about half of all successors to another
# worker; the program's own data (globals, heap, locals: no frames, no
# DiOS data) changes in fewer transitions, so most successors stay with
# their parent's owner.  choose_mask picks per run.
ALL = 0x3F
USER = (1 << K_GLOBAL) | (1 << K_ALLOCA) | (1 << K_HEAP)
NO_FRAMES = ALL & ~(1 << K_FRAME)


def part(machine, objs, regs, flags, mask: int = ALL) -> tuple[int, tuple | None]:
    """A process-independent hash of a state's canonical form (exact storage):
    cheaper than the fingerprint, it decides only the owner: a hash of the
    64-bit digests of the contents of the reachable objects of the kinds in
    mask, in canonical order, the flags, the boot-time segment and (for all
    kinds) the number of objects.  Also the walk's roots, order and
    numbering, for the key if the state stays here."""
    if S._speedups is not None and not machine.leaks:
        rt = seg, pristine, _, order, num = machine.canon.start(objs, regs)
        total, n = S._speedups.part(objs, order, len(pristine), seg[2], _D64, _digest64,
                                    (S._CONTENT, S._CONTENT_BYTES, S.CONTENT_STORED), num, mask)
    else:
        rt = None
        seg, npr, _, order = machine.canon._walk(objs, regs, machine.leaks)
        n, total, get = len(order), 0, _D64.get
        for oid in order[npr:]:
            o = objs[oid]
            if mask >> o.kind & 1:
                cid = S.content(o)[0]
                v = get(cid)
                total = (total * 0x100000001B3 + (v if v is not None else _digest64(cid))) & M64
    return _mix(flags, seg, n, total, mask), rt


def _mix(flags: int, seg: tuple, n: int, total: int, mask: int) -> int:
    h = flags + seg[1][0] * 0x100000001B3 + (n if mask == ALL else 0) + total
    return ((h & M64) * 0x9E3779B97F4A7C15 & M64) >> 24


def choose_mask(machine, snaps: list, n: int) -> int:
    """The narrowest owner hash that still spreads the given states (the
    frontier when the workers start) over n workers: one that puts them in
    many classes, none of them large (how the classes fall on the workers
    in a sample this small says little about the whole search)."""
    if machine.compaction or len(snaps) < 16 * n:
        return ALL
    for mask in (USER, NO_FRAMES):
        sizes: dict = {}
        for s in snaps:
            h = part(machine, s.objs, s.regs, s.flags, mask)[0]
            sizes[h] = sizes.get(h, 0) + 1
        if len(sizes) >= 16 * n and max(sizes.values()) * 4 * n <= len(snaps):
            return mask
    return ALL


def owner_of(machine, objs, regs, flags, n: int, mask: int = ALL) -> int:
    if machine.compaction:
        return int.from_bytes(machine.canon.fingerprint(objs, regs, flags, leaks=machine.leaks)[:8], "little") % n
    return part(machine, objs, regs, flags, mask)[0] % n


# -- a worker --------------------------------------------------------------------------------

class Worker:
    def __init__(self, me, n, machine, snap0, pre, todo, ins, outs, ctl_in, ctl_out, order, mask):
        self.me, self.n = me, n
        self.mask = mask  # what the owner hash covers
        self.machine = machine
        self.vm = machine.vm
        self.base = snap0.objs
        self.ins = ins          # In per source worker, and the parent's
        self.outs = outs        # Out per destination worker (None for itself)
        self.ctl_in, self.ctl_out = ctl_in, ctl_out
        self.links_out = [Link() for _ in range(n)]
        self.links_in = [Link() for _ in range(n)]
        self.batches = [[] for _ in range(n)]
        self.store = StateStore(machine.compaction)
        self.powner = array("H")
        self.frontier = deque()
        self.pop = self.frontier.pop if order == "dfs" else self.frontier.popleft
        # an idle worker takes states from the other end of a busy one's frontier
        # (depth first: the oldest, with the most left below them)
        self.give_away = self.frontier.popleft if order == "dfs" else self.frontier.pop
        self.asked = False  # a request for work is out
        self.taken = 0      # states handed over by other workers
        self.victim = me
        self.last_ask = 0.0
        self.sent = self.recv = 0
        self.reported = None
        self.stopped = False
        self.idle = 0.0  # seconds spent waiting for work
        self.pre = pre.index  # the states the parent explored before the fork (owner number n)
        # exact keys of states handed to their owners: a state reached again is not sent again
        # (its owner has it already) unless with threads awake that every earlier sending had
        # asleep (key -> those threads); the key and the owner come from one walk (C only)
        self.forwarded: dict = {}
        # sleep sets (explore/sleep.py), of this worker's states
        self.sleepy = machine.vm.footprints and machine.vm.engine is None
        self.sleepers = Sleepers()
        self.one_walk = not machine.compaction and not machine.leaks and S._speedups is not None
        # the mutable globals, as `state.roots` caches them per objects dict (the same for every state)
        S.roots(machine.vm.objs, machine.vm.regs)
        self.roots = S._global_ids[id(machine.vm.objs)]
        # (owner, state, snapshot, changed objects, sleep set, None or the threads to run: a state met again)
        self.frontier.extend((n, num, snap, all_changes(snap.objs, self.base), (), None) for num, snap in todo)
        remember(self.base.values())

    def run(self) -> None:
        now = last_flush = last_progress = last_poll = time.time()
        all_in = self.ins + [self.ctl_in]
        outs = [o for o in self.outs if o is not None] + [self.ctl_out]
        while True:
            busy = bool(self.frontier) and not self.stopped
            # a busy worker looks at its pipes every POLL_SECONDS, not after every state
            if not busy or now - last_poll >= POLL_SECONDS:
                ready = wait_io(all_in, outs, 0 if busy else STEAL_WAIT if not self.asked else 0.2)
                last_poll = time.time()
                if not busy and not self.stopped:
                    self.idle += last_poll - now
                for fd in ready:
                    src = next(i for i in all_in if i.fd == fd)
                    for typ, payload in src.read():
                        if self.message(src.src, typ, payload):
                            return
                if self.ctl_in.eof:
                    return
            if self.frontier and not self.stopped:
                self.expand(*self.pop())
            now = time.time()
            if self.stopped:
                continue
            if not self.frontier or now - last_flush > FLUSH_SECONDS:
                for d in range(self.n):
                    if self.batches[d]:
                        self.flush(d)
                last_flush = now
            if now - last_progress > 0.2:
                self.send_ctl(PROGRESS, (len(self.store), self.machine.transitions, len(self.frontier)))
                last_progress = now
            if not self.frontier:
                st = (self.sent, self.recv)
                if st != self.reported:
                    self.reported = st
                    self.send_ctl(STATUS, (len(self.store), self.machine.transitions, self.sent, self.recv))
                if not self.asked and self.n > 1 and now - self.last_ask >= STEAL_WAIT:
                    self.ask_for_work()

    # Work stealing.  A request and a refusal carry no work: they are not
    # counted for termination (two idle workers asking each other must not
    # look like activity); a handover is, like a batch of states.
    def ask_for_work(self) -> None:
        v = (self.victim + 1) % self.n
        if v == self.me:
            v = (v + 1) % self.n
        self.victim = v
        self.asked = True
        self.last_ask = time.time()
        self.outs[v].put(STEAL, b"")
        self.outs[v].flush()

    def give(self, d: int) -> None:
        """Hand up to half the frontier (STEAL_MAX at most) to idle worker d."""
        take = 0 if self.stopped else min(STEAL_MAX, len(self.frontier) // 2)
        items = []
        if take:
            if self.batches[d]:  # the link numbers objects in the order they are sent
                self.flush(d)
            link = self.links_out[d]
            for _ in range(take):
                pw, n, snap, chg, sleep, only = self.give_away()
                if only is None and pw == self.me:  # (as expand would: its sleep set as of now)
                    sleep = self.sleepers.awake(n, sleep)
                items.append((pw, n, encode(snap, chg, link), wire(sleep), only))
            self.sent += 1
        self.outs[d].put(STOLEN, dumps(items))
        self.outs[d].flush()

    def stolen(self, src: int, items) -> None:
        link = self.links_in[src]
        groots, rs = S._global_ids, self.roots
        for pw, n, enc, sleep, only in items:
            receive(enc, link)
            if self.stopped:
                continue
            snap = decode(enc, link, self.base)
            groots[id(snap.objs)] = rs
            ch = set(enc[1])
            ch.update(enc[2][::2])
            # (taken over whole: a state of its giver is not filtered again here)
            self.frontier.append((pw, n, snap, ch, unwire(sleep), -1 if only is None else only))
            self.taken += 1

    def send_ctl(self, typ, obj) -> None:
        self.ctl_out.put(typ, dumps(obj))
        self.ctl_out.flush()

    def flush(self, d: int) -> None:
        self.outs[d].put(STATES, dumps(self.batches[d]))
        self.batches[d] = []
        self.sent += 1
        self.outs[d].flush()

    def message(self, src: int, typ: int, payload: bytes) -> bool:
        """Handle one message; True when the worker is to exit."""
        if typ == STATES:
            self.recv += 1
            self.states(src, loads(payload))
        elif typ == STEAL:
            self.give(src)
        elif typ == STOLEN:
            self.asked = False
            items = loads(payload)
            if items:
                self.recv += 1
                self.stolen(src, items)
        elif typ == PROBE:
            idle = not self.frontier and not any(self.batches)
            self.send_ctl(REPLY, (loads(payload), idle, self.sent, self.recv))
        elif typ == STOP:
            self.stopped = True
            self.frontier.clear()
            vm = self.vm
            self.send_ctl(FINAL, (len(self.store), self.machine.transitions,
                                  self.store.stored_bytes() + (0 if self.machine.compaction
                                                               else self.machine.canon.stored_bytes()),
                                  bool(vm.nondet_limited), rss(), sum(os.times()[:2]), self.sent, self.recv, self.idle,
                                  self.taken, vm.incomplete))
        elif typ == QUERY:
            k = loads(payload)
            st = self.store
            self.send_ctl(ANSWER, (self.powner[k], st.parent[k], st._choices[st.via[k]]))
        elif typ == EXIT:
            return True
        return False

    def states(self, src: int, items) -> None:
        if self.stopped:
            return
        link = self.links_in[src]
        m = self.machine
        store = self.store
        pre = self.pre
        base = self.base
        me = self.me
        groots, rs = S._global_ids, self.roots
        index = store.index
        for pw, pn, choices, fp, enc, final, sleep in items:
            receive(enc, link)
            mask = 0
            for e in sleep:  # (tids of the wire form)
                mask |= 1 << e[0]
            if fp is not None:  # hash compaction: duplicates need no decoding
                if fp in pre or fp in index and not self.sleepers.asleep.get(index[fp], 0) & ~mask:
                    continue
                k = fp
                snap = decode(enc, link, base) if not final else None
            else:
                snap = decode(enc, link, base)
                groots[id(snap.objs)] = rs
                k = m.canon.key(snap.objs, snap.regs, snap.flags, leaks=m.leaks)
                if k in pre:
                    continue
            got = self.file(k, pn, choices, pw, final, mask)
            if got is not None:
                ch = set(enc[1])
                ch.update(enc[2][::2])
                self.frontier.append((me, got[0], snap, ch, unwire(sleep), got[1]))

    def file(self, k, parent: int, choices: tuple, pw: int, final: bool, mask: int) -> tuple | None:
        """Store state k (reached from state parent of worker pw, with the
        threads in mask asleep): (number, None) to expand it, (number,
        threads) to run those threads of it (a state met again with them
        awake), None if nothing is to be done."""
        num = self.store.add(k, parent, choices)
        if num is not None:
            self.powner.append(pw)
            if final:
                return None
            self.sleepers.new(num, mask)
            return num, None
        if final:
            return None
        m = self.store.index[k]
        again = self.sleepers.again(m, mask)
        return None if again is None else (m, again)

    def changes(self, objs, pchg, dirty) -> set:
        base = self.base
        chg = changes(objs, base, pchg, dirty) if dirty is not None else None
        return chg if chg is not None else all_changes(objs, base)

    def to_run(self, pw: int, n: int, snap, sleep, only) -> tuple | None:
        """State n's sleep set, the threads the scheduler chooses among
        (None: no footprints) and the outcomes of its choice to run (None:
        all); None if every thread is asleep."""
        if only is None and pw == self.me:
            sleep = self.sleepers.awake(n, sleep)
        elif only == -1:  # (stolen: as its giver left it)
            only = None
        ids = self.machine.sleep_threads(snap) if self.sleepy else None
        if ids is None:
            return (), None, None
        skip = tids(sleep)
        run = [i for i, t in enumerate(ids) if not skip >> t & 1 and (only is None or only >> t & 1)]
        if not run:
            return None
        return sleep, ids, run if len(ids) > 1 else None

    def expand(self, pw: int, n: int, snap, pchg: set, sleep, only) -> None:
        m = self.machine
        vm = self.vm
        me, nw = self.me, self.n
        pre = self.pre
        compaction = m.compaction
        mask = self.mask
        groots, rs = S._global_ids, self.roots
        todo = self.to_run(pw, n, snap, sleep, only)
        if todo is None:
            return
        sleep, ids, firsts = todo
        done: list[Footprint] = []  # threads run from here with one outcome, in order
        group: list = []            # the steps of the thread running now
        try:
            for step in m.steps(snap, firsts):
                if group and group[0].thread != step.thread:
                    settle(group, done, ids)
                    group = []
                group.append(step)
                choices = tuple(v for v, _ in step.choices)
                if step.error is not None:
                    self.send_ctl(ERROR, (pw, n, choices))
                    self.stopped = True  # the parent stops everyone
                    self.frontier.clear()
                    return
                final = step.stop
                sfp = step.fp
                nsleep = [e for e in (*sleep, *done) if independent(e, sfp)] if sfp is not None and not final else []
                smask = tids(nsleep)
                # a snapshot first: its objects are frozen, so their contents are worked out once
                dirty = vm.dirty
                ns = S.snapshot(vm)
                objs, regs, flags = ns.objs, ns.regs, ns.flags
                groots[id(objs)] = rs
                k = None
                if compaction:
                    fp = k = m.canon.fingerprint(objs, regs, flags, leaks=m.leaks)
                    o = int.from_bytes(fp[:8], "little") % nw
                elif self.one_walk:
                    k, seg, cnt, total = m.canon.key_part(objs, regs, flags, _D64, _digest64, mask)
                    o = _mix(flags, seg, cnt, total, mask) % nw
                else:
                    o, rt = part(m, objs, regs, flags, mask)
                    o %= nw
                if o == me:
                    if k is None:
                        k = m.canon.key(objs, regs, flags, leaks=m.leaks, rt=rt)
                    if k in pre:
                        continue
                    got = self.file(k, n, choices, pw, final, smask)
                    if got is not None:
                        self.frontier.append((me, got[0], ns, self.changes(objs, pchg, dirty), nsleep, got[1]))
                    continue
                if self.one_walk and (k in pre or sent_already(self.forwarded, k, smask)):
                    continue
                link = self.links_out[o]
                if compaction:
                    if len(link.recent) > 100000:
                        link.recent.clear()
                    if sent_already(link.recent, k, smask):
                        continue
                    if final:
                        self.batches[o].append((pw, n, choices, k, (False, (), [], [], (), 0, ()), True, ()))
                        continue
                batch = self.batches[o]
                enc = encode(ns, self.changes(objs, pchg, dirty), link)
                batch.append((pw, n, choices, k if compaction else None, enc, final, wire(nsleep)))
                if len(batch) >= BATCH:
                    self.flush(o)
        except StopRequest:
            self.stopped = True
            self.frontier.clear()
        except OrderObserved:  # the parent starts over with the order-keeping key
            self.send_ctl(ORDER, None)
            self.stopped = True
            self.frontier.clear()
        finally:
            m.fp_ctx = None


def worker_main(w: Worker) -> None:
    code = 0
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGUSR1, lambda s, f: w.vm.request_stop("stopped by the coordinator"))
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGUSR1})  # blocked across the fork
        _die_with_parent()
        w.run()
    except BaseException:
        code = 1
        try:
            w.ctl_out.put(FATAL, dumps(traceback.format_exc()))
            os.set_blocking(w.ctl_out.fd, True)
            w.ctl_out.flush()
        except BaseException:
            pass
    finally:
        os._exit(code)


def _die_with_parent() -> None:
    try:
        import ctypes
        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except Exception:
        pass


# -- the parent ------------------------------------------------------------------------------

# explored by the parent before the fork (the code compiled meanwhile is inherited);
# DIVM_PARALLEL_WARMUP=0 forks as soon as there is work for every worker (tests)
WARMUP_SECONDS = float(os.environ.get("DIVM_PARALLEL_WARMUP", "0.3"))
SKEW = os.environ.get("DIVM_PARALLEL_SKEW") == "1"


def search(machine, workers: int, order: str = "dfs", limits=None, progress=None) -> Result:
    """Explore every reachable state with `workers` processes; stop at the
    first error.  The same result as `explore.search`, but for which
    counterexample is found.  The parent explores alone for a moment
    first: small state spaces need no fork, and the functions compiled
    meanwhile are compiled for every worker."""
    limits = limits or Limits()
    # breadth first: a wide frontier to share out
    res = sequential(machine, "bfs", limits, progress,
                     handoff=lambda queued, secs: secs > WARMUP_SECONDS and queued >= 2 * workers)
    res.workers = workers
    if res.frontier is None:
        return res
    t0 = time.time() - res.seconds
    vm = machine.vm
    pre, frontier, snap0 = res.store, res.frontier, res.snap0
    res.frontier = res.snap0 = None
    res.states = res.transitions = res.stored_bytes = 0
    mask, todo = share_out(machine, frontier, workers)
    base_bytes = pre.stored_bytes() + (0 if machine.compaction else machine.canon.stored_bytes())
    pre_transitions = machine.transitions
    machine.transitions = 0
    pids, downs, ups = fork_workers(machine, workers, snap0, pre, todo, order, mask)
    c = Coordinator(machine, workers, pids, downs, ups, limits, progress, t0, pre)
    c.mask = mask
    try:
        c.run(res)
    finally:
        c.shutdown()
    if c.ordered:
        raise OrderObserved()
    res.states += len(pre)
    res.transitions += pre_transitions
    res.stored_bytes += base_bytes
    res.seconds = time.time() - t0
    if res.verdict == "error" and c.error is not None:
        vm.stop_request = None
        res.path = machine.replay(snap0, c.path)
        res.error = res.path[-1].error
        if res.error is None:
            raise RuntimeError("the counterexample found by a worker does not end in an error when re-run")
    return res


def share_out(machine, frontier: deque, workers: int) -> tuple[int, list[list]]:
    """The owner hash's mask and each worker's first states (the frontier
    is emptied)."""
    todo: list[list] = [[] for _ in range(workers)]
    mask = choose_mask(machine, [snap for _, snap in frontier], workers)
    for n, snap in frontier:
        # (DIVM_PARALLEL_SKEW=1, for tests: every state to worker 0, the others start by stealing)
        todo[0 if SKEW else owner_of(machine, snap.objs, snap.regs, snap.flags, workers, mask)].append((n, snap))
    frontier.clear()
    return mask, todo


def fork_workers(machine, workers: int, snap0, pre, todo: list[list], order: str, mask: int) -> tuple:
    """Fork the workers, wired by pipes: data[i][j] from worker i to worker
    j; ctl to / from each worker.  The parent's ends: (pids, downs, ups)."""
    _raise_fd_limit(workers)
    data = [[os.pipe() if i != j else None for j in range(workers)] for i in range(workers)]
    down = [os.pipe() for _ in range(workers)]
    up = [os.pipe() for _ in range(workers)]
    for row in data:
        for p in row:
            if p is not None:
                _grow_pipe(p[1])
    sys.stdout.flush()
    sys.stderr.flush()
    # everything so far is shared with the workers: keep the garbage collector
    # off it (no scans of the whole inherited heap, no copied pages)
    import gc
    gc.collect()
    gc.freeze()
    pids = []
    import warnings
    # a SIGUSR1 that reaches a worker before its handler is set would kill
    # it (the coordinator sends one to each worker when another finds an error)
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1})
    for me in range(workers):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pid = os.fork()
        if pid == 0:
            keep = set()
            ins = [In(data[i][me][0], i) for i in range(workers) if i != me]
            outs = [Out(data[me][j][1]) if j != me else None for j in range(workers)]
            keep.update(i.fd for i in ins)
            keep.update(o.fd for o in outs if o is not None)
            keep.update((down[me][0], up[me][1]))
            for fd in _all_fds(data, down, up):
                if fd not in keep:
                    os.close(fd)
            w = Worker(me, workers, machine, snap0, pre, todo[me], ins, outs,
                       In(down[me][0], -1), Out(up[me][1]), order, mask)
            todo.clear()  # the other workers' states are theirs
            worker_main(w)
        pids.append(pid)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGUSR1})
    todo.clear()  # the workers have them
    for fd in _all_fds(data, down, up):
        if not any(fd in (down[i][1], up[i][0]) for i in range(workers)):
            os.close(fd)
    return pids, [Out(down[i][1]) for i in range(workers)], [In(up[i][0], i) for i in range(workers)]


def _all_fds(data, down, up):
    for row in data:
        for p in row:
            if p is not None:
                yield from p
    for p in down + up:
        yield from p


def _grow_pipe(fd: int) -> None:
    try:
        import fcntl
        fcntl.fcntl(fd, 1031, 1 << 20)  # F_SETPIPE_SZ
    except (OSError, ImportError):
        pass


def _raise_fd_limit(workers: int) -> None:
    need = 2 * workers * (workers + 1) + 64
    try:
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft != resource.RLIM_INFINITY and soft < need:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(need, hard) if hard != resource.RLIM_INFINITY
                                                        else need, hard))
    except (ImportError, ValueError, OSError):
        pass


class Coordinator:
    def __init__(self, machine, n, pids, downs, ups, limits, progress, t0, pre):
        self.machine = machine
        self.ordered = False  # a worker saw the program tell objects' numbers apart
        self.pre = pre
        self.n = n
        self.pids = pids
        self.downs = downs
        self.ups = ups
        self.limits = limits
        self.progress = progress
        self.t0 = t0
        self.stats = [(0, 0, 0)] * n     # states, transitions, queue
        self.last = [None] * n           # last idle report: (sent, recv)
        self.probe = 0
        self.replies: dict = {}
        self.probed = None
        self.error = None
        self.path: list = []
        self.finals: list = [None] * n
        self.stopping = False
        self.reason = ""
        self.answer = None

    def send(self, w: int, typ: int, obj=None) -> None:
        self.downs[w].put(typ, dumps(obj))
        self.downs[w].flush()

    def pump(self, timeout: float) -> None:
        for fd in wait_io(self.ups, self.downs, timeout):
            src = next(i for i in self.ups if i.fd == fd)
            for typ, payload in src.read():
                self.message(src.src, typ, loads(payload))
            if src.eof and self.finals[src.src] is None:
                raise RuntimeError(f"divm: worker {src.src} ended unexpectedly")

    def message(self, w: int, typ: int, obj) -> None:
        if typ == PROGRESS:
            self.stats[w] = obj
        elif typ == STATUS:
            s, t, sent, recv = obj
            self.stats[w] = (s, t, 0)
            self.last[w] = (sent, recv)
            self.check_idle()
        elif typ == REPLY:
            pid, idle, sent, recv = obj
            if pid == self.probe and self.probed is not None:
                self.replies[w] = (idle, sent, recv)
                if len(self.replies) == self.n:
                    if all(r[0] and r[1:] == self.probed[i] for i, r in self.replies.items()):
                        self.stop("")
                    else:  # something moved: wait for news, or ask again if the reports are complete
                        self.probed = None
                        self.check_idle()
        elif typ == ERROR:
            if self.error is None and not self.stopping:
                self.error = obj
                self.stop("error")
        elif typ == FINAL:
            self.finals[w] = obj
        elif typ == ANSWER:
            self.answer = obj
        elif typ == ORDER:
            self.ordered = True
            self.stop("the program sees objects' numbers")
        elif typ == FATAL:
            raise RuntimeError(f"divm: worker {w} failed:\n{obj}")

    def check_idle(self) -> None:
        if self.stopping or self.probed is not None or any(x is None for x in self.last):
            return
        if sum(s for s, _ in self.last) != sum(r for _, r in self.last):
            return
        self.probe += 1
        self.probed = list(self.last)
        self.replies = {}
        for w in range(self.n):
            self.send(w, PROBE, self.probe)

    def stop(self, reason: str) -> None:
        if self.stopping:
            return
        self.stopping = True
        self.reason = reason
        for w in range(self.n):
            self.send(w, STOP)
        if reason:  # cut short transitions in progress
            for pid in self.pids:
                try:
                    os.kill(pid, signal.SIGUSR1)
                except ProcessLookupError:
                    pass

    def run(self, res: Result) -> None:
        vm = self.machine.vm
        lim = self.limits
        last_report = last_mem = time.time()
        while not self.stopping:
            self.pump(0.1)
            if self.stopping:
                break
            now = time.time()
            states = len(self.pre) + sum(s[0] for s in self.stats)
            if self.progress is not None and now - last_report > 0.5:
                self.progress(states, sum(s[1] for s in self.stats), sum(s[2] for s in self.stats), now - self.t0)
                last_report = now
            if vm.stop_request is not None:  # a signal (or a limit) seen by the CLI's watcher
                self.stop(vm.stop_request)
            elif lim.max_states is not None and states >= lim.max_states:
                self.stop(f"state limit {lim.max_states} reached")
            elif lim.max_time is not None and now - self.t0 > lim.max_time:
                self.stop(f"time limit {lim.max_time:g} s reached")
            elif lim.max_memory is not None and now - last_mem > 0.25:
                last_mem = now
                if self.memory() > lim.max_memory:
                    self.stop("memory limit reached")
        while any(f is None for f in self.finals):
            self.pump(1.0)
        res.states = sum(f[0] for f in self.finals)
        res.transitions = sum(f[1] for f in self.finals)
        # canonical data from before the fork is counted once (by the caller)
        base = self.machine.canon.stored_bytes() if not self.machine.compaction else 0
        res.stored_bytes = sum(f[2] for f in self.finals) - base * self.n
        if any(f[3] for f in self.finals):
            vm.nondet_limited = True
        vm.incomplete = vm.incomplete or next((f[10] for f in self.finals if f[10]), None)
        res.worker_memory = [f[4] for f in self.finals]
        if os.environ.get("DIVM_PARALLEL_STATS"):
            print(f"owner hash over object kinds {self.mask:#x}", file=sys.stderr)
            for w, f in enumerate(self.finals):
                print(f"worker {w}: {f[0]} states, {f[1]} transitions, {f[5]:.2f} s CPU, {f[8]:.2f} s idle, "
                      f"{f[9]} states taken from others, "
                      f"{f[6]} batches sent, {f[7]} received, {f[4] >> 20} MiB", file=sys.stderr)
        if self.error is not None:
            res.verdict = "error"
            self.path = self.rebuild()
        elif self.reason:
            res.verdict, res.reason = "inconclusive", self.reason

    def rebuild(self) -> list:
        """The choices from the initial state to the error, asking each
        state's owner for its parent link."""
        w, n, last = self.error
        path = [tuple(last)]
        while w != self.n:
            self.answer = None
            self.send(w, QUERY, n)
            while self.answer is None:
                self.pump(1.0)
            w, pn, choices = self.answer
            path.append(tuple(choices))
            n = pn
        path.reverse()
        return self.pre.path(n) + path

    def memory(self) -> int:
        total = rss()
        page = os.sysconf("SC_PAGE_SIZE")
        for pid in self.pids:
            try:
                with open(f"/proc/{pid}/statm") as f:
                    total += int(f.read().split()[1]) * page
            except (OSError, ValueError, IndexError):
                pass
        return total

    def shutdown(self) -> None:
        for w in range(self.n):
            try:
                self.send(w, EXIT)
            except OSError:
                pass
        deadline = time.time() + 5
        left = set(self.pids)
        while left and time.time() < deadline:
            for pid in list(left):
                try:
                    p, _ = os.waitpid(pid, os.WNOHANG)
                except ChildProcessError:
                    p = pid
                if p:
                    left.discard(pid)
            if left:
                time.sleep(0.01)
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
        for o in self.downs:
            try:
                os.close(o.fd)
            except OSError:
                pass
        for i in self.ups:
            try:
                os.close(i.fd)
            except OSError:
                pass
