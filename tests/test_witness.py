"""SV-COMP witnesses (divm/cli/witness.py): the YAML 2.0 and GraphML 1.0
violation witnesses and the YAML 2.0 correctness witness for a small C
program, checked against the schema copies, field by field, and the
validators' rejection of broken witnesses."""

import hashlib
import os
import uuid
import xml.etree.ElementTree as ET
from datetime import datetime
from importlib import resources

import pytest
import yaml

from divm.cli.witness import (
    GRAPHML_NS,
    WitnessTask,
    correctness_yaml,
    validate_graphml,
    validate_yaml,
    violation_graphml,
    violation_yaml,
    write_witnesses,
)

PROGRAM = """\
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "prog.c", 2, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned u = __VERIFIER_nondet_uint ( );
  int y = __VERIFIER_nondet_int() + __VERIFIER_nondet_int();
  for (int i = 0; i < 10; i++) {
    x++;
  }
  while (u > 0) { u--; }
  if (x == 15 && y == -3) {
    reach_error();
  }
  return 0;
}
"""
SPEC = "CHECK( init(main()), LTL(G ! call(reach_error())) )\n"
LINES = PROGRAM.split("\n")
G = f"{{{GRAPHML_NS}}}"


@pytest.fixture
def task(tmp_path, monkeypatch):
    # the program named relative to the working directory, as on a command line
    monkeypatch.chdir(tmp_path)
    (tmp_path / "prog.c").write_text(PROGRAM)
    return WitnessTask(program="prog.c", specification=SPEC, data_model="ILP32", version="0.1.0")


def nondet(line, value, column=None, function="__VERIFIER_nondet_int", thread=0):
    wp = {"kind": "function_return", "file": "prog.c", "line": line, "function": function,
          "value": value, "thread": thread}
    if column is not None:
        wp["column"] = column
    return wp


# x, u, then the two calls on line 8 (columns of their starts), in execution order
WAYPOINTS = [nondet(6, "5", column=11), nondet(7, "4294967295U", function="__VERIFIER_nondet_uint"),
             nondet(8, "-1", column=11), nondet(8, "-2", column=37, thread=1)]
TARGET = {"file": "prog.c", "line": 14, "column": 5, "function": "main"}
SHA = hashlib.sha256(PROGRAM.encode()).hexdigest()


def col_of(line, text, nth=0):
    """1-based column of the nth occurrence of text on line."""
    pos = -1
    for _ in range(nth + 1):
        pos = LINES[line - 1].index(text, pos + 1)
    return pos + 1


def waypoints_of(doc):
    return [[w["waypoint"] for w in seg["segment"]] for seg in doc[0]["content"]]


# ---------------------------------------------------------------- YAML violation witness


def test_violation_yaml_matches_schema_and_task(task):
    text = violation_yaml(task, WAYPOINTS, TARGET)
    validate_yaml(text)
    doc = yaml.safe_load(text)
    assert len(doc) == 1 and doc[0]["entry_type"] == "violation_sequence"
    meta = doc[0]["metadata"]
    assert meta["format_version"] == "2.0"
    uuid.UUID(meta["uuid"])
    assert datetime.fromisoformat(meta["creation_time"]).tzinfo is not None
    assert meta["producer"] == {"name": "divm", "version": "0.1.0"}
    assert meta["task"] == {"input_files": ["prog.c"], "input_file_hashes": {"prog.c": SHA},
                            "specification": SPEC.strip(), "data_model": "ILP32", "language": "C"}


