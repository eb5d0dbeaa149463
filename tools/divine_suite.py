#!/usr/bin/env python3
"""Run DIVINE's own C test cases through `divm verify` and score them.

    python3 tools/divine_suite.py DIR... [--timeout S] [--jobs N] [--json FILE]
                                         [--match REGEX] [--include-big]

DIR is a directory of DIVINE test cases (a checkout's test/svcomp/loops,
test/sym, ...; `git archive` of paradise-fi/divine gives them).  Each .c
file is one test, or one per `// V: name CC_OPT: ... V_OPT: ... TAGS: ...`
variant line (DIVINE's test/lib/pkgc-unpack: a variant's `/* ERR_name */`
comments become `/* ERROR */`; PROGRAM_OPTS are the program's arguments).
What the file expects, as DIVINE's
test/lib/verify reads it:

  - a line holding `/* ERROR` (or a variant's ERR_): an error there;
  - `/* EXPECT: --result error ... */`: an error, anywhere;
  - `/* BOOT ERROR */`: `boot-error`;
  - otherwise `valid`.

The header's VERIFY_OPTS map to divm's options: --symbolic, -o nofail:malloc,
-o ignore:KIND, --leakcheck MODE, --stdin FILE ($SRC_DIR: the test's
directory), -E NAME=VALUE; compiler flags there (-D, -U, -I, -std=, -C,FLAGS) go to
`divm cc` with CC_OPTS ($TESTS: the test tree); DIVINE-only options
(--sequential, --svcomp, --threads) are dropped.  `*.helper.c` files are
other tests' extra sources.  Without --symbolic DIVINE's test driver adds
`--leakcheck exit`, and so does this.  Tests tagged `skip`, and (unless
--include-big) `big` or `huge`, are left out; tests tagged `todo`, or
with `todo` in their file name, as DIVINE's driver reads them (DIVINE
itself does not pass them), are counted apart.

A run is correct when divm's result matches: `valid` for a valid test; for
an error test, `error` with the innermost backtrace line on the marked line
(an error elsewhere is `wrong-line`).  `valid` for an error test and `error`
for a valid one are wrong.  `inconclusive`, a timeout, or a compile or load
error (exit status 2) are undecided.  Exit status 1 if any verdict was wrong.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import json
import re
import shlex
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GRACE = 15.0  # seconds past --max-time before the run is killed
FIELDS = ("V", "CC_OPT", "V_OPT", "TAGS", "ERR")


@dataclass
class Test:
    name: str
    source: str          # the (variant's) program text
    path: Path           # the file it came from (includes resolve beside it)
    tags: set
    cc: list
    opts: list
    args: list           # PROGRAM_OPTS: the program's arguments
    skip_cc: bool        # SKIP_CC: 1, verify the source itself
    expect: str          # "valid" or "error"
    line: int | None     # the line the error must be reported on


@dataclass
class Row:
    name: str
    expect: str
    result: str
    outcome: str  # correct, wrong, wrong-line, undecided
    seconds: float
    todo: bool
    detail: str = ""
    kinds: list = field(default_factory=list)


def header(text: str, key: str) -> str:
    m = re.search(rf"^(?:/\*|//) {key}: (.*?)(?:\*/.*)?$", text, re.M)
    return m.group(1).strip() if m else ""


def variants(path: Path) -> list[tuple[str, str]]:
    """(name, text) of each variant of the file, as pkgc-unpack makes them."""
    text = path.read_text(errors="replace")
    lines = [ln for ln in text.split("\n") if ln.startswith("// V: ")]
    if not lines:
        return [(path.name, text)]
    out = []
    for ln in lines:
        d = {}
        for f in FIELDS:
            m = re.search(rf"{f}: (.*?)\s*(\s(V_OPT|CC_OPT|TAGS|RESULT|ERR):|$)", ln)
            d[f] = m.group(1) if m else ""
        new = text.replace("TAGS: ", f"TAGS: {d['TAGS']} ", 1)
        new = new.replace("VERIFY_OPTS: ", f"VERIFY_OPTS: {d['V_OPT']} ", 1)
        new = new.replace("CC_OPTS: ", f"CC_OPTS: {d['CC_OPT']} ", 1)
        parts = d["V"].split(".")
        for i in range(len(parts)):
            new = new.replace(f"/* ERR_{'.'.join(parts[:i + 1])} */", "/* ERROR */", 1)
        out.append((f"{path.name}@{d['V']}", new))
    return out


def divm_options(vopts: str, src_dir: Path) -> tuple[list[str], list[str]]:
    """(divm verify's options, compiler flags) of a VERIFY_OPTS header."""
    words = shlex.split(vopts.replace("$SRC_DIR", str(src_dir)))
    out: list[str] = []
    cc: list[str] = []
    i = 0
    while i < len(words):
        w = words[i]
        if w.startswith(("-D", "-U", "-std=", "-I", "-C,")):  # (DIVINE compiles a .c given to verify with these)
            cc += w[3:].split(",") if w.startswith("-C,") else [w]
            i += 1
            continue
        if w == "-o" and i + 1 < len(words):
            out += ["-o", words[i + 1]]
            i += 2
            continue
        if w == "--leakcheck" and i + 1 < len(words):
            out += ["--leakcheck", words[i + 1].split(",")[0]]
            i += 2
            continue
        if w in ("--stdin", "-E") and i + 1 < len(words):
            out += [w, words[i + 1]]
            i += 2
            continue
        if w.startswith("-E") and len(w) > 2:
            out += ["-E", w[2:]]
        if w == "--symbolic":
            out.append(w)
        elif w in ("--threads", "--max-memory", "--max-time"):
            i += 1  # (DIVINE's resources: this script sets its own)
        i += 1
    if "--symbolic" not in out and "--leakcheck" not in out:
        out += ["--leakcheck", "exit"]
    return out, cc


def tests_of(path: Path) -> list[Test]:
    out = []
    for name, text in variants(path):
        tags = set(header(text, "TAGS").split())
        if "todo" in path.name:  # (DIVINE's test driver: a name with "todo" in it is a todo case)
            tags.add("todo")
        lines = text.split("\n")
        marked = [i + 1 for i, ln in enumerate(lines) if "/* ERROR" in ln]
        expect_spec = header(text, "EXPECT")
        if expect_spec:
            expect, line = ("error" if "--result error" in expect_spec else "valid"), None
        elif marked:
            expect, line = "error", marked[0]
        elif "/* BOOT ERROR */" in text:
            expect, line = "boot-error", None
        else:
            expect, line = "valid", None
        vopts, vcc = divm_options(header(text, "VERIFY_OPTS"), path.parent)
        root = next((p for p in path.parents if p.name == "test"), path.parent.parent)
        cc = shlex.split(header(text, "CC_OPTS").replace("$TESTS", str(root))) + vcc
        out.append(Test(name, text, path, tags, cc, vopts,
                        shlex.split(header(text, "PROGRAM_OPTS")), header(text, "SKIP_CC") == "1", expect, line))
    return out


def run(t: Test, timeout: float) -> Row:
    t0 = time.time()
    with tempfile.TemporaryDirectory() as d:
        src = Path(d) / t.path.name
        src.write_text(t.source)
        bc, rep = Path(d) / (t.path.name[:-2] + ".bc"), Path(d) / "report.json"
        cc = subprocess.run([sys.executable, "-m", "divm", "cc", f"-I{t.path.parent}", *t.cc, str(src),
                             "-o", str(bc)], cwd=ROOT, capture_output=True, text=True)
        if t.skip_cc and not t.cc and not cc.returncode:
            bc = src  # (DIVINE compiles it itself: the program's name is the source's)
        if cc.returncode:
            err = (cc.stderr.strip().splitlines() or ["?"])[-1]
            return Row(t.name, t.expect, "cc-error", "undecided", time.time() - t0, "todo" in t.tags, err[:200])
        cmd = [sys.executable, "-m", "divm", "verify", "--quiet", "--max-time", str(timeout), "--report", str(rep),
               "--trace-out", str(Path(d) / "t.json"), *t.opts, str(bc), *(["--", *t.args] if t.args else [])]
        try:
            p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout + GRACE,
                               start_new_session=True)
        except subprocess.TimeoutExpired:
            return Row(t.name, t.expect, "timeout", "undecided", time.time() - t0, "todo" in t.tags)
        try:
            r = json.loads(rep.read_text())
        except (OSError, ValueError):
            err = (p.stderr.strip().splitlines() or ["?"])[-1]
            return Row(t.name, t.expect, f"exit {p.returncode}", "undecided", time.time() - t0, "todo" in t.tags,
                       err[:200])
    res = r.get("result", "?")
    err = r.get("error") or {}
    bt = err.get("backtrace") or []
    where = next((f"{f.get('file')}:{f.get('line')}" for f in bt if f.get("line")), "")
    detail = f"{err.get('kind', '')} {where} {err.get('message', '')[:80]}".strip() if err else ""
    if res not in ("valid", "error", "boot-error"):
        outcome = "undecided"
    elif res != t.expect:
        outcome = "wrong"
    elif res != "valid" and t.line is not None and \
            not any(f.get("line") == t.line and Path(str(f.get("file"))).name == t.path.name for f in bt[:3]):
        outcome = "wrong-line"
    else:
        outcome = "correct"
    return Row(t.name, t.expect, res, outcome, time.time() - t0, "todo" in t.tags, detail)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dirs", nargs="+", type=Path)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--match", help="only tests whose name matches this regular expression")
    ap.add_argument("--include-big", action="store_true")
    a = ap.parse_args()
    tests = []
    for d in a.dirs:
        files = [f for f in sorted(d.rglob("*.c")) if not f.name.endswith(".helper.c")] if d.is_dir() else [d]
        for f in files:
            tests += tests_of(f)
    drop = {"skip"} if a.include_big else {"skip", "big", "huge"}
    tests = [t for t in tests if not t.tags & drop and (a.match is None or re.search(a.match, t.name))]
    rows: list[Row] = []
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for row in ex.map(lambda t: run(t, a.timeout), tests):
            rows.append(row)
            print(f"{row.name:55} {row.expect:6} {row.result:12} {row.outcome:10} {row.seconds:6.1f}s"
                  f"{'  todo' if row.todo else ''}  {row.detail}", flush=True)
    if a.json:
        a.json.write_text(json.dumps([asdict(r) for r in rows], indent=1))
    for part, sel in (("all", rows), ("not todo", [r for r in rows if not r.todo])):
        counts = {k: sum(r.outcome == k for r in sel) for k in ("correct", "wrong", "wrong-line", "undecided")}
        print(f"{part}: {len(sel)} tests, " + ", ".join(f"{v} {k}" for k, v in counts.items()))
    return 1 if any(r.outcome == "wrong" for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
