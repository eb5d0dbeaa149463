"""divm svcomp on small tasks whose verdicts are argued in their comments
(tests/svcomp/*: `// svcomp: PROPERTY VERDICT [task=FILE.yml] [target=LINE] [time=SECONDS]`),
with their witnesses checked against the published schemas."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
import yaml

from divm.cli import svcomp
from divm.cli.parser import UsageError

HERE = os.path.join(os.path.dirname(__file__), "svcomp")
PROPS = os.path.join(HERE, "properties")
_ANN = re.compile(r"//\s*svcomp:\s*(\S+)\s+(\S+)((?:\s+\w+=\S+)*)")


def cases():
    out = []
    for name in sorted(os.listdir(HERE)):
        if not name.endswith((".c", ".i")):
            continue
        with open(os.path.join(HERE, name)) as f:
            for line in f:
                m = _ANN.search(line)
                if m:
                    extra = dict(kv.split("=", 1) for kv in m.group(3).split())
                    out.append(pytest.param(name, m.group(1), m.group(2), extra, id=f"{name}:{m.group(1)}"))
    return out


def run_svcomp(argv: list[str], cwd: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "divm", "svcomp", *argv], cwd=cwd, capture_output=True,
                          text=True, timeout=600)


@pytest.mark.parametrize("name,prop,expected,extra", cases())
def test_verdict_and_witness(tmp_path, name, prop, expected, extra):
    from divm.cli.witness import validate_graphml, validate_yaml
    if "task" in extra:
        argv = [os.path.join(HERE, extra["task"])]
    else:
        argv = ["--prop", os.path.join(PROPS, prop + ".prp"), os.path.join(HERE, name)]
    if "time" in extra:  # a search that cannot end (the verdict must come before the limit)
        argv += ["--max-time", extra["time"]]
    r = run_svcomp(argv + ["--witness-dir", str(tmp_path)], str(tmp_path))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert lines and lines[-1] == expected, r.stdout + r.stderr
    yml, graphml = tmp_path / "witness.yml", tmp_path / "witness.graphml"
    if expected == "unknown":
        assert not yml.exists() and not graphml.exists()
        return
    if prop == "termination" and expected.startswith("false"):  # a lasso: GraphML only, with its cycle head
        text = graphml.read_text()
        validate_graphml(text)
        assert not yml.exists() and '<data key="cyclehead">true</data>' in text
        return
    text = yml.read_text()
    validate_yaml(text)
    entry = yaml.safe_load(text)[0]
    if expected == "true":
        assert entry["entry_type"] == "invariant_set"
        return
    assert entry["entry_type"] == "violation_sequence"
    validate_graphml(graphml.read_text())
    last = entry["content"][-1]["segment"]
    target = [w["waypoint"] for w in last if w["waypoint"]["type"] == "target"]
    assert len(target) == 1
    if "target" in extra:
        assert target[0]["location"]["line"] == int(extra["target"])


def test_witness_values_reach_the_error(tmp_path):
    """The function_return waypoints carry the values that lead to the error."""
    prog = os.path.join(HERE, "reach_nondet.c")
    r = run_svcomp(["--prop", os.path.join(PROPS, "unreach-call.prp"), "--witness-dir", str(tmp_path), prog],
                   str(tmp_path))
    assert r.stdout.strip().splitlines()[-1] == "false(unreach-call)"
    entry = yaml.safe_load((tmp_path / "witness.yml").read_text())[0]
    returns = [w["waypoint"] for seg in entry["content"] for w in seg["segment"]
               if w["waypoint"]["type"] == "function_return"]
    assert [(w["location"]["line"], w["constraint"]["value"]) for w in returns] == \
        [(7, "\\result == -7"), (8, "\\result == 4000000000U")]
    graphml = (tmp_path / "witness.graphml").read_text()
    assert "\\result == -7;" in graphml and "\\result == 4000000000U;" in graphml


def test_bad_property_file_is_a_usage_error(tmp_path):
    bad = tmp_path / "bad.prp"
    bad.write_text("CHECK( init(main()), LTL(G sometimes) )\n")
    r = run_svcomp(["--prop", str(bad), os.path.join(HERE, "reach_nondet.c")], str(tmp_path))
    assert r.returncode == 2 and "bad.prp:1: property LTL(G sometimes)" in r.stderr
    assert "Traceback" not in r.stderr
    bad.write_text("CHECK( init(start()), LTL(G ! call(reach_error())) )\n")
    r = run_svcomp(["--prop", str(bad), os.path.join(HERE, "reach_nondet.c")], str(tmp_path))
    assert r.returncode == 2 and "entry function start" in r.stderr


def test_property_files():
    p = svcomp.parse_prp(os.path.join(PROPS, "valid-memsafety.prp"))
    assert p.name == "valid-memsafety"
    assert p.subproperties == ["valid-free", "valid-deref", "valid-memtrack"]
    assert svcomp.parse_prp(os.path.join(PROPS, "termination.prp")).name == "termination"


@pytest.mark.parametrize("name,expected", [("global_still_allocated.c", "false(valid-memcleanup)"),
                                           ("mem_memtrack.c", "false(valid-memtrack)"), ("cleanup_true.c", "true")])
def test_memsafety_with_memcleanup_as_fourth_line(tmp_path, name, expected):
    """A valid-memsafety file that lists valid-memcleanup too (one version of
    sv-benchmarks' has it): both leak checks, the violated line in the witness."""
    f = tmp_path / "ms.prp"
    f.write_text(open(os.path.join(PROPS, "valid-memsafety.prp")).read().rstrip("\n")
                 + "\nCHECK( init(main()), LTL(G valid-memcleanup) )\n")
    assert svcomp.parse_prp(str(f)).subproperties[-1] == "valid-memcleanup"
    r = run_svcomp(["--prop", str(f), "--witness-dir", str(tmp_path), os.path.join(HERE, name)], str(tmp_path))
    assert r.returncode == 0 and r.stdout.strip().splitlines()[-1] == expected, r.stdout + r.stderr
    if expected == "false(valid-memcleanup)":
        assert "LTL(G valid-memcleanup)" in (tmp_path / "witness.yml").read_text()
        assert "LTL(G valid-free)" not in (tmp_path / "witness.yml").read_text()


def test_mixed_property_file_is_refused(tmp_path):
    f = tmp_path / "two.prp"
    f.write_text("CHECK( init(main()), LTL(G ! overflow) )\nCHECK( init(main()), LTL(F end) )\n")
    with pytest.raises(UsageError, match="expected one property"):
        svcomp.parse_prp(str(f))


def test_task_file(tmp_path):
    (tmp_path / "t.yml").write_text("format_version: '2.0'\ninput_files: 'a.c'\nproperties:\n"
                                    "  - property_file: ../p.prp\n    expected_verdict: true\n"
                                    "options:\n  language: C\n  data_model: ILP32\n")
    t = svcomp.read_task(str(tmp_path / "t.yml"))
    assert (t.program, t.prop_file, t.data_model) == (str(tmp_path / "a.c"), str(tmp_path / "../p.prp"), "ILP32")
    (tmp_path / "j.yml").write_text("format_version: '2.0'\ninput_files: 'a.java'\noptions:\n  language: Java\n")
    with pytest.raises(UsageError, match="divm checks C"):
        svcomp.read_task(str(tmp_path / "j.yml"))


@pytest.mark.parametrize("function,value,bits,text", [
    ("__VERIFIER_nondet_int", 0xFFFFFFF9, 32, "-7"),
    ("__VERIFIER_nondet_uint", 4000000000, 32, "4000000000U"),
    ("__VERIFIER_nondet_long", (1 << 64) - 1, 64, "-1LL"),
    ("__VERIFIER_nondet_ulong", (1 << 64) - 1, 64, "18446744073709551615ULL"),
    ("__VERIFIER_nondet_longlong", 1 << 63, 64, "(-9223372036854775807LL - 1)"),
    ("__VERIFIER_nondet_bool", 1, 1, "1U"),
    ("__VERIFIER_nondet_char", 0xFF, 8, "-1"),
    ("__VERIFIER_nondet_double", 1.5, 64, "0x1.8000000000000p+0"),
    ("__VERIFIER_nondet_float", 0.5, 32, "0x1.0000000000000p-1f"),
    ("__VERIFIER_nondet_double", float("nan"), 64, None),
])
def test_c_literals(function, value, bits, text):
    assert svcomp.c_literal(function, value, bits) == text


def test_a_proof_outweighs_the_call_depth_limit():
    """A proof assumes an unbounded stack, as SV-COMP does: a search whose
    only cut paths reached divm's call depth limit answers `true` with a
    proof, `unknown` without one or when the cut was another error."""
    prop = svcomp.parse_prp(os.path.join(PROPS, "termination.prp"))
    depth = {"kind": "memory", "message": "stack overflow (call depth limit reached)"}
    report = {"result": "valid", "cut_errors": {"count": 3, "first": depth}, "proof": {"status": "proved"}}
    assert svcomp.verdict_of(prop, report) == "true"
    assert svcomp.verdict_of(prop, {**report, "proof": {"status": "unknown"}}) == "unknown"
    other = {"count": 1, "first": {"kind": "integer", "message": "division by zero"}}
    assert svcomp.verdict_of(prop, {**report, "cut_errors": other}) == "unknown"
    assert svcomp.verdict_of(prop, {**report, "cut_other_errors": True}) == "unknown"
    # (termination counts with unbounded integers: a wrap cut is no error of the program, a proof outweighs it)
    wrap = {"count": 2, "first": {"kind": "integer", "message": "signed overflow: 4 * 1073741824 (i32)"}}
    assert svcomp.verdict_of(prop, {**report, "cut_errors": wrap}) == "true"
    unreach = svcomp.parse_prp(os.path.join(PROPS, "unreach-call.prp"))
    assert svcomp.verdict_of(unreach, {**report, "cut_errors": wrap}) == "unknown"


def test_endless_loop_witness_assumes_the_loops_inputs(tmp_path):
    """A loop only its inputs keep going: the lasso's loop edges assume the
    value each call returns every round."""
    prog = os.path.join(HERE, "term_nondet_loop_false.c")
    r = run_svcomp(["--prop", os.path.join(PROPS, "termination.prp"), "--witness-dir", str(tmp_path), prog],
                   str(tmp_path))
    assert r.stdout.strip().splitlines()[-1] == "false(termination)", r.stdout + r.stderr
    graphml = (tmp_path / "witness.graphml").read_text()
    assumed = re.findall(r'<data key="startline">(\d+)</data>\s*<data key="assumption">\\result == (-?\d+);',
                         graphml)
    assert ("10", ) == tuple(line for line, _ in assumed if line == "10") and \
        all(v != "0" for line, v in assumed if line == "10"), graphml
