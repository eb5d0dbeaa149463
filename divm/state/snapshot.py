"""States of the machine: snapshots to resume from, and canonical forms to
compare.

A snapshot is the VM's memory as it stands (objects by raw id, id counters,
persistent flags); restoring one lets a transition run from it.  Equality
and hashing use the canonical form instead: the graph reachable from the
roots (global objects and the OS state register), objects numbered in
breadth-first order, pointers rewritten to those numbers, so that two
states differing only in object ids are one state.  Whether raw ids are in
the same relative order is part of the canonical form too: a program may
compare pointers into different objects, and that must not merge states
that behave differently."""

from __future__ import annotations

import hashlib
import os
import struct
import weakref
from array import array
from operator import itemgetter

from divm.load.layout import M32, M64, PL_CODE, PL_GLOBAL
from divm.vm.memory import K_ALLOCA, K_HEAP, Obj, freeze, _global_ids, roots  # noqa: F401  (_global_ids: shared with the workers)

try:  # the canonical walk in C (built by setup.py when a compiler is there)
    if os.environ.get("DIVM_NO_SPEEDUPS"):
        raise ImportError
    from divm.state import _speedups
    if getattr(_speedups, "VERSION", 0) != 5:  # built from an older _speedups.c
        raise ImportError
    _speedups.setup(Obj)
except ImportError:
    _speedups = None

_Q = struct.Struct("<Q")
# a pointer target kept by its raw id (read-only data, code, a missing
# global) is tagged, so that it never reads as the number of an object
RAW = 1 << 40
# a pointer into a freed (or never made) stack or heap object names a
# ghost, numbered in the walk's order as objects are: two pointers to one
# freed object stay equal, pointers to two stay different
GHOST = 1 << 41
FP_RAW, FP_GHOST = 0xFFFFFFFD, 0xFFFFFFFC  # (fingerprints: 32-bit words; this one, then the raw id or ghost)


class Snapshot:
    # parent: a weak reference to the snapshot this one was run from, and
    # delta the ids whose objects differ from it (see restore)
    __slots__ = ("objs", "ids", "flags", "regs", "parent", "delta", "sym", "__weakref__")

    def __init__(self, objs, ids, flags, regs):
        self.sym = None  # a symbolic run's (path condition, inputs)
        self.objs = objs
        self.ids = ids
        self.flags = flags
        self.regs = regs
        self.parent = None
        self.delta = None


PERSISTENT_FLAGS = 0x800 | 0xFFFF0000  # threads flag, OS and algorithm blocks


def snapshot(vm) -> Snapshot:
    """The VM's memory as it stands.  Objects are shared with the VM, frozen:
    the VM copies one before it writes to it (copy on write), and notes the
    objects it made or copied since the last snapshot or restore."""
    objs = vm.objs.copy()  # (dict(d) takes a slow path once d has had deletions)
    dirty = vm.dirty
    if dirty is None:
        for o in objs.values():
            freeze(o)
    else:
        for oid in dirty:
            o = objs.get(oid)
            if o is not None:
                freeze(o)
        if vm.touched is not None:
            vm.touched |= dirty
    vm.dirty = set()
    s = Snapshot(objs, (vm.next_alloca, vm.next_heap, vm.next_global),
                 vm.flags & PERSISTENT_FLAGS, list(vm.regs))
    s.sym = vm.sym_state
    base = vm.base
    if base is not None and vm.touched is not None:
        s.parent = weakref.ref(base)
        s.delta = vm.touched.copy()
    return s


def restore(vm, s: Snapshot) -> None:
    objs = vm.objs
    base = vm.base
    # the memory is the base snapshot's but for the objects touched since:
    # going back to it (one run per choice), on to a snapshot taken from
    # it (depth-first search) or to one taken from its parent changes only
    # those and the snapshots' deltas
    up = s.parent() if s.parent is not None else None
    if base is not None and vm.touched is not None and vm.dirty is not None and (
            base is s or up is base or up is not None and base.parent is not None and base.parent() is up):
        # (a sibling, as a breadth-first search goes on: back to the parent, then on to s)
        get = s.objs.get
        for back in (vm.touched, vm.dirty, () if base is s else s.delta,
                     base.delta if base is not s and up is not base else ()):
            for oid in back:
                o = get(oid)
                if o is None:
                    objs.pop(oid, None)
                else:
                    objs[oid] = o
    else:  # (slow when s.objs has had deletions: no diff, no block copy)
        objs.clear()
        objs.update(s.objs)
    if base is not s:
        vm.memo = {}
    vm.base = s
    vm.touched = set()
    vm.dirty = set()
    vm.next_alloca, vm.next_heap, vm.next_global = s.ids
    vm.flags = s.flags
    vm.regs[:] = s.regs
    vm.sym_state = s.sym
    vm.set_live()
    vm.error = None
    vm.pending_fault = None
    vm.exit_status = None
    del vm.AST[:]


