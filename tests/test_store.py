"""State storage and the interrupt reductions.

Exact storage and --hash-compaction must find the same states and verdicts;
a counterexample rebuilt from stored choices must replay to the error; the
report gives the real stored bytes per state; --no-reduce explores at least
as many states as the reduced search (and far more when threads do private
work in loops); equal canonical forms get equal keys whatever the raw ids."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from machines import machine_for

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERIFY = os.path.join(ROOT, "tests", "verify")
BENCH = os.path.join(ROOT, "tools", "verify_benchmarks")


def divm(*args, timeout=600):
    return subprocess.run([sys.executable, "-m", "divm", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=timeout)


def verify(tmp_path, src, *opts, tag="r"):
    rep = str(tmp_path / f"{tag}.json")
    trace = str(tmp_path / f"{tag}.trace.json")
    r = divm("verify", *opts, "--report", rep, "--trace-out", trace, src)
    assert "Traceback" not in r.stderr, r.stderr
    return r, json.load(open(rep)), trace


@pytest.mark.parametrize("name", ["mutex_counter", "peterson", "race_counter", "lock_order"])
def test_hash_compaction_same_answers(tmp_path, name):
    src = os.path.join(VERIFY, name + ".c")
    r1, exact, _ = verify(tmp_path, src, tag="exact")
    r2, hc, trace = verify(tmp_path, src, "--hash-compaction", tag="hc")
    assert r1.returncode == r2.returncode
    assert exact["state_storage"] == "exact" and hc["state_storage"] == "hash-compaction"
    assert hc["result"] == exact["result"]
    if exact["result"] == "valid":
        assert (hc["states"], hc["transitions"]) == (exact["states"], exact["transitions"])
        # a fingerprint, a parent number and a choices id per state, plus the choice sequences
        assert 24 <= hc["stored_bytes_per_state"] < 40
    else:
        assert hc["error"]["kind"] == exact["error"]["kind"]
        rp = divm("replay", src, trace)
        assert rp.returncode == 1, rp.stderr
        assert exact["error"]["kind"] in rp.stderr


def test_counterexample_rebuilt_from_choices(tmp_path):
    """The search keeps only choices; the steps are re-run for the report,
    and the error is where the program fails."""
    src = os.path.join(VERIFY, "fnptr_states.c")
    r, rep, trace = verify(tmp_path, src)
    assert r.returncode == 1 and rep["error"]["kind"] == "assert"
    assert rep["error"]["backtrace"][0]["line"] == 26
    steps = json.load(open(trace))["steps"]
    assert steps and all("choices" in s for s in steps)
    assert "step 1:" in r.stderr and "counterexample:" in r.stderr
    rp = divm("replay", src, trace)
    assert rp.returncode == 1 and "fnptr_states.c:26" in rp.stderr


def test_stored_bytes_reported(tmp_path):
    _, rep, _ = verify(tmp_path, os.path.join(VERIFY, "mutex_counter.c"))
    assert rep["states"] > 1
    assert 0 < rep["stored_bytes_per_state"] < 10_000


def test_no_reduce_explores_more(tmp_path):
    src = os.path.join(BENCH, "private.c")
    r1, red, _ = verify(tmp_path, src, tag="red")
    r2, full, _ = verify(tmp_path, src, "--no-reduce", "--max-states", "3000", tag="full")
    assert red["result"] == "valid"
    # private loops and accesses to a thread's own array add states only without reductions
    assert full["states"] >= 3000 > 10 * red["states"]


def test_hash_compaction_refused_for_liveness(tmp_path):
    r = divm("verify", "--hash-compaction", "--liveness", os.path.join(VERIFY, "mutex_counter.c"))
    assert r.returncode == 2
    assert "--hash-compaction" in r.stderr and "Traceback" not in r.stderr


def test_store_paths():
    from divm.state.store import StateStore
    s = StateStore()
    assert s.add(b"a", -1, ()) == 0
    assert s.add(b"b", 0, (1,)) == 1
    assert s.add(b"c", 1, (0, 2)) == 2
    assert s.add(b"b", 2, (5,)) is None  # seen: the first link stays
    assert len(s) == 3 and b"c" in s
    assert s.path(2) == [(1,), (0, 2)]
    assert s.path(0) == []
    assert s.stored_bytes() == 12 * 3 + 4 * 3


def test_keys_ignore_raw_ids():
    """The same memory graph under other object ids has the same key; a
    different pointer target does not."""
    from divm.state import snapshot as S
    from divm.vm.memory import K_GLOBAL, K_HEAP, Obj

    def graph(a, b, target):
        g = Obj(8, K_GLOBAL, defined=True, name="g")
        g.b[:] = (target << 32).to_bytes(8, "little")
        g.ptrs.add(0)
        x = Obj(4, K_HEAP, defined=True)
        x.b[:] = b"\x01\x00\x00\x00"
        y = Obj(4, K_HEAP, defined=True)
        y.b[:] = b"\x02\x00\x00\x00"
        return {1: g, a: x, b: y}
    c = S.Canon()
    k1 = c.key(graph(0x20000000, 0x20000001, 0x20000000), [0] * 13, 0)
    k2 = c.key(graph(0x20000005, 0x20000009, 0x20000005), [0] * 13, 0)
    k3 = c.key(graph(0x20000000, 0x20000001, 0x20000001), [0] * 13, 0)
    assert k1 == k2 != k3


def test_read_only_target_is_never_a_number():
    """A pointer to constant data is kept by the target's raw id, one to
    any other object by the object's number: the two must never read alike
    (they did: a pointer to the constant with id 2 and one to the object
    numbered 2 made two states one), in the C walk, the Python walk and
    fingerprints."""
    from divm.state import snapshot as S
    from divm.vm.memory import K_GLOBAL, Obj

    def graph(target):
        g = Obj(8, K_GLOBAL, defined=True, name="g")
        g.b[:] = (target << 32).to_bytes(8, "little")
        g.ptrs.add(0)
        w = Obj(4, K_GLOBAL, defined=True, name="w")  # writable: numbered 2
        c = Obj(4, K_GLOBAL, defined=True, name="c")  # constant: raw id 2 would be its id
        c.ro = True
        return {1: g, 3: w, 2: c}
    regs = [0] * 13
    c = S.Canon()
    assert c.key(graph(3), regs, 0) != c.key(graph(2), regs, 0)
    py = S.Canon()
    assert py._key_py(graph(3), regs, 0) != py._key_py(graph(2), regs, 0)
    assert c.fingerprint(graph(3), regs, 0) != c.fingerprint(graph(2), regs, 0)


def test_freed_targets_keep_their_identity():
    """Pointers into freed blocks: two to one block and two to two blocks
    are different states (r == p tells them apart), but which raw ids the
    blocks had does not matter (C walk, Python walk, fingerprints)."""
    from divm.state import snapshot as S
    from divm.vm.memory import K_GLOBAL, Obj

    def graph(t1, t2):
        g = Obj(16, K_GLOBAL, defined=True, name="g")
        g.b[:] = (t1 << 32).to_bytes(8, "little") + (t2 << 32).to_bytes(8, "little")
        g.ptrs.update((0, 8))
        return {1: g}
    regs = [0] * 13
    same, two, other = graph(0x20000001, 0x20000001), graph(0x20000001, 0x20000002), graph(0x20000007, 0x20000003)
    c, py = S.Canon(), S.Canon()  # (a Canon keeps to one walk: C or Python)
    assert c.key(same, regs, 0) != c.key(two, regs, 0) == c.key(other, regs, 0)
    assert py._key_py(same, regs, 0) != py._key_py(two, regs, 0) == py._key_py(other, regs, 0)
    assert c.fingerprint(same, regs, 0) != c.fingerprint(two, regs, 0) == c.fingerprint(other, regs, 0)


def test_pointer_to_constant_data_found_by_verify(tmp_path):
    """End to end, the program that showed it: p points to strerror(0)'s
    text or to the global whose number is that text's raw id; with the two
    states one, the failing assertion of the second was never run and the
    answer was a wrong `valid`."""
    import struct
    n = 400
    src = "\n".join(["#include <string.h>", "#include <assert.h>", "#include <dios.h>",
                     "extern _Bool __VERIFIER_nondet_bool(void);",
                     *(f"int g{j};" for j in range(n)),
                     "int *tab[] = {" + ", ".join(f"&g{j}" for j in range(n)) + "};",
                     "char *p;",
                     "int main(void) {",
                     "    p = __VERIFIER_nondet_bool() ? strerror(0) : (char *)&g@;",
                     "    __dios_reschedule();  /* a state here: the two choices meet */",
                     "    assert(p == %s);  /* ERROR */",
                     "    return 0;", "}", ""])
    probe = tmp_path / "probe.c"
    probe.write_text((src % "0").replace("@", "0"))
    m = machine_for(str(probe))
    m.initial()
    vm = m.vm
    ids = {gl.name: gl.idx for gl in vm.prog.globals}
    _, _, _, order = m.canon._walk(vm.objs, vm.regs, False)
    raw = struct.unpack_from("<Q", vm.objs[ids["__divm_errmsg"]].b, 0)[0] >> 32  # strerror(0)'s text
    j = raw - (order.index(ids["g0"]) + 1)
    assert 0 <= j < n, "the runtime's layout changed: pick another n"
    for k, other in enumerate(("strerror(0)", "(char *)&g@")):  # (either may be the state kept)
        prog = tmp_path / f"collide{k}.c"
        prog.write_text((src % other).replace("@", str(j)))
        r, rep, _ = verify(tmp_path, str(prog), tag=f"c{k}")
        assert rep["result"] == "error" and rep["error"]["kind"] == "assert", r.stderr


def test_global_written_back_is_pristine():
    """A global that holds its boot-time contents again (a flag set and
    cleared) is the same state as one never written: exact keys (C and
    Python) and fingerprints agree."""
    from divm.state import snapshot as S
    from divm.vm import memory as M
    from divm.vm.memory import K_GLOBAL, K_HEAP, Obj

    def boot():
        g = Obj(8, K_GLOBAL, defined=True, name="g")
        g.b[:] = (0x20000000 << 32).to_bytes(8, "little")
        g.ptrs.add(0)
        f = Obj(4, K_GLOBAL, defined=True, name="flag")
        x = Obj(4, K_HEAP, defined=True)
        return {1: M.freeze(g), 2: M.freeze(f), 0x20000000: M.freeze(x)}
    objs = boot()
    again = dict(objs)
    again[2] = M.freeze(M.clone(objs[2]))  # written with the same bytes
    changed = dict(objs)
    changed[2] = M.clone(objs[2])
    changed[2].b[0] = 1
    M.freeze(changed[2])
    regs = [0] * 13
    c = S.Canon()
    k0 = c.key(objs, regs, 0)
    assert c.key(again, regs, 0) == k0 != c.key(changed, regs, 0)
    py = S.Canon()  # (the C walk has tables of its own: a Canon keeps to one walk)
    assert py._key_py(objs, regs, 0) == py._key_py(again, regs, 0) != py._key_py(changed, regs, 0)
    assert c.fingerprint(objs, regs, 0) == c.fingerprint(again, regs, 0) != c.fingerprint(changed, regs, 0)


def test_speedups_agree_with_python():
    """divm/state/_speedups.c and its Python reference give every state of a real
    search the same content ids, the same written roots and the same key numbers."""
    from divm.state import snapshot as S
    if S._speedups is None:
        pytest.skip("divm._speedups is not built")
    from divm.cli import main as cli
    from divm.vm import memory as M
    from divm.explore.search import Limits, Machine, search
    from divm.vm.machine import VM
    src = os.path.join(BENCH, "philosophers.c")
    args = cli.build_parser().parse_args(["verify", src])
    prog = cli.load_program(src)
    vm = VM(prog, cli.machine_env(args, "p", [], b""), out=None)
    cli.configure(vm, args)
    vm.reduce = True
    machine = Machine(vm)
    py = S.Canon()
    seen = [0]
    fast_key = machine.key

    def both():
        # fed the same states in the same order, both number them alike
        k = fast_key()
        assert py._key_py(vm.objs, vm.regs, vm.flags & S.PERSISTENT_FLAGS) == k
        assert py._moved_py(vm.objs) == S._speedups.moved(vm.objs, py.glob_ids, py.glob_boot, py.written_back,
                                                          py._pristine_copy)
        seen[0] += 1
        return k
    machine.key = both
    res = search(machine, "dfs", Limits(max_states=1500))
    assert seen[0] >= 1500
    assert py.next == machine.canon.next and py.leaf_words == machine.canon.leaf_words
    for o in list(vm.objs.values())[:200]:
        c = M.Obj.__new__(M.Obj)
        for f in M.Obj.__slots__:
            setattr(c, f, getattr(o, f))
        c.h, c.frozen = None, False
        assert S.content_py(c) == S._speedups.content(c, S._CONTENT, S._CONTENT_BYTES, S.CONTENT_STORED)
    assert res.states >= 1500


def test_restore_by_difference_is_exact():
    """Re-running a snapshot undoes only what the last run changed: the
    memory is then the snapshot's, object for object, and the search finds
    what it finds with full restores."""
    from divm.cli import main as cli
    from divm.state import snapshot as S
    from divm.explore.search import Limits, Machine, search
    from divm.vm.machine import VM
    src = os.path.join(BENCH, "buffer.c")
    args = cli.build_parser().parse_args(["verify", src])
    prog = cli.load_program(src)
    counts = {}
    for mode, order in (("diff", "dfs"), ("full", "dfs"), ("diff", "bfs"), ("full", "bfs")):
        vm = VM(prog, cli.machine_env(args, "b", [], b""), out=None)
        cli.configure(vm, args)
        vm.reduce = True
        machine = Machine(vm)
        diffs = [0]
        real = S.restore

        def checked(v, s, mode=mode, diffs=diffs, real=real):
            if mode == "full":
                v.base = None
            elif v.base is s or s.parent is not None and s.parent() is v.base:
                diffs[0] += 1
            real(v, s)
            assert v.objs == s.objs and (v.next_alloca, v.next_heap, v.next_global) == s.ids
        S.restore = checked
        try:
            res = search(machine, order, Limits(max_states=800))
        finally:
            S.restore = real
        counts[mode, order] = (res.states, res.transitions, machine.canon.next)
        if mode == "diff":
            assert diffs[0] > 100
    assert counts["diff", "dfs"] == counts["full", "dfs"] and counts["diff", "bfs"] == counts["full", "bfs"]


@pytest.mark.parametrize("prog", ["commuting_ok", "rwlock_commute_ok"])
def test_independent_steps_commute(prog):
    """Which thread ran last is not part of the state: two threads whose
    steps touch different data (or only read-lock the same lock) reach the
    same state in either order (every diamond of their transitions closes)."""
    src = os.path.join(VERIFY, prog + ".c")
    machine = machine_for(src, "c")
    k0, s0 = machine.initial()
    succ: dict = {}  # key -> {thread: [successor keys]}
    snaps = {k0: s0}
    todo = [k0]
    while todo:
        k = todo.pop()
        out = succ[k] = {}
        for step, nk, ns in machine.successors(snaps[k]):
            assert step.error is None
            out.setdefault(step.thread, []).append(nk)
            if ns is not None and nk not in snaps:
                snaps[nk] = ns
                todo.append(nk)
    diamonds = 0
    for out in succ.values():
        for a in out:
            for b in out:
                if a == b or 1 in (a, b) or len(out[a]) != 1 or len(out[b]) != 1:
                    continue  # (thread 1 is main)
                ab = succ.get(out[a][0], {}).get(b)
                ba = succ.get(out[b][0], {}).get(a)
                if ab and ba:
                    diamonds += 1
                    assert ab == ba
    assert diamonds >= 2


def test_no_reduce_keeps_locals_visible(tmp_path):
    """Without reductions a thread's own local variables are memory like any
    other: every access to them is an interrupt point (the bounded buffer
    does no private work in arrays or loops, yet most of its states come
    from its locals)."""
    src = os.path.join(BENCH, "buffer.c")
    _, red, _ = verify(tmp_path, src, tag="red")
    _, full, _ = verify(tmp_path, src, "--no-reduce", "--max-states", "20000", tag="full")
    assert red["result"] == "valid" and full["states"] >= 20000 > 10 * red["states"]