def test_violation_yaml_waypoints_in_order_at_closing_parentheses(task):
    segs = waypoints_of(yaml.safe_load(violation_yaml(task, WAYPOINTS, TARGET)))
    assert len(segs) == len(WAYPOINTS) + 1
    for seg in segs:  # one follow waypoint per segment, at its end
        assert [w["action"] for w in seg] == ["follow"]
    returns = [seg[0] for seg in segs[:-1]]
    assert [w["type"] for w in returns] == ["function_return"] * 4
    assert [w["constraint"]["value"] for w in returns] == [
        "\\result == 5", "\\result == 4294967295U", "\\result == -1", "\\result == -2"]
    assert {w["constraint"]["format"] for w in returns} == {"acsl_expression"}
    # format 2.0 places a function_return at the ')' closing the call's arguments
    expected = [(6, col_of(6, ")")), (7, col_of(7, ")")), (8, col_of(8, ")")), (8, col_of(8, ")", nth=1))]
    assert [(w["location"]["line"], w["location"]["column"]) for w in returns] == expected
    for w in returns:
        loc = w["location"]
        assert LINES[loc["line"] - 1][loc["column"] - 1] == ")"
        assert loc["file_name"] == "prog.c"
        assert "function" not in loc  # the callee is not the function containing the call
    target = segs[-1][0]
    assert target == {"type": "target", "action": "follow",
                      "location": {"file_name": "prog.c", "line": 14, "column": 5, "function": "main"}}
    assert LINES[13][4:].startswith("reach_error();")


def test_function_return_column_only_when_the_call_is_certain(task):
    # line 8 has two calls: without a column the waypoint cannot say which one
    segs = waypoints_of(yaml.safe_load(violation_yaml(task, [nondet(8, "1"), nondet(6, "2")], TARGET)))
    assert segs[0][0]["location"] == {"file_name": "prog.c", "line": 8}
    assert segs[1][0]["location"] == {"file_name": "prog.c", "line": 6, "column": col_of(6, ")")}
    # a scope names the function containing the call
    wp = dict(nondet(6, "2"), scope="main")
    segs = waypoints_of(yaml.safe_load(violation_yaml(task, [wp], TARGET)))
    assert segs[0][0]["location"]["function"] == "main"


def test_violation_yaml_without_nondet_values(task):
    doc = yaml.safe_load(violation_yaml(task, [], {"file": "./prog.c", "line": 14}))
    assert waypoints_of(doc) == [[{"type": "target", "action": "follow",
                                   "location": {"file_name": "prog.c", "line": 14}}]]


def test_waypoints_outside_the_program_are_dropped_a_foreign_target_refused(task):
    header = dict(nondet(3, "7"), file="/usr/include/other.h")
    segs = waypoints_of(yaml.safe_load(violation_yaml(task, [header, nondet(6, "5")], TARGET)))
    assert [seg[0]["location"]["line"] for seg in segs] == [6, 14]
    with pytest.raises(ValueError):
        violation_yaml(task, [], dict(TARGET, file="other.c"))


@pytest.mark.parametrize("bad", [{"line": 0}, {"line": 99}, {"value": "1; x = 2"}, {"value": ""},
                                 {"kind": "branching"}, {"column": -1}])
def test_bad_waypoints_are_refused(task, bad):
    with pytest.raises(ValueError):
        violation_yaml(task, [dict(nondet(6, "5"), **bad)], TARGET)


def test_bad_task_is_refused(task):
    with pytest.raises(ValueError):
        violation_yaml(WitnessTask("prog.c", SPEC, "LP32", "0.1.0"), [], TARGET)
    with pytest.raises(OSError):
        violation_yaml(WitnessTask("missing.c", SPEC, "LP64", "0.1.0"), [], TARGET)


def test_multiline_specification_round_trips(task):
    spec = "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\n"
    text = violation_yaml(WitnessTask("prog.c", spec, "LP64", "0.1.0"), [], TARGET)
    validate_yaml(text)
    meta = yaml.safe_load(text)[0]["metadata"]["task"]
    assert meta["specification"] == spec.strip() and meta["data_model"] == "LP64"


# ---------------------------------------------------------------- validate_yaml rejects


def broken(task, change):
    doc = yaml.safe_load(violation_yaml(task, WAYPOINTS, TARGET))
    change(doc)
    return yaml.safe_dump(doc, sort_keys=False)


def two_follows(doc):
    seg = doc[0]["content"][0]["segment"]
    seg.append(seg[0])


def avoid_last(doc):
    seg = doc[0]["content"][1]["segment"]
    seg.append({"waypoint": dict(seg[0]["waypoint"], action="avoid")})


def target_first(doc):
    doc[0]["content"].reverse()


def set_in(path, value):
    def change(doc):
        obj = doc
        for p in path[:-1]:
            obj = obj[p]
        if value is KeyError:
            del obj[path[-1]]
        else:
            obj[path[-1]] = value
    return change


