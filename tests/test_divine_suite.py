"""tools/divine_suite.py: DIVINE's test-case format (variants, ERROR marks,
EXPECT, tags, VERIFY_OPTS) and whole runs of real `divm verify` on test
cases written in that format here (DIVINE's own are not in the repository)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

from conftest import ROOT, divm_env

SCRIPT = ROOT / "tools" / "divine_suite.py"

VARIANTS = """/* TAGS: c sym */
/* VERIFY_OPTS: --symbolic --sequential -o nofail:malloc */
/* CC_OPTS: */

// V: v.2 CC_OPT: -DSIZE=2
// V: v.3 CC_OPT: -DSIZE=3 ERR: x
// V: v.9 CC_OPT: -DSIZE=9 TAGS: big
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main() {
    int a[SIZE];
    for (int i = 0; i < SIZE; i++)
        a[i] = i;
    int k = __VERIFIER_nondet_int();
    if (k >= 0 && k < SIZE)
        assert(a[k] != 2); /* ERR_v.3 */
    return 0;
}
"""

PLAIN_BUG = """/* TAGS: c */
/* VERIFY_OPTS: -o nofail:malloc */ // a comment after the header
#include <stdlib.h>
int main() {
    int *p = malloc(4);
    free(p);
    return *p; /* ERROR */
}
"""

LEAK = """/* TAGS: c todo */
#include <stdlib.h>
int main() {
    malloc(4);
    return 0;
}
"""


def load():
    spec = importlib.util.spec_from_file_location("divine_suite", SCRIPT)
    m = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = m
    spec.loader.exec_module(m)
    return m


def test_variants_expectations_and_options(tmp_path):
    m = load()
    f = tmp_path / "arr.pkg.c"
    f.write_text(VARIANTS)
    ts = {t.name: t for t in m.tests_of(f)}
    assert set(ts) == {"arr.pkg.c@v.2", "arr.pkg.c@v.3", "arr.pkg.c@v.9"}
    assert ts["arr.pkg.c@v.2"].expect == "valid" and ts["arr.pkg.c@v.2"].cc == ["-DSIZE=2"]
    v3 = ts["arr.pkg.c@v.3"]
    assert v3.expect == "error" and v3.line == VARIANTS.split("\n").index(
        "        assert(a[k] != 2); /* ERR_v.3 */") + 1
    assert "big" in ts["arr.pkg.c@v.9"].tags
    # DIVINE-only options go; without --symbolic DIVINE's driver checks leaks at exit
    assert v3.opts == ["--symbolic", "-o", "nofail:malloc"]
    g = tmp_path / "uaf.c"
    g.write_text(PLAIN_BUG)
    (t,) = m.tests_of(g)
    assert t.opts == ["-o", "nofail:malloc", "--leakcheck", "exit"] and t.expect == "error" and t.line == 7
    assert m.header(PLAIN_BUG, "VERIFY_OPTS") == "-o nofail:malloc"
    h = tmp_path / "uaf.todo-sleep.c"  # (DIVINE's driver: "todo" in the name)
    h.write_text(PLAIN_BUG)
    assert "todo" in m.tests_of(h)[0].tags and "todo" not in t.tags


def test_whole_run(tmp_path):
    (tmp_path / "arr.pkg.c").write_text(VARIANTS)
    (tmp_path / "uaf.c").write_text(PLAIN_BUG)
    (tmp_path / "leak.c").write_text(LEAK)
    out = tmp_path / "rows.json"
    p = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path), "--timeout", "60", "--jobs", "2",
                        "--json", str(out)], capture_output=True, text=True, env=divm_env(), timeout=600)
    assert p.returncode == 1, p.stdout + p.stderr  # (the leak: a wrong verdict)
    rows = {r["name"]: r for r in json.loads(out.read_text())}
    assert set(rows) == {"arr.pkg.c@v.2", "arr.pkg.c@v.3", "uaf.c", "leak.c"}  # (big left out)
    assert rows["arr.pkg.c@v.2"]["outcome"] == "correct" and rows["arr.pkg.c@v.2"]["result"] == "valid"
    assert rows["arr.pkg.c@v.3"]["outcome"] == "correct" and rows["arr.pkg.c@v.3"]["result"] == "error"
    assert rows["uaf.c"]["outcome"] == "correct"
    # a leak at exit is an error under DIVINE's default, and the file expects valid
    assert rows["leak.c"]["outcome"] == "wrong" and rows["leak.c"]["todo"]
    assert "not todo: 3 tests, 3 correct" in p.stdout
