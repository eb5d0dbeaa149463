"""The disk cache (divm/load/cache.py): a warm start gives exactly what a cold one
and an uncached one give; broken entries are ignored; DIVM_CACHE=off
writes nothing; a changed program is not mistaken for the old one."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

HELLO = r"""#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    printf("hello %d %s\n", argc, argc > 1 ? argv[1] : "-");
    char *p = malloc(10);
    free(p);
    return 3;
}
"""

ERROR = r"""#include <pthread.h>
#include <assert.h>
int x;
void *t(void *a) { x = 1; return 0; }
static void check(void) {
    assert(x == 0);
}
int main(void) {
    pthread_t id;
    pthread_create(&id, 0, t, 0);
    check();
    pthread_join(id, 0);
    return 0;
}
"""

# the program's own write() and malloc() win over libc-shim's, also where
# libc-shim calls them (strdup)
OVERRIDE = r"""#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static char pool[1000];
static int used, calls, allocs;
ssize_t write(int fd, const void *buf, size_t n) { calls++; return n; }
void *malloc(size_t n) { allocs++; void *p = pool + used; used += (n + 15) & ~15; return p; }
void free(void *p) {}
int main(void) {
    write(1, "x", 1);
    char *s = strdup("abc");
    printf("ok %d %s %d\n", calls, s, allocs);
    return 0;
}
"""


def divm(*args, cache, cwd=None):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["DIVM_CACHE"] = str(cache)
    return subprocess.run([sys.executable, "-m", "divm", *map(str, args)], capture_output=True, text=True,
                          env=env, cwd=cwd, timeout=300)


def compile_c(tmp_path, name, src):
    c = tmp_path / f"{name}.c"
    c.write_text(src)
    bc = tmp_path / f"{name}.bc"
    r = divm("cc", "-o", bc, c, cache="off")
    assert r.returncode == 0, r.stderr
    return bc


def entries(d: Path) -> list:
    return sorted(p for p in d.rglob("*") if p.is_file())


def scrub(report: dict) -> dict:
    for k in ("seconds", "search_seconds", "peak_memory_bytes", "stored_bytes_per_state"):
        report.pop(k, None)
    return report


def outcome(r, report=None):
    assert "Traceback" not in r.stderr, r.stderr
    rep = scrub(json.loads(Path(report).read_text())) if report else None
    lines = [ln for ln in r.stderr.splitlines() if " s search" not in ln and "MiB" not in ln]
    return r.returncode, r.stdout, lines, rep


def test_hit_gives_identical_results(tmp_path):
    bc = compile_c(tmp_path, "hello", HELLO)
    cache = tmp_path / "cache"
    runs = []
    for mode in ("off", cache, cache):
        rep = tmp_path / "r.json"
        r = divm("run", "--report", rep, bc, "--", "arg", cache=mode)
        runs.append(outcome(r, rep))
    assert runs[0][0] == 3 and runs[0][1] == "hello 2 arg\n"
    assert runs[0] == runs[1] == runs[2]
    assert any(p.name.startswith("code-") for p in entries(cache))
    assert any(p.name == "runtime" for p in entries(cache))


def test_hit_counterexample_and_replay(tmp_path):
    bc = compile_c(tmp_path, "err", ERROR)
    cache = tmp_path / "cache"
    results = []
    for mode in ("off", cache, cache):
        trace = tmp_path / "t.json"
        rep = tmp_path / "r.json"
        r = divm("verify", "--trace-out", trace, "--report", rep, bc, cache=mode)
        assert r.returncode == 1, r.stderr
        res = outcome(r, rep)
        t = json.loads(trace.read_text())
        rp = divm("replay", bc, trace, cache=mode)
        assert rp.returncode == 1, rp.stderr
        results.append((res, t, rp.stdout, rp.stderr))
    assert results[0] == results[1] == results[2]
    bt = results[0][0][3]["error"]["backtrace"]
    assert bt[0]["function"] == "check" and bt[1]["function"] == "main", bt


def test_program_overrides_libc(tmp_path):
    bc = compile_c(tmp_path, "ov", OVERRIDE)
    cache = tmp_path / "cache"
    for mode in ("off", cache, cache):
        r = divm("run", bc, cache=mode)
        assert (r.returncode, r.stdout) == (0, "ok 1 abc 1\n"), r.stderr
    # and the runtime's own code is not confused by it afterwards
    hello = compile_c(tmp_path, "hello", HELLO)
    r = divm("run", hello, cache=cache)
    assert (r.returncode, r.stdout) == (3, "hello 1 -\n"), r.stderr


def test_name_clash_is_a_clear_error(tmp_path):
    bc = compile_c(tmp_path, "clash", "int pthread_create = 3;\nint main(void) { return pthread_create; }\n")
    for mode in ("off", tmp_path / "cache"):
        r = divm("run", bc, cache=mode)
        assert r.returncode == 2, r.stderr
        assert "Traceback" not in r.stderr
        assert "pthread_create" in r.stderr and "function" in r.stderr, r.stderr


@pytest.mark.parametrize("damage", ["truncate", "garbage", "flip", "empty", "directory"])
def test_corrupt_entries_are_ignored(tmp_path, damage):
    bc = compile_c(tmp_path, "hello", HELLO)
    cache = tmp_path / "cache"
    first = outcome(divm("run", bc, cache=cache))
    files = entries(cache)
    assert files
    for p in files:
        data = p.read_bytes()
        if damage == "truncate":
            p.write_bytes(data[:len(data) // 2])
        elif damage == "garbage":
            p.write_bytes(os.urandom(len(data)))
        elif damage == "flip":
            b = bytearray(data)
            b[-1] ^= 0xFF
            p.write_bytes(bytes(b))
        elif damage == "empty":
            p.write_bytes(b"")
        else:
            p.unlink()
            p.mkdir()
    again = outcome(divm("run", bc, cache=cache))
    assert again == first
    third = outcome(divm("run", bc, cache=cache))
    assert third == first


def test_unusable_cache_location(tmp_path):
    bc = compile_c(tmp_path, "hello", HELLO)
    f = tmp_path / "not-a-dir"
    f.write_text("x")
    r = divm("run", bc, cache=f / "sub")
    assert outcome(r)[:2] == (3, "hello 1 -\n")


def test_off_writes_nothing(tmp_path):
    bc = compile_c(tmp_path, "hello", HELLO)
    env_home = tmp_path / "home"
    env_home.mkdir()
    env = dict(os.environ, HOME=str(env_home), XDG_CACHE_HOME=str(env_home / "xdg"), DIVM_CACHE="off",
               PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-m", "divm", "run", str(bc)], capture_output=True, text=True,
                       env=env, timeout=300)
    assert (r.returncode, r.stdout) == (3, "hello 1 -\n"), r.stderr
    assert entries(env_home) == []
    # without DIVM_CACHE the cache lives in $XDG_CACHE_HOME/divm
    del env["DIVM_CACHE"]
    r = subprocess.run([sys.executable, "-m", "divm", "run", str(bc)], capture_output=True, text=True,
                       env=env, timeout=300)
    assert (r.returncode, r.stdout) == (3, "hello 1 -\n"), r.stderr
    assert any(p.name == "runtime" for p in entries(env_home / "xdg" / "divm"))


def test_changed_program_invalidates(tmp_path):
    cache = tmp_path / "cache"
    src = tmp_path / "p.c"
    bc = tmp_path / "p.bc"
    outs = []
    for n in (1, 2, 1):
        src.write_text(f'#include <stdio.h>\nint main(void) {{ printf("v{n}\\n"); return {n}; }}\n')
        assert divm("cc", "-o", bc, src, cache="off").returncode == 0
        r = divm("run", bc, cache=cache)
        outs.append((r.returncode, r.stdout))
    assert outs == [(1, "v1\n"), (2, "v2\n"), (1, "v1\n")]
    # a .c file is compiled afresh every time
    src.write_text('#include <stdio.h>\nint main(void) { printf("c\\n"); return 4; }\n')
    r = divm("run", src, cache=cache)
    assert (r.returncode, r.stdout) == (4, "c\n")


def test_environment_key_covers_sources_and_runtime(monkeypatch, tmp_path):
    """A change to divm's sources or the runtime bitcode means a new cache
    directory (checked on the key function, without editing the sources)."""
    from divm.load import cache
    monkeypatch.setenv("DIVM_CACHE", str(tmp_path / "c"))
    cache.reset()
    k1, d1 = cache.env_key(), cache.env_dir()
    assert k1 and d1 is not None and d1.parent == tmp_path / "c"
    import divm.load.paths as L
    rt = tmp_path / "rt"
    rt.mkdir()
    for name in ("dios.bc", "libc.bc"):
        (rt / name).write_bytes((L.RUNTIME / name).read_bytes() + (b"x" if name == "libc.bc" else b""))
    monkeypatch.setattr(L, "RUNTIME", rt)
    cache.reset()
    assert cache.env_key() != k1
    monkeypatch.undo()
    cache.reset()


def test_warm_start_generates_no_code(tmp_path, monkeypatch):
    """Every function the machine compiled on a cold start is loaded from the
    cache on a warm one (code naming a global outside the VM's starting
    namespace would not be portable, and would be generated at every start)."""
    from divm.load import cache
    from divm.cli import main as cli
    bc = compile_c(tmp_path, "err", ERROR)
    monkeypatch.setenv("DIVM_CACHE", str(tmp_path / "cache"))
    misses = []
    get = cache.get

    def logged(name):
        data = get(name)
        if data is None and name.startswith("code-"):
            misses.append(name)
        return data
    monkeypatch.setattr(cache, "get", logged)
    for _ in range(2):
        misses.clear()
        cache.reset()
        assert cli.main(["verify", "--report", str(tmp_path / "r.json"), str(bc)]) == 1
    assert misses == []