SEG0 = [0, "content", 0, "segment", 0, "waypoint"]
BROKEN = {
    "two follow waypoints in a segment": two_follows,
    "an avoid waypoint after the follow": avoid_last,
    "target not last": target_first,
    "no metadata": set_in([0, "metadata"], KeyError),
    "no producer": set_in([0, "metadata", "producer"], KeyError),
    "no task hash": set_in([0, "metadata", "task", "input_file_hashes"], {}),
    "format version 0.1": set_in([0, "metadata", "format_version"], "0.1"),
    "format version as a number": set_in([0, "metadata", "format_version"], 2.0),
    "creation time without a zone": set_in([0, "metadata", "creation_time"], "2024-01-01T12:00:00"),
    "bad uuid": set_in([0, "metadata", "uuid"], "not-a-uuid"),
    "data model 32bit": set_in([0, "metadata", "task", "data_model"], "32bit"),
    "no content": set_in([0, "content"], []),
    "empty segment": set_in([0, "content", 0, "segment"], []),
    "unknown action": set_in([*SEG0, "action"], "jump"),
    "line 0": set_in([*SEG0, "location", "line"], 0),
    "column 0": set_in([*SEG0, "location", "column"], 0),
    "no location file": set_in([*SEG0, "location", "file_name"], KeyError),
    "another file": set_in([*SEG0, "location", "file_name"], "other.c"),
    "function_return without constraint": set_in([*SEG0, "constraint"], KeyError),
    "function_return as c_expression": set_in([*SEG0, "constraint", "format"], "c_expression"),
    "function_return not about \\result": set_in([*SEG0, "constraint", "value"], "x == 5"),
    "target with a constraint": set_in([0, "content", -1, "segment", 0, "waypoint", "constraint"],
                                       {"value": "1", "format": "c_expression"}),
    "target avoided": set_in([0, "content", -1, "segment", 0, "waypoint", "action"], "avoid"),
    "wrong entry type": set_in([0, "entry_type"], "loop_invariant"),
}


@pytest.mark.parametrize("change", BROKEN.values(), ids=BROKEN.keys())
def test_validate_yaml_rejects(task, change):
    with pytest.raises(ValueError):
        validate_yaml(broken(task, change))


def test_validate_yaml_accepts_format_2_0_shapes_divm_does_not_write(task):
    # avoid waypoints before the follow one, assumption/branching/function_enter waypoints,
    # a target without column, the specification as a bare LTL formula (as CPAchecker writes it)
    def change(doc):
        doc[0]["metadata"]["task"]["specification"] = "G ! call(reach_error())"
        doc[0]["metadata"]["producer"]["configuration"] = "default"
        loc = {"file_name": "prog.c", "line": 13, "column": 3, "function": "main"}
        doc[0]["content"][:0] = [
            {"segment": [{"waypoint": {"type": "assumption", "action": "avoid", "location": loc,
                                       "constraint": {"value": "x == 0", "format": "c_expression"}}},
                         {"waypoint": {"type": "branching", "action": "follow", "location": loc,
                                       "constraint": {"value": "true"}}}]},
            {"segment": [{"waypoint": {"type": "function_enter", "action": "follow",
                                       "location": {"file_name": "prog.c", "line": 14}}}]}]
        del doc[0]["content"][-1]["segment"][0]["waypoint"]["location"]["column"]
    validate_yaml(broken(task, change))


@pytest.mark.parametrize("text", ["", "[]", "{}", "- 1", "a: [", "- entry_type: violation_sequence"])
def test_validate_yaml_rejects_non_witnesses(text):
    with pytest.raises(ValueError):
        validate_yaml(text)


def test_validate_yaml_says_where(task):
    with pytest.raises(ValueError, match=r"segment 0 has 2 follow waypoints"):
        validate_yaml(broken(task, two_follows))
    with pytest.raises(ValueError, match=r"\$\[0\]\.content\[0\]\.segment\[0\]\.waypoint\.action"):
        validate_yaml(broken(task, set_in([*SEG0, "action"], "jump")))


# ---------------------------------------------------------------- GraphML violation witness


