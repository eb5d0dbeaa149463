"""Error detection: every tests/errors/*.c contains exactly one error of
SPEC section 3 (or none, for the negative controls), declared by its
`// expect: KIND` header, with the offending line marked `// ERROR`.

For `divm run --report R.json prog.c` the test checks:
  * the exit status: 1 for an error; the `// exit:` value (default 0) for
    `expect: none`;
  * stderr: a line starting with "error:" that names the kind, and the
    backtrace frame `(prog.c:LINE)` of the marked line;
  * the report: result "error", error.kind == KIND, and backtrace[0] is in
    prog.c at the marked line. With `// errorframe: lib` the fault may be
    raised inside a callee (libc-shim's free/memcpy/strcpy/abort/assert
    machinery, or reach_error itself), so the first frame that is in prog.c
    and not in reach_error/__VERIFIER_error must be at the marked line;
  * for `expect: none`: result "valid", no error, and no "error:" line.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import (
    copy_source, divm_run_args, error_files, ids, load_report, parse_meta, run_divm, tail,
)

ERRORS = error_files()
KINDS = {"memory", "undefined", "integer", "float", "control", "assert", "none"}
# Functions that raise the error themselves when called: the frame that
# matters is their caller's.
REPORTING_FUNCTIONS = {"reach_error", "__VERIFIER_error"}


def _frame_str(f) -> str:
    return f"{f.get('function')} ({f.get('file')}:{f.get('line')})"


def _same_file(frame_file, name: str) -> bool:
    return isinstance(frame_file, str) and (frame_file == name or frame_file.endswith("/" + name))


def _blamed_frame(backtrace, meta):
    """The frame that must point at the `// ERROR` line."""
    if meta.errorframe != "lib":
        return backtrace[0] if backtrace else None
    for f in backtrace:
        if _same_file(f.get("file"), meta.name) and f.get("function") not in REPORTING_FUNCTIONS:
            return f
    return None


@pytest.mark.parametrize("prog", ERRORS, ids=ids(ERRORS))
def test_error(prog, tmp_path):
    meta = parse_meta(prog)
    assert meta.expect in KINDS, f"{prog.name}: bad or missing `// expect:` header"
    src = copy_source(prog, tmp_path)
    report_path = tmp_path / "report.json"
    r = run_divm(divm_run_args(src, meta, report=report_path), cwd=tmp_path)
    err = r.stderr.decode("utf-8", "replace")
    context = f"\n--- divm stdout ---\n{tail(r.stdout)}\n--- divm stderr ---\n{tail(r.stderr)}"
    error_lines = [ln for ln in err.splitlines() if ln.startswith("error:")]

    if meta.expect == "none":
        assert r.returncode == meta.exit, (
            f"{prog.name}: expected no error and exit status {meta.exit}, got {r.returncode}{context}")
        assert not error_lines, f"{prog.name}: false alarm: {error_lines[0]}{context}"
        report = load_report(report_path)
        assert report.get("result") == "valid", f"{prog.name}: report result {report.get('result')!r}, want 'valid'"
        assert not report.get("error"), f"{prog.name}: report has an error: {report.get('error')}"
        return

    assert len(meta.error_lines) == 1, f"{prog.name}: needs exactly one `// ERROR` marker"
    line = meta.error_lines[0]
    kind = meta.expect

    assert r.returncode == 1, (
        f"{prog.name}: expected exit status 1 (error: {kind} at line {line}), got {r.returncode}{context}")
    assert error_lines, f"{prog.name}: no stderr line starts with 'error:'{context}"
    assert any(re.search(rf"\b{kind}\b", ln, re.IGNORECASE) for ln in error_lines), (
        f"{prog.name}: the error line does not name the kind {kind!r}: {error_lines[0]}{context}")
    assert re.search(rf"{re.escape(meta.name)}:{line}\)", err), (
        f"{prog.name}: stderr has no backtrace frame `({meta.name}:{line})`{context}")

    report = load_report(report_path)
    assert report.get("result") == "error", f"{prog.name}: report result {report.get('result')!r}, want 'error'"
    error = report.get("error") or {}
    assert error.get("kind") == kind, f"{prog.name}: report kind {error.get('kind')!r}, want {kind!r}"
    backtrace = error.get("backtrace") or []
    assert backtrace, f"{prog.name}: report has an empty backtrace"
    for f in backtrace:
        assert {"function", "file", "line"} <= set(f), f"{prog.name}: malformed frame {f}"
    frame = _blamed_frame(backtrace, meta)
    shown = "\n  ".join(map(_frame_str, backtrace))
    assert frame is not None, f"{prog.name}: no frame in {meta.name}; backtrace:\n  {shown}"
    assert _same_file(frame.get("file"), meta.name), (
        f"{prog.name}: innermost frame is not in {meta.name}; backtrace:\n  {shown}")
    assert frame.get("line") == line, (
        f"{prog.name}: frame {_frame_str(frame)} should be at line {line}; backtrace:\n  {shown}")


def test_float_fault_can_be_ignored(tmp_path):
    """`-o ignore:float`: the division by zero is not an error and the run
    continues with the IEEE result, like a native run."""
    prog = next(p for p in ERRORS if p.name == "float_div_zero.c")
    meta = parse_meta(prog)
    src = copy_source(prog, tmp_path)
    r = run_divm(divm_run_args(src, meta, options=["-o", "ignore:float"]), cwd=tmp_path)
    assert r.returncode == 0, f"exit status {r.returncode}\n{tail(r.stderr)}"
    assert r.stdout == b"0.25\ninf\n"


def test_corpus_annotations():
    """Every error program declares a known kind and marks exactly one line."""
    assert len(ERRORS) >= 25
    for prog in ERRORS:
        meta = parse_meta(prog)
        assert meta.expect in KINDS, f"{prog.name}: expect {meta.expect!r}"
        if meta.expect == "none":
            assert not meta.error_lines, f"{prog.name}: a negative control has an ERROR marker"
        else:
            assert len(meta.error_lines) == 1, f"{prog.name}: {len(meta.error_lines)} ERROR markers"
        assert meta.errorframe in (None, "lib"), f"{prog.name}: errorframe {meta.errorframe!r}"