# Object contents seen so far, each stored once: bytes -> content id.  The
# table is exact (dict keys compare whole), so canonical keys built from
# content ids never merge distinct states.
_CONTENT: dict[bytes, int] = {}
_CONTENT_BYTES: list[bytes] = []
_DIGEST: dict[int, bytes] = {}
CONTENT_STORED = [0]  # bytes held by the content table


def content(o: Obj) -> tuple:
    h = o.h
    if h is not None:
        return h
    if _speedups is not None and INTERN[0]:
        return _speedups.content(o, _CONTENT, _CONTENT_BYTES, CONTENT_STORED)
    return content_py(o)


def content_py(o: Obj, tid=None) -> tuple:
    """An object's content id (its bytes and shadow with pointer slots
    blanked) and its pointers as (offset, raw target id, offset within
    target); cached while the object is frozen.  Without interning (hash
    compaction keeps no contents) the id is the contents' 16-byte digest."""
    h = o.h
    if h is not None:
        return h
    b = o.b
    ptrs = []
    if o.ptrs:
        b = bytearray(b)
        for off in sorted(o.ptrs):
            if off + 8 <= len(b):
                v = _Q.unpack_from(b, off)[0]
                ptrs.append((off, v >> 32, v & M32))
                _Q.pack_into(b, off, 0)
    blob = _HDR.pack(o.kind, o.shared, len(b)) + b
    if o.ud is not None:
        blob += b"U" + o.ud
    if o.meta is not None:
        blob += b"M" + o.meta
    if o.sym is not None:  # symbolic bytes: their terms' ids (tid keeps each term alive)
        blob += b"S" + b"".join(struct.pack("<IQ", k, tid(t)) for k, t in sorted(o.sym.items(), key=itemgetter(0)))
    if INTERN[0]:
        cid = _CONTENT.get(blob)
        if cid is None:
            cid = _CONTENT[blob] = len(_CONTENT_BYTES)
            _CONTENT_BYTES.append(blob)
            CONTENT_STORED[0] += len(blob)
    else:
        cid = hashlib.blake2b(blob, digest_size=16).digest()
    r = (cid, ptrs)
    if o.frozen:
        o.h = r
    return r


INTERN = [True]


_HDR = struct.Struct("<BBI")


def digest(cid) -> bytes:
    """A content's BLAKE2b digest: the same in every process."""
    if cid.__class__ is bytes:
        return cid
    d = _DIGEST.get(cid)
    if d is None:
        d = _DIGEST[cid] = hashlib.blake2b(_CONTENT_BYTES[cid], digest_size=16).digest()
    return d