def parse_graphml(text):
    root = ET.fromstring(text)
    graph = root.find(G + "graph")
    data = {d.get("key"): d.text for d in graph.findall(G + "data")}
    nodes = {n.get("id"): {d.get("key"): d.text for d in n.findall(G + "data")} for n in graph.findall(G + "node")}
    edges = [(e.get("source"), e.get("target"), {d.get("key"): d.text for d in e.findall(G + "data")})
             for e in graph.findall(G + "edge")]
    return root, data, nodes, edges


def test_violation_graphml(task):
    text = violation_graphml(task, WAYPOINTS, TARGET)
    validate_graphml(text)
    root, data, nodes, edges = parse_graphml(text)
    assert data["witness-type"] == "violation_witness"
    assert data["sourcecodelang"] == "C"
    assert data["producer"] == "divm 0.1.0"
    assert data["specification"] == SPEC.strip()
    assert data["programfile"] == "prog.c"
    assert data["programhash"] == SHA
    assert data["architecture"] == "32bit"
    assert datetime.fromisoformat(data["creationtime"]).tzinfo is not None
    keys = {k.get("id"): k.get("for") for k in root.findall(G + "key")}
    assert {"witness-type": "graph", "entry": "node", "violation": "node", "assumption": "edge",
            "assumption.resultfunction": "edge", "threadId": "edge", "startline": "edge"}.items() <= keys.items()
    assert [n for n, d in nodes.items() if d.get("entry") == "true"] == ["N0"]
    violation = [n for n, d in nodes.items() if d.get("violation") == "true"]
    assert len(violation) == 1
    # a chain from the entry node to the violation node, one edge per value, then the target
    chain = ["N0"]
    for src, dst, _ in edges:
        assert src == chain[-1]
        chain.append(dst)
    assert chain[-1] == violation[0] and len(set(chain)) == len(chain) == len(WAYPOINTS) + 2
    steps = [(e["startline"], e["assumption"], e["assumption.resultfunction"], e["threadId"]) for _, _, e in edges[:-1]]
    assert steps == [
        ("6", "\\result == 5;", "__VERIFIER_nondet_int", "0"),
        ("7", "\\result == 4294967295U;", "__VERIFIER_nondet_uint", "0"),
        ("8", "\\result == -1;", "__VERIFIER_nondet_int", "0"),
        ("8", "\\result == -2;", "__VERIFIER_nondet_int", "1")]
    assert edges[-1][2] == {"startline": "14"}


def test_violation_graphml_64bit(task):
    text = violation_graphml(WitnessTask("prog.c", SPEC, "LP64", "0.1.0"), [], TARGET)
    validate_graphml(text)
    assert parse_graphml(text)[1]["architecture"] == "64bit"


def graphml_broken(task, change):
    root = ET.fromstring(violation_graphml(task, WAYPOINTS, TARGET))
    change(root, root.find(G + "graph"))
    return ET.tostring(root, encoding="unicode")


def drop_graph_data(key):
    def change(root, graph):
        graph.remove(next(d for d in graph.findall(G + "data") if d.get("key") == key))
    return change


def set_graph_data(key, value):
    def change(root, graph):
        next(d for d in graph.findall(G + "data") if d.get("key") == key).text = value
    return change


def second_entry(root, graph):
    ET.SubElement(graph.find(G + "node[@id='N1']"), G + "data", {"key": "entry"}).text = "true"


def undeclared_key(root, graph):
    ET.SubElement(graph.find(G + "edge"), G + "data", {"key": "colour"}).text = "red"


def result_without_function(root, graph):
    edge = graph.find(G + "edge")
    edge.remove(next(d for d in edge.findall(G + "data") if d.get("key") == "assumption.resultfunction"))


def dangling_edge(root, graph):
    graph.find(G + "edge").set("target", "N99")


def no_violation(root, graph):
    for node in graph.findall(G + "node"):
        for d in node.findall(G + "data"):
            if d.get("key") == "violation":
                node.remove(d)


def invariant_in_violation_witness(root, graph):
    ET.SubElement(root, G + "key", {"id": "invariant", "for": "node", "attr.name": "invariant",
                                    "attr.type": "string"})
    root.remove(graph)
    root.append(graph)
    ET.SubElement(graph.find(G + "node"), G + "data", {"key": "invariant"}).text = "x > 0"


