#!/usr/bin/env python3
"""Run `divm svcomp` on a directory of SV-COMP tasks and score the verdicts.

    python3 tools/svcomp_score.py DIR [--prop NAME] [--timeout S] [--jobs N]
                                      [--json FILE] [--divm CMD]

Every `*.yml` task definition under DIR (sv-benchmarks format 2.0) is
checked once per property whose property file exists (property_file is
relative to the .yml); `--prop unreach-call` keeps only properties whose
file is named unreach-call.prp.  A run is

    divm svcomp --prop P.prp [--data-model M] --max-time S --witness-dir TMP TASK.yml

killed (with its process group) S + 10 seconds after it started.  Its verdict
(the last line of stdout) is compared with the task's expected_verdict the
way BenchExec does it (benchexec.result.get_result_category):

  - a task with a subproperty (memsafety) expects exactly false(SUB); another
    false(...) answer does not match the property and counts as unknown;
  - otherwise any false(...) answer is a false answer.

Points follow SV-COMP: +2 correct true, +1 correct false, -32 wrong true,
-16 wrong false, 0 for unknown, error and timeout.

Output: a table with one row per (task, property), the errors' last stderr
line, and a summary.  `--json FILE` also writes the rows as JSON.  Exit
status 1 if any verdict was wrong, 2 for bad usage, 130 after ^C (which
kills the runs under way), 0 otherwise.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import yaml

VERDICTS = frozenset({
    "true", "unknown",
    "false(unreach-call)", "false(valid-deref)", "false(valid-free)", "false(valid-memtrack)",
    "false(valid-memcleanup)", "false(no-overflow)", "false(no-data-race)", "false(termination)",
})

POINTS = {"correct-true": 2, "correct-false": 1, "wrong-true": -32, "wrong-false": -16}

# time divm gets past its own --max-time to answer before it is killed
GRACE = 10.0

# skip reasons shown one by one; sv-benchmarks has thousands (coverage
# properties have no expected verdict)
SHOW_SKIPPED = 10

# the runs under way, so that ^C can end them: each has its own process
# group, out of reach of the terminal's SIGINT
_live: set[subprocess.Popen] = set()
_live_lock = threading.Lock()
_stopping = False


@dataclass(frozen=True)
class Task:
    yml: Path
    name: str                # yml path relative to DIR
    prop_file: Path
    expected: bool
    subproperty: str | None
    data_model: str | None

    @property
    def prop(self) -> str:
        return self.prop_file.stem

    @property
    def expected_str(self) -> str:
        verdict = "true" if self.expected else "false"
        return f"{verdict}({self.subproperty})" if self.subproperty else verdict


@dataclass
class Row:
    task: str
    property: str
    expected: str
    got: str                 # a verdict, or error / timeout
    seconds: float
    category: str            # correct-true, wrong-false, ..., unknown, error, timeout
    points: int
    detail: str = ""         # last stderr line of an error


def discover(root: Path, prop: str | None = None) -> tuple[list[Task], list[str]]:
    """The (task, property) pairs under root, and why others were skipped."""
    tasks, skipped = [], []
    root = root.resolve()   # divm runs in a temporary directory
    for yml in sorted(root.rglob("*.yml")):
        name = yml.relative_to(root).as_posix()
        try:
            data = yaml.safe_load(yml.read_text())
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as e:
            skipped.append(f"{name}: unreadable: {e}")
            continue
        # other YAML files (witnesses, CI configs) are not tasks
        if not isinstance(data, dict) or "input_files" not in data or not isinstance(data.get("properties"), list):
            continue
        options = data.get("options") if isinstance(data.get("options"), dict) else {}
        for entry in data["properties"]:
            if not isinstance(entry, dict) or not entry.get("property_file"):
                continue
            prop_file = (yml.parent / entry["property_file"]).resolve()
            if prop is not None and prop_file.stem != prop:
                continue
            if not prop_file.is_file():
                skipped.append(f"{name}: no property file {entry['property_file']}")
                continue
            expected = entry.get("expected_verdict")
            if not isinstance(expected, bool):
                skipped.append(f"{name}: {prop_file.stem}: no expected_verdict")
                continue
            tasks.append(Task(yml, name, prop_file, expected, entry.get("subproperty") or None,
                              options.get("data_model")))
    return tasks, skipped


def parse_verdict(stdout: str) -> str | None:
    """The verdict on the last non-empty line of stdout, if that is one."""
    lines = [line.strip() for line in stdout.splitlines() if line.strip()]
    if lines and lines[-1] in VERDICTS:
        return lines[-1]
    return None


def categorize(expected: bool, subproperty: str | None, got: str) -> str:
    """Category of answer got for a task (mirrors benchexec.result.get_result_category)."""
    if got in ("error", "timeout"):
        return got
    if got == "true":
        answer = True
    elif got.startswith("false"):
        answer = False
    else:
        return "unknown"
    if subproperty and not answer and got != f"false({subproperty})":
        return "unknown"  # a violation of another subproperty answers a different question
    if answer == expected:
        return "correct-true" if answer else "correct-false"
    return "wrong-true" if answer else "wrong-false"


def points(category: str) -> int:
    return POINTS.get(category, 0)


def summarize(rows: list[Row]) -> dict[str, int]:
    counts = {c: 0 for c in ("correct-true", "correct-false", "wrong-true", "wrong-false",
                             "unknown", "error", "timeout")}
    for row in rows:
        counts[row.category] += 1
    counts["score"] = sum(row.points for row in rows)
    return counts


def divm_command(task: Task, timeout: float, witness_dir: Path) -> list[str]:
    args = ["svcomp", "--prop", str(task.prop_file)]
    if task.data_model:
        args += ["--data-model", str(task.data_model)]
    return args + ["--max-time", f"{timeout:g}", "--witness-dir", str(witness_dir), str(task.yml)]


def run_task(task: Task, divm: list[str], timeout: float, grace: float = GRACE) -> Row:
    with tempfile.TemporaryDirectory(prefix="divm-svcomp-") as tmp:
        cmd = divm + divm_command(task, timeout, Path(tmp))
        start = time.monotonic()
        with _live_lock:
            if _stopping:
                raise KeyboardInterrupt
            # own process group: on timeout the compiler and workers go too
            proc = subprocess.Popen(cmd, cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                    stdin=subprocess.DEVNULL, text=True, errors="replace", start_new_session=True)
            _live.add(proc)
        try:
            stdout, stderr = proc.communicate(timeout=timeout + grace)
            timed_out = False
        except subprocess.TimeoutExpired:
            _kill(proc)
            stdout, stderr = proc.communicate()
            timed_out = True
        finally:
            with _live_lock:
                _live.discard(proc)
        seconds = time.monotonic() - start
    detail = ""
    if timed_out:
        got = "timeout"
    else:
        verdict = parse_verdict(stdout) if proc.returncode == 0 else None
        got = verdict or "error"
        if not verdict:
            last = [line for line in stderr.splitlines() if line.strip()][-1:]
            detail = f"exit {proc.returncode}" + (f": {last[0].strip()}" if last else "")
    category = categorize(task.expected, task.subproperty, got)
    return Row(task.name, task.prop, task.expected_str, got, round(seconds, 2), category, points(category), detail)


def _kill(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def stop_all() -> None:
    """Kill the runs under way; start no more."""
    global _stopping
    with _live_lock:
        _stopping = True
        for proc in _live:
            _kill(proc)


def format_table(rows: list[Row]) -> str:
    header = ("task", "property", "expected", "got", "seconds", "points")
    cells = [header] + [(r.task, r.property, r.expected, r.got, f"{r.seconds:.2f}", f"{r.points:+d}") for r in rows]
    widths = [max(len(c[i]) for c in cells) for i in range(len(header))]
    lines = []
    for c in cells:
        # text columns left-aligned, numbers right-aligned
        lines.append("  ".join(c[i].ljust(widths[i]) if i < 4 else c[i].rjust(widths[i])
                               for i in range(len(header))).rstrip())
    return "\n".join(lines)


def format_summary(counts: dict[str, int]) -> str:
    return (f"correct: {counts['correct-true']} true, {counts['correct-false']} false\n"
            f"wrong:   {counts['wrong-true']} true, {counts['wrong-false']} false\n"
            f"unknown: {counts['unknown']}, error: {counts['error']}, timeout: {counts['timeout']}\n"
            f"score:   {counts['score']}")


def default_divm() -> list[str]:
    exe = shutil.which("divm")
    return [exe] if exe else [sys.executable, "-m", "divm"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir", type=Path, help="directory searched for *.yml task definitions")
    ap.add_argument("--prop", metavar="NAME", help="only this property (file name stem, e.g. unreach-call)")
    ap.add_argument("--timeout", type=float, default=60.0, metavar="S", help="seconds per run (default 60)")
    ap.add_argument("--jobs", type=int, default=1, metavar="N", help="runs in parallel (default 1)")
    ap.add_argument("--json", type=Path, metavar="FILE", help="also write the rows as JSON")
    ap.add_argument("--divm", metavar="CMD", help="divm command, split like a shell command line "
                    "(default: divm on PATH, else python3 -m divm)")
    args = ap.parse_args(argv)
    if not args.dir.is_dir():
        ap.error(f"not a directory: {args.dir}")
    if args.jobs < 1 or args.timeout <= 0:
        ap.error("--jobs and --timeout must be positive")
    divm = shlex.split(args.divm) if args.divm else default_divm()
    if not divm or not shutil.which(divm[0]):
        ap.error(f"cannot run divm command: {args.divm or 'divm'}")

    tasks, skipped = discover(args.dir, args.prop)
    for reason in skipped[:SHOW_SKIPPED]:
        print(f"skipped {reason}", file=sys.stderr)
    if len(skipped) > SHOW_SKIPPED:
        print(f"skipped {len(skipped) - SHOW_SKIPPED} more", file=sys.stderr)
    rows: list[Row] = []
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs)
    try:
        futures = [pool.submit(run_task, t, divm, args.timeout, GRACE) for t in tasks]
        for i, future in enumerate(concurrent.futures.as_completed(futures), 1):
            row = future.result()
            rows.append(row)
            print(f"[{i}/{len(tasks)}] {row.task} {row.property}: {row.got}", file=sys.stderr)
    except KeyboardInterrupt:
        stop_all()
        pool.shutdown(cancel_futures=True)
        print("interrupted", file=sys.stderr)
        return 130
    pool.shutdown()
    rows.sort(key=lambda r: (r.task, r.property))

    print(format_table(rows))
    errors = [r for r in rows if r.detail]
    if errors:
        print("\nerrors:")
        for r in errors:
            print(f"  {r.task} {r.property}: {r.detail}")
    counts = summarize(rows)
    print()
    print(format_summary(counts))
    if args.json:
        args.json.write_text(json.dumps({"rows": [asdict(r) for r in rows], "summary": counts}, indent=2) + "\n")
    return 1 if counts["wrong-true"] or counts["wrong-false"] else 0


if __name__ == "__main__":
    sys.exit(main())