class Canon:
    """Canonical forms for one VM: the graph reachable from the roots (the
    global objects and the OS registers), objects numbered in breadth-first
    order, pointers rewritten to those numbers.

    `key` gives a state's number in a hash-consed tree (exact: two states
    get the same number exactly when their canonical forms are equal).  Each
    object's record (content id and renumbered pointers) is stored once, and
    the list of records is folded pairwise into interned nodes, so a state
    that differs from an earlier one in a few objects adds only a few nodes.
    `fingerprint` gives a 128-bit BLAKE2b hash of the same canonical form,
    the same in every process.  Most roots (libc's tables and buffers) never
    change after boot: the roots still holding their boot-time contents form
    a segment whose contents are handled once; only their pointers are
    renumbered per state."""

    def __init__(self, keep_order: bool = True):
        # the relative order of raw heap and alloca ids is part of the key
        # (off: states that differ only in the numbering of objects are one)
        self.keep_order = keep_order
        # records and nodes of the C walk (one Canon uses one walk: numbers differ between them)
        self.tables = _speedups.Tables() if _speedups is not None else None
        self.boot: dict[int, Obj] | None = None   # root id -> its object at boot
        self.written_back: dict[int, bool] = {}  # serial and id of a copied root -> has its boot contents
        self.segs: dict = {}
        self.leaves: dict[tuple, int] = {}  # record -> number
        self.nodes: dict[int, int] = {}     # pair of numbers (packed) -> number
        self.next = 1
        self.leaf_words = 0  # 32-bit words held by the records

    def stored_bytes(self) -> int:
        """Bytes of canonical data stored: records, tree nodes (two 32-bit
        numbers each) and the object contents they refer to."""
        nodes = len(self.nodes) + (self.tables.counts()[1] if self.tables is not None else 0)
        return 4 * self.leaf_words + 8 * nodes + CONTENT_STORED[0]

    def _roots(self, objs: dict, regs: list):
        """The segment of pristine roots, the pristine roots and the others."""
        if self.boot is None:
            rs = roots(objs, regs)
            self.boot = {r: objs[r] for r in rs if r in objs and objs[r].serial}
            gl = sorted(k for k, o in objs.items() if k < PL_GLOBAL and not o.ro)
            self.glob_ids, self.glob_boot = gl, [self.boot.get(r) for r in gl]
            self.globset = set(gl)
        # written or freed since boot (a copy with the boot-time contents is still pristine:
        # a flag set and cleared again must not make a state differ from one where it never was)
        pristine_copy = self._pristine_copy
        if _speedups is not None:
            moved, touched = _speedups.moved(objs, self.glob_ids, self.glob_boot, self.written_back, pristine_copy)
        else:
            moved, touched = self._moved_py(objs)
        regroots, same = [], []
        globset = self.globset
        for r in (regs[3], regs[4], regs[5], regs[6], regs[11]):  # user registers and the OS state
            if r:
                r >>= 32
                if r not in globset and r not in regroots and r in objs:
                    regroots.append(r)
                    if pristine_copy(objs[r], r):
                        same.append(r)
                    else:
                        touched.append(r)
        same = tuple(same)
        sk = (tuple(moved), same)
        seg = self.segs.get(sk)
        if seg is None:
            mv = set(moved)
            pristine = [r for r in self.glob_ids if r not in mv] + list(same)
            d = hashlib.blake2b(digest_size=16)
            ptrs = []
            for r in pristine:
                cid, ps_ = content(objs[r])
                d.update(digest(cid))
                live = [p for p in ps_ if p[1]]  # null pointers are part of the contents
                d.update(struct.pack(f"<{len(ps_) - len(live)}I", *(p[0] for p in ps_ if not p[1])))
                if live:
                    ptrs.append(live)
            fp = d.digest()
            user = [(i, r) for i, r in enumerate(pristine) if objs[r].kind in _USER]
            base = {oid: n for n, oid in enumerate(pristine, 1)}
            # pointers between pristine roots have fixed numbers: the segment implies them
            var = [p for ps_ in ptrs for p in ps_ if p[1] not in base]
            seg = self.segs[sk] = (len(self.segs), struct.unpack("<4I", fp), ptrs, user, pristine, base, var)
        return seg, seg[4], touched

    def _moved_py(self, objs: dict) -> tuple[list, list]:
        """The roots written or freed since boot, and of them those still
        there and not holding their boot contents (_speedups.moved)."""
        keep, touched = [], []
        for r, b in zip(self.glob_ids, self.glob_boot):
            o = objs.get(r)
            if o is b:
                continue
            if o is None:
                keep.append(r)  # freed
            elif not self._pristine_copy(o, r):
                keep.append(r)
                touched.append(r)
        return keep, touched

    def start(self, objs: dict, regs: list) -> tuple:
        """Where a walk starts: the segment, the pristine and other roots,
        the order so far (the roots) and their numbers."""
        seg, pristine, touched = self._roots(objs, regs)
        num = seg[5].copy()
        for t in touched:
            num[t] = len(num) + 1
        return seg, pristine, touched, pristine + touched, num

    def _pristine_copy(self, o: Obj, r: int) -> bool:
        """Does root r's object o hold what r held at boot (o is the boot
        object, or a copy written back to the boot contents)?"""
        b = self.boot.get(r)
        if o is b:
            return True
        s = o.serial  # names frozen contents (one object may stand at several ids: by id too)
        v = self.written_back.get(s << 32 | r) if s else None
        if v is None:
            # (different bytes are different contents: no content ids needed)
            v = b is not None and o.b == b.b and content(o) == content(b)
            if s:
                self.written_back[s << 32 | r] = v
        return v

    def _walk(self, objs: dict, regs: list, leaks: bool):
        """The segment, the number of its roots and the objects in canonical order."""
        seg, pristine, touched = self._roots(objs, regs)
        order = pristine + touched
        seen = set(order)
        # pristine roots: contents known, their pointers still need numbers
        for ptrs in seg[2]:
            for _, t, _ in ptrs:
                if t not in seen:
                    c = objs.get(t)
                    if c is not None and not c.ro:
                        seen.add(t)
                        order.append(t)
        npr = len(pristine)
        i = npr
        while i < len(order):
            o = objs[order[i]]
            i += 1
            if o.ptrs:
                for _, t, _ in content(o)[1]:
                    if t and t not in seen:
                        c = objs.get(t)
                        if c is not None and not c.ro:
                            seen.add(t)
                            order.append(t)
        if leaks:
            order += sorted(k for k, o in objs.items() if k not in seen and o.kind == K_HEAP)
        return seg, npr, touched, order

    def key(self, objs: dict, regs: list, flags: int, leaks: bool = False, rt=None) -> int:
        """rt: what start gave for these objects, if known (with the order
        and numbering completed by parallel.part)"""
        if self.tables is None or leaks or not INTERN[0]:
            return self._key_py(objs, regs, flags, leaks)
        # (from parallel.part every reachable object is numbered already: the walk only builds records)
        return self._c_key(objs, regs, flags, rt)[0]

    def key_part(self, objs: dict, regs: list, flags: int, d64: dict, digest64, mask: int) -> tuple:
        """key, and what parallel.part hashes, from one walk (needs the C
        walk): (key, segment, number of objects, in-order sum of the 64-bit
        digests of the objects past the pristine roots whose kind is in mask)"""
        rt = self.start(objs, regs)
        root, _, _, count, total = self._c_key(objs, regs, flags, rt, d64, digest64, mask)
        return root, rt[0], count, total

    def _c_key(self, objs: dict, regs: list, flags: int, rt: tuple | None, *part) -> tuple:
        """(key, next, record words, objects[, owner sum]) from the C walk."""
        if rt is None:  # numbers for the pristine roots from the segment, the touched ones from the walk
            seg, pristine, touched = self._roots(objs, regs)
            order, num = None, seg[5]
            rnum = num if not touched or not any(regs[3:7]) else \
                {**num, **{t: len(pristine) + i for i, t in enumerate(touched, 1)}}
        else:
            seg, pristine, touched, order, num = rt
            rnum = num
        head = ["h", flags & M32, flags >> 32, seg[0], *user_regs(regs, rnum), *touched]
        r = _speedups.key(objs, order, num, len(pristine), touched, head, seg[6], seg[3], self.tables, self.leaves,
                          self.next, (_CONTENT, _CONTENT_BYTES, CONTENT_STORED), self.keep_order, *part)
        self.next = r[1]
        self.leaf_words += r[2]
        return r

    def _key_py(self, objs: dict, regs: list, flags: int, leaks: bool = False) -> int:
        """key in Python: the reference for (and the fallback of) the same
        walk in divm/_speedups.c"""
        # one pass: number objects breadth-first while building their records
        seg, pristine, touched, order, num = self.start(objs, regs)
        npr = len(pristine)
        get = num.get
        head = ["h", flags & M32, flags >> 32, seg[0], *user_regs(regs, num), *touched]
        ghosts = [GHOST]
        for off, t, low in seg[6]:
            c = get(t)
            if c is None:
                o = objs.get(t)
                if o is None:
                    c = t | RAW if t < PL_CODE else self._ghost(num, t, ghosts)
                elif o.ro:
                    c = t | RAW
                else:
                    order.append(t)
                    c = num[t] = len(order)
            head += (off, c, low)
        leaves = self.leaves
        ids = [0]
        user = [i for i, _ in seg[3]]
        i = npr
        extra = None
        while True:
            while i < len(order):
                o = objs[order[i]]
                if o.kind in _USER:
                    user.append(i)
                i += 1
                h = o.h
                cid, ptrs = h if h is not None else content(o)
                if ptrs:
                    rec = [cid]
                    for off, t, low in ptrs:
                        if t:
                            c = get(t)
                            if c is None:
                                d = objs.get(t)
                                if d is None:
                                    c = t | RAW if t < PL_CODE else self._ghost(num, t, ghosts)
                                elif d.ro:
                                    c = t | RAW
                                elif extra is None:
                                    order.append(t)
                                    c = num[t] = len(order)
                                else:  # (an unreachable object that is not a heap block)
                                    c = t | RAW
                        else:
                            c = 0
                        rec += (off, c, low)
                    rec = tuple(rec)
                else:
                    rec = cid  # a record without pointers is its content id alone
                n = leaves.get(rec)
                ids.append(n if n is not None else self.intern(rec))
            if not leaks or extra is not None:
                break
            # unreachable heap objects, numbered after the reachable ones
            extra = sorted(k for k, o in objs.items() if k not in num and o.kind == K_HEAP)
            for k in extra:
                order.append(k)
                num[k] = len(order)
        head.append(len(order))
        ids[0] = self.intern(tuple(head))
        # relative order of raw ids (pointer comparisons across objects see it)
        if user and self.keep_order:
            ids.append(self.intern(("rank", *sorted(user, key=order.__getitem__))))
        return self._fold(ids)

    @staticmethod
    def _ghost(num: dict, t: int, ghosts: list) -> int:
        """The number of the freed object t, first seen now."""
        c = num[t] = ghosts[0]
        ghosts[0] += 1
        return c

    def _fold(self, ids: list) -> int:
        """The records' numbers folded pairwise into interned tree nodes:
        the state's number."""
        nodes = self.nodes
        while len(ids) > 1:
            nxt = []
            for i in range(0, len(ids) - 1, 2):
                k = ids[i] << 32 | ids[i + 1]
                n = nodes.get(k)
                if n is None:
                    n = nodes[k] = self.next
                    self.next += 1
                nxt.append(n)
            if len(ids) & 1:
                nxt.append(ids[-1])
            ids = nxt
        return ids[0]

    def intern(self, rec) -> int:
        n = self.leaves.get(rec)
        if n is None:
            n = self.leaves[rec] = self.next
            self.next += 1
            self.leaf_words += len(rec) if type(rec) is tuple else 1
        return n

    def fingerprint(self, objs: dict, regs: list, flags: int, leaks: bool = False) -> bytes:
        seg, npr, touched, order = self._walk(objs, regs, leaks)
        num = {oid: n for n, oid in enumerate(order, 1)}
        get = num.get
        vec = [flags & M32, flags >> 32, *seg[1]]
        for r in user_regs(regs, num):  # in 32-bit words
            vec += (r & M32, r >> 32 & M32, r >> 64 & M32, r >> 96 & M32, r >> 128)
        vec += (len(touched), *touched)
        ghosts: dict = {}
        for ptrs in seg[2]:
            for off, t, low in ptrs:
                c = get(t)
                if c is None:
                    vec += (off, FP_GHOST, ghosts.setdefault(t, len(ghosts)), low) if t >= PL_CODE \
                        else (off, FP_RAW, t, low)
                else:
                    vec += (off, c, low)
        vec.append(len(order) - npr)
        for oid in order[npr:]:
            cid, ptrs = content(objs[oid])
            vec += _FP4.unpack(digest(cid))
            vec.append(len(ptrs))
            for off, t, low in ptrs:
                c = get(t) if t else 0
                if c is None:
                    vec += (off, FP_GHOST, ghosts.setdefault(t, len(ghosts)), low) if t >= PL_CODE \
                        else (off, FP_RAW, t, low)
                else:
                    vec += (off, c, low)
        if self.keep_order:
            user = [i for i, oid in enumerate(order) if objs[oid].kind in (K_ALLOCA, K_HEAP)]
            vec.append(len(user))
            vec += sorted(user, key=order.__getitem__)
        return hashlib.blake2b(array("I", vec).tobytes(), digest_size=16).digest()


_FP4 = struct.Struct("<4I")
_NO_REGS = (0, 0, 0, 0)


def user_regs(regs: list, num: dict) -> tuple:
    """The user registers (_VM_CR_User1-4, part of the state) as the
    canonical form sees them: a pointer to an object by the object's
    number and the offset, any other value as it is (apart from numbers);
    the objects they point to are roots, numbered already."""
    r3, r4, r5, r6 = regs[3], regs[4], regs[5], regs[6]
    if not (r3 or r4 or r5 or r6):
        return _NO_REGS
    out = []
    for r in (r3, r4, r5, r6):
        if r.__class__ is not int:  # partly undefined: its bits and which are undefined
            out.append((r.v & M64) | (r.m & M64) << 64 | 1 << 129)
            continue
        c = num.get(r >> 32) if r else None
        out.append(c << 32 | (r & M32) if c is not None else r | 1 << 128)
    return tuple(out)
_USER = (K_ALLOCA, K_HEAP)