def bad_startline(root, graph):
    next(d for d in graph.find(G + "edge").findall(G + "data") if d.get("key") == "startline").text = "zero"


GRAPHML_BROKEN = {
    "no programhash": drop_graph_data("programhash"),
    "no specification": drop_graph_data("specification"),
    "no witness-type": drop_graph_data("witness-type"),
    "short programhash": set_graph_data("programhash", "abc"),
    "architecture ILP32": set_graph_data("architecture", "ILP32"),
    "local creation time": set_graph_data("creationtime", "2024-01-01T12:00:00"),
    "unknown witness type": set_graph_data("witness-type", "witness"),
    "two entry nodes": second_entry,
    "undeclared key": undeclared_key,
    "\\result without resultfunction": result_without_function,
    "edge to an unknown node": dangling_edge,
    "no violation node": no_violation,
    "invariant in a violation witness": invariant_in_violation_witness,
    "startline not a number": bad_startline,
}


@pytest.mark.parametrize("change", GRAPHML_BROKEN.values(), ids=GRAPHML_BROKEN.keys())
def test_validate_graphml_rejects(task, change):
    with pytest.raises(ValueError):
        validate_graphml(graphml_broken(task, change))


@pytest.mark.parametrize("text", ["", "<graphml", "<graph/>", f'<graphml xmlns="{GRAPHML_NS}"/>'])
def test_validate_graphml_rejects_non_witnesses(text):
    with pytest.raises(ValueError):
        validate_graphml(text)


# ---------------------------------------------------------------- YAML correctness witness


def test_correctness_yaml(task):
    invariants = [{"file": "prog.c", "line": 9, "function": "main", "value": "1", "type": "loop_invariant"},
                  {"file": "prog.c", "line": 12, "column": 3, "function": "main", "value": "u >= 0"},
                  {"file": "prog.c", "line": 6, "column": 3, "function": "main", "value": "1",
                   "type": "location_invariant"}]
    text = correctness_yaml(task, invariants)
    validate_yaml(text)
    doc = yaml.safe_load(text)
    assert len(doc) == 1 and doc[0]["entry_type"] == "invariant_set"
    assert doc[0]["metadata"]["task"]["input_file_hashes"] == {"prog.c": SHA}
    got = [c["invariant"] for c in doc[0]["content"]]
    assert got == [
        {"type": "loop_invariant", "location": {"file_name": "prog.c", "line": 9, "column": 3, "function": "main"},
         "value": "1", "format": "c_expression"},
        {"type": "loop_invariant", "location": {"file_name": "prog.c", "line": 12, "column": 3, "function": "main"},
         "value": "u >= 0", "format": "c_expression"},
        {"type": "location_invariant", "location": {"file_name": "prog.c", "line": 6, "column": 3,
                                                    "function": "main"}, "value": "1", "format": "c_expression"}]
    assert LINES[8][2:].startswith("for") and LINES[11][2:].startswith("while")


def test_correctness_yaml_without_invariants(task):
    text = correctness_yaml(task)
    validate_yaml(text)
    assert yaml.safe_load(text)[0]["content"] == []


def test_correctness_yaml_leaves_out_inexact_invariants(task):
    invariants = [{"file": "prog.c", "line": 6, "function": "main", "value": "1"},  # no loop on line 6
                  {"file": "other.c", "line": 9, "function": "main", "value": "1"},
                  {"file": "prog.c", "line": 6, "function": "main", "value": "1", "type": "location_invariant"}]
    doc = yaml.safe_load(correctness_yaml(task, invariants))
    assert doc[0]["content"] == []
    with pytest.raises(ValueError):
        correctness_yaml(task, [{"file": "prog.c", "line": 9, "function": "main", "value": "1", "type": "ranking"}])


def test_validate_yaml_rejects_broken_correctness_witness(task):
    good = yaml.safe_load(correctness_yaml(task, [{"file": "prog.c", "line": 9, "function": "main",
                                                   "value": "1"}]))
    for change in (set_in([0, "content", 0, "invariant", "location", "column"], KeyError),
                   set_in([0, "content", 0, "invariant", "type"], "loop"),
                   set_in([0, "content", 0, "invariant", "format"], KeyError),
                   set_in([0, "content", 0, "invariant", "location", "file_name"], "other.c"),
                   set_in([0, "metadata", "task", "language"], "Java")):
        doc = yaml.safe_load(yaml.safe_dump(good))
        change(doc)
        with pytest.raises(ValueError):
            validate_yaml(yaml.safe_dump(doc))


# ---------------------------------------------------------------- writing


def test_write_witnesses_false(task, tmp_path):
    out = tmp_path / "out"
    paths = write_witnesses(str(out), task, "false", WAYPOINTS, TARGET)
    assert paths == [str(out / "witness.yml"), str(out / "witness.graphml")]
    assert sorted(os.listdir(out)) == ["witness.graphml", "witness.yml"]
    validate_yaml((out / "witness.yml").read_text())
    validate_graphml((out / "witness.graphml").read_text())
    assert yaml.safe_load((out / "witness.yml").read_text())[0]["entry_type"] == "violation_sequence"
    assert write_witnesses(str(out), task, "false(unreach-call)", [], TARGET) == paths


def test_write_witnesses_true(task, tmp_path):
    paths = write_witnesses(str(tmp_path / "t"), task, "true",
                            invariants=[{"file": "prog.c", "line": 9, "function": "main", "value": "1"}])
    assert paths == [str(tmp_path / "t" / "witness.yml")]
    assert os.listdir(tmp_path / "t") == ["witness.yml"]
    doc = yaml.safe_load((tmp_path / "t" / "witness.yml").read_text())
    assert doc[0]["entry_type"] == "invariant_set" and len(doc[0]["content"]) == 1


def test_write_witnesses_refuses(task, tmp_path):
    for args in (("unknown",), ("false",), ("true(x)",)):
        with pytest.raises(ValueError):
            write_witnesses(str(tmp_path / "x"), task, *args)
    assert not (tmp_path / "x").exists()


def test_schema_copies_are_package_data():
    base = resources.files("divm.cli").joinpath("schemas")
    for name in ("violation-witness-schema.yml", "correctness-witness-schema.yml", "README.md"):
        assert base.joinpath(name).is_file()
    assert yaml.safe_load(base.joinpath("violation-witness-schema.yml").read_text())["items"]["properties"][
        "entry_type"]["enum"] == ["violation_sequence"]


def test_termination_lasso_graphml(tmp_path, monkeypatch):
    """A run that never ends: the stem to a cycle head, then the loop's
    edges back to it; no violation node."""
    import xml.etree.ElementTree as ET
    from divm.cli.witness import WitnessTask, validate_graphml, write_witnesses
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.c").write_text("int main(void) {\n  int x = __VERIFIER_nondet_int();\n"
                                  "  while (x > 0)\n    x = x;\n  return 0;\n}\n")
    task = WitnessTask(program="t.c", specification="CHECK( init(main()), LTL(F end) )", data_model="LP64",
                       version="0.1.0")
    wp = [{"kind": "function_return", "file": "t.c", "line": 2, "function": "__VERIFIER_nondet_int",
           "value": "1", "thread": 0, "scope": "main"}]
    cycle = [{"file": "t.c", "line": 3, "function": "main"}, {"file": "t.c", "line": 4, "function": "main"}]
    paths = write_witnesses(str(tmp_path), task, "false(termination)", wp, cycle[0], cycle=cycle)
    assert [os.path.basename(p) for p in paths] == ["witness.graphml"]
    text = (tmp_path / "witness.graphml").read_text()
    validate_graphml(text)
    ns = {"g": "http://graphml.graphdrawing.org/xmlns"}
    root = ET.fromstring(text)
    heads = [n.get("id") for n in root.iter("{%s}node" % ns["g"])
             if any(d.get("key") == "cyclehead" and d.text == "true" for d in n)]
    assert len(heads) == 1
    edges = [(e.get("source"), e.get("target")) for e in root.iter("{%s}edge" % ns["g"])]
    assert edges[-1][1] == heads[0] and any(src == heads[0] for src, _ in edges)
    assert "violation" not in [d.get("key") for n in root.iter("{%s}node" % ns["g"]) for d in n]
