"""SV-COMP witnesses as text: violation witnesses in YAML format 2.0 and
GraphML format 1.0, correctness witnesses in YAML format 2.0, and their
validation before they are written.

The YAML witnesses are checked against the schemas in schemas/ (see the README
there for where they come from) and then against the rules format 2.0 states
only in prose (one `follow` waypoint at the end of each segment, the `target`
last, ...). GraphML witnesses have no published witness schema: they are
checked by a structural checker derived from the key tables of sv-witnesses'
README-GraphML.md.

Columns are counted from 1 everywhere (format 2.0 does; divm's source
locations do too).
"""

from __future__ import annotations

import hashlib
import os
import re
import uuid
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import cache
from importlib import resources

import yaml

FORMAT_VERSION = "2.0"
PRODUCER = "divm"
ARCHITECTURE = {"ILP32": "32bit", "LP64": "64bit"}
GRAPHML_NS = "http://graphml.graphdrawing.org/xmlns"

# ISO 8601 date and time with a time zone, to the second: the GraphML README's
# pattern (its linter's too), and what the YAML creation_time gets as well.
_TIME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})")
_SHA256 = re.compile(r"[0-9a-fA-F]{64}")
# format 2.0 allows only `\result <op> <constant expression>` in a function_return constraint
_RESULT = re.compile(r"\s*\\result\s*(==|!=|<=|>=|<|>)\s*\S.*", re.S)


@dataclass
class WitnessTask:
    program: str  # path of the C input file as given on the command line
    specification: str  # the property file's text (one line per CHECK)
    data_model: str  # "ILP32" or "LP64"
    version: str  # divm's version


# ---------------------------------------------------------------- the program


class _Program:
    """The input file: its hash and its lines, to place waypoints exactly."""

    def __init__(self, task: WitnessTask):
        if task.data_model not in ARCHITECTURE:
            raise ValueError(f"data model {task.data_model!r} is neither ILP32 nor LP64")
        with open(task.program, "rb") as f:
            data = f.read()
        self.name = task.program
        self.sha256 = hashlib.sha256(data).hexdigest()
        self.lines = data.decode("utf-8", "replace").split("\n")

    def owns(self, file: str) -> bool:
        """Whether a location's file is the input file (engines may report
        another spelling of its path, or only its base name)."""
        if file == self.name or os.path.basename(file) == os.path.basename(self.name):
            return True
        try:
            return os.path.samefile(file, self.name)
        except OSError:
            return False

    def line(self, number: int) -> str:
        if not 1 <= number <= len(self.lines):
            raise ValueError(f"{self.name} has no line {number}")
        return self.lines[number - 1]

    def call_end(self, line: int, column: int | None, callee: str) -> tuple[int, int | None]:
        """Where format 2.0 puts a function_return waypoint: the parenthesis
        closing the arguments of the call of callee on line (the one around
        column, else the only one on the line). Without such a call the column
        is left out (the leftmost suitable position): a wrong column would
        make the witness wrong, a missing one only less precise."""
        text = self.line(line)
        calls = []
        for m in re.finditer(rf"(?<![\w$]){re.escape(callee)}\s*\(", text):
            calls.append((m.start() + 1, self._closing_paren(line - 1, m.end())))
        chosen = None
        if column is not None:
            around = [c for c in calls if c[0] <= column and (c[1] is None or c[1] >= (line, column))]
            chosen = around[-1] if around else None
        if chosen is None and len(calls) == 1:
            chosen = calls[0]
        if chosen is None or chosen[1] is None:
            return line, None
        return chosen[1]

    def _closing_paren(self, index: int, pos: int) -> tuple[int, int] | None:
        depth = 1
        for i in range(index, len(self.lines)):
            text = self.lines[i]
            for j in range(pos if i == index else 0, len(text)):
                if text[j] == "(":
                    depth += 1
                elif text[j] == ")":
                    depth -= 1
                    if depth == 0:
                        return i + 1, j + 1
        return None

    def starts_loop(self, line: int) -> bool:
        return 1 <= line <= len(self.lines) and re.match(r"\s*(for|while)(?![\w$])", self.line(line)) is not None

    def loop_keyword(self, line: int) -> int | None:
        """The column of the first loop keyword on line: where a loop
        invariant's location must point."""
        m = re.search(r"(?<![\w$])(for|while|do)(?![\w$])", self.line(line))
        return m.start() + 1 if m else None


def _int(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{what} must be a positive integer, not {value!r}")
    return value


def _constant(value) -> str:
    """A nondet value as the caller formatted it, checked to be one C constant
    (it goes into `\\result == VALUE` and into a GraphML `...;` statement)."""
    text = str(value).strip()
    if not text or any(c in text for c in ";\n\r"):
        raise ValueError(f"not a C constant: {value!r}")
    return text


def _now() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()


def _specification(task: WitnessTask) -> str:
    return "\n".join(line.strip() for line in task.specification.splitlines() if line.strip())


def _metadata(task: WitnessTask, prog: _Program) -> dict:
    return {
        "format_version": FORMAT_VERSION,
        "uuid": str(uuid.uuid4()),
        "creation_time": _now(),
        "producer": {"name": PRODUCER, "version": str(task.version)},
        "task": {
            "input_files": [task.program],
            "input_file_hashes": {task.program: prog.sha256},
            "specification": _specification(task),
            "data_model": task.data_model,
            "language": "C",
        },
    }


def _dump(doc: list) -> str:
    # a wide line keeps long invariants and specifications on one line each
    return yaml.safe_dump(doc, sort_keys=False, default_flow_style=False, allow_unicode=True, width=4096)


def _waypoints(prog: _Program, waypoints) -> list[dict]:
    """The waypoints with checked fields, in execution order. One in another
    file (a header) is dropped: the witness names only the input file, and
    a missing waypoint only makes it less precise."""
    out = []
    for wp in waypoints:
        if wp.get("kind", "function_return") != "function_return":
            raise ValueError(f"unsupported waypoint kind {wp.get('kind')!r}")
        if not prog.owns(wp["file"]):
            continue
        line = _int(wp["line"], "a waypoint's line")
        column = None if wp.get("column") is None else _int(wp["column"], "a waypoint's column")
        callee = str(wp["function"])
        out.append({"line": line, "callee": callee, "value": _constant(wp["value"]), "thread": wp.get("thread"),
                    "scope": wp.get("scope"), "end": prog.call_end(line, column, callee)})
    return out


def _target(prog: _Program, target: dict) -> dict:
    if not prog.owns(target["file"]):
        raise ValueError(f"the violation is in {target['file']}, not in the program {prog.name}")
    line = _int(target["line"], "the target's line")
    prog.line(line)
    column = target.get("column")
    return {"line": line, "column": None if column is None else _int(column, "the target's column"),
            "function": target.get("function"), "thread": target.get("thread")}


# ---------------------------------------------------------------- YAML, format 2.0


def violation_yaml(task: WitnessTask, waypoints: list[dict], target: dict) -> str:
    """A violation witness: one violation_sequence entry, a segment with one
    function_return waypoint per nondet value (in execution order), and a
    final segment with the target.

    A waypoint is {"kind": "function_return", "file", "line", "column"?,
    "function": the nondet function called, "value": its result as a C
    constant, "thread"?, "scope"?: the function containing the call}. Its
    column may be anywhere in the call (e.g. its start); the witness records
    the closing parenthesis of the call, as format 2.0 requires. The target
    is {"file", "line", "column"?, "function"?: the function containing the
    violating statement}; its column, if given, must be the first character of
    that statement or full expression."""
    prog = _Program(task)
    content = []
    for wp in _waypoints(prog, waypoints):
        line, column = wp["end"]
        location = {"file_name": task.program, "line": line}
        if column is not None:
            location["column"] = column
        if wp["scope"]:
            location["function"] = str(wp["scope"])
        content.append({"segment": [{"waypoint": {
            "type": "function_return", "action": "follow", "location": location,
            "constraint": {"value": f"\\result == {wp['value']}", "format": "acsl_expression"}}}]})
    tgt = _target(prog, target)
    location = {"file_name": task.program, "line": tgt["line"]}
    if tgt["column"] is not None:
        location["column"] = tgt["column"]
    if tgt["function"]:
        location["function"] = str(tgt["function"])
    content.append({"segment": [{"waypoint": {"type": "target", "action": "follow", "location": location}}]})
    return _dump([{"entry_type": "violation_sequence", "metadata": _metadata(task, prog), "content": content}])


def correctness_yaml(task: WitnessTask, invariants: list[dict] = ()) -> str:
    """A correctness witness: one invariant_set entry.

    An invariant is {"file", "line", "column"?, "function", "value": a C
    expression, "type": "loop_invariant" (default) or "location_invariant",
    "lines"?: candidate lines of one loop head, the first that starts with
    `for` or `while` taken}.
    A loop invariant without a column gets the column of the first loop
    keyword on its line. An invariant whose location cannot be made exact (no
    column, no loop keyword there, another file) is left out: fewer invariants
    only help the validator less, a misplaced one makes the witness wrong.
    Without invariants the set is empty (see schemas/README.md)."""
    prog = _Program(task)
    content = []
    for inv in invariants:
        kind = inv.get("type", "loop_invariant")
        if kind not in ("loop_invariant", "location_invariant"):
            raise ValueError(f"unsupported invariant type {kind!r}")
        value = str(inv["value"]).strip()
        if not value:
            raise ValueError("an invariant needs a value")
        if not prog.owns(inv["file"]):
            continue
        line = _int(inv["line"], "an invariant's line")
        column = inv.get("column")
        if column is None and kind == "loop_invariant" and inv.get("lines"):
            # candidate lines of one loop head: the first that starts with a
            # loop statement (not `} while (c);`, the end of a do-while)
            line = next((n for n in inv["lines"] if prog.starts_loop(_int(n, "an invariant's line"))), line)
            column = prog.loop_keyword(line) if prog.starts_loop(line) else None
        elif column is None and kind == "loop_invariant":
            column = prog.loop_keyword(line)
        if column is None:
            continue
        location = {"file_name": task.program, "line": line, "column": _int(column, "an invariant's column"),
                    "function": str(inv["function"])}
        content.append({"invariant": {"type": kind, "location": location, "value": value, "format": "c_expression"}})
    return _dump([{"entry_type": "invariant_set", "metadata": _metadata(task, prog), "content": content}])


@cache
def _schema(name: str) -> dict:
    return yaml.safe_load(resources.files("divm.cli").joinpath("schemas", name).read_text(encoding="utf-8"))


def _path(error) -> str:  # a jsonschema.ValidationError
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)


def _short(message: str, limit: int = 160) -> str:
    # jsonschema quotes whole subdocuments in some messages
    return message if len(message) <= limit else message[:limit] + "..."


def validate_yaml(text: str) -> None:
    """Raise ValueError, saying where and why, unless text is a valid
    violation or correctness witness in YAML format 2.0."""
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise ValueError(f"witness is not YAML: {e}") from None
    first = doc[0] if isinstance(doc, list) and doc else None
    kind = first.get("entry_type") if isinstance(first, dict) else None
    name = "correctness-witness-schema.yml" if kind == "invariant_set" else "violation-witness-schema.yml"
    schema = _schema(name)
    import jsonschema  # only validation needs it

    cls = jsonschema.validators.validator_for(schema)
    errors = sorted(cls(schema, format_checker=cls.FORMAT_CHECKER).iter_errors(doc),
                    key=lambda e: [str(p) for p in e.path])
    if errors:
        shown = "; ".join(f"at {_path(e)}: {_short(e.message)}" for e in errors[:5])
        raise ValueError(f"witness does not match {name}: {shown}")
    problems = []
    for i, entry in enumerate(doc):
        problems += [f"entry {i}: {p}" for p in _entry_problems(entry)]
    if problems:
        raise ValueError("invalid witness: " + "; ".join(problems[:5]))


def _entry_problems(entry: dict):
    """The rules of format 2.0 that its schemas state only in prose."""
    meta = entry["metadata"]
    if meta["format_version"] != FORMAT_VERSION:
        yield f"format_version is {meta['format_version']!r}, not {FORMAT_VERSION!r}"
    try:
        uuid.UUID(str(meta["uuid"]))
    except ValueError:
        yield f"uuid {meta['uuid']!r} is not a UUID"
    if not _TIME.fullmatch(meta["creation_time"]):
        yield f"creation_time {meta['creation_time']!r} is not an ISO 8601 time with a time zone"
    files = meta["task"]["input_files"]
    hashes = meta["task"]["input_file_hashes"]
    for f in files:
        if not _SHA256.fullmatch(str(hashes.get(f, ""))):
            yield f"input file {f!r} has no SHA-256 hash in input_file_hashes"
    if entry["entry_type"] == "invariant_set":
        for j, item in enumerate(entry["content"]):
            if item["invariant"]["location"]["file_name"] not in files:
                yield f"invariant {j}: its file is not among the input files"
        return
    segments = entry["content"]
    for j, seg in enumerate(segments):
        wps = [w["waypoint"] for w in seg["segment"]]
        follows = [k for k, w in enumerate(wps) if w["action"] == "follow"]
        if len(follows) != 1:
            yield f"segment {j} has {len(follows)} follow waypoints; it needs exactly one, at its end"
        elif follows != [len(wps) - 1]:
            yield f"segment {j} does not end with its follow waypoint"
        for k, w in enumerate(wps):
            if w["location"]["file_name"] not in files:
                yield f"segment {j}, waypoint {k}: its file is not among the input files"
            if w["type"] == "target" and (j != len(segments) - 1 or k != len(wps) - 1):
                yield f"segment {j}, waypoint {k}: a target must be the last waypoint of the last segment"
            if w["type"] == "function_return":
                c = w.get("constraint") or {}
                if c.get("format") != "acsl_expression" or not _RESULT.fullmatch(str(c.get("value", ""))):
                    yield (f"segment {j}, waypoint {k}: a function_return constraint is "
                           f"`\\result <op> <constant>` in format acsl_expression")
    if segments[-1]["segment"][-1]["waypoint"]["type"] != "target":
        yield "the last segment does not end with the target waypoint"


# ---------------------------------------------------------------- GraphML, format 1.0

# The keys divm writes: (id, for, attr.name, attr.type, default), as SV-COMP
# tools declare them.
_DECLARED = (
    ("witness-type", "graph", "witness-type", "string", None),
    ("sourcecodelang", "graph", "sourcecodeLanguage", "string", None),
    ("producer", "graph", "producer", "string", None),
    ("specification", "graph", "specification", "string", None),
    ("programfile", "graph", "programFile", "string", None),
    ("programhash", "graph", "programHash", "string", None),
    ("architecture", "graph", "architecture", "string", None),
    ("creationtime", "graph", "creationTime", "string", None),
    ("entry", "node", "isEntryNode", "boolean", "false"),
    ("violation", "node", "isViolationNode", "boolean", "false"),
    ("cyclehead", "node", "cyclehead", "boolean", "false"),
    ("startline", "edge", "startline", "int", None),
    ("assumption", "edge", "assumption", "string", None),
    ("assumption.scope", "edge", "assumption.scope", "string", None),
    ("assumption.resultfunction", "edge", "assumption.resultfunction", "string", None),
    ("threadId", "edge", "threadId", "string", None),
)


def violation_graphml(task: WitnessTask, waypoints: list[dict], target: dict, cycle: list[dict] = ()) -> str:
    """The same violation as violation_yaml, as a GraphML witness automaton:
    a chain from the entry node through one edge per nondet value (an
    assumption `\\result == VALUE;` on the call's line, with the thread that
    made the call) to the violation node, entered on the target's line.
    With a cycle (termination: the lines the endless loop passes, first the
    target's), the chain ends in a cycle head instead, and the loop's edges
    lead from it back to it; a loop line whose call returns the same value
    each round ("value", "callee") has that assumption."""
    prog = _Program(task)
    wps = _waypoints(prog, waypoints)
    tgt = _target(prog, target)
    # the default namespace as a plain attribute: no global ET.register_namespace
    root = ET.Element("graphml", {"xmlns": GRAPHML_NS})
    for key, domain, name, typ, default in _DECLARED:
        k = ET.SubElement(root, "key", {"id": key, "for": domain, "attr.name": name, "attr.type": typ})
        if default is not None:
            ET.SubElement(k, "default").text = default
    graph = ET.SubElement(root, "graph", {"edgedefault": "directed"})

    def data(parent: ET.Element, key: str, value) -> None:
        ET.SubElement(parent, "data", {"key": key}).text = str(value)

    for key, value in (("witness-type", "violation_witness"), ("sourcecodelang", "C"),
                       ("producer", f"{PRODUCER} {task.version}"), ("specification", _specification(task)),
                       ("programfile", task.program), ("programhash", prog.sha256),
                       ("architecture", ARCHITECTURE[task.data_model]), ("creationtime", _now())):
        data(graph, key, value)
    def step(c: dict) -> dict:  # (a loop's line with a call that returns one value each round)
        st = _target(prog, c)
        if c.get("value") is not None:
            st.update(value=_constant(c["value"]), callee=str(c["callee"]))
        return st
    tgt = step(target) if cycle else tgt
    loop = [step(c) for c in cycle[1:]]
    nodes = [ET.SubElement(graph, "node", {"id": f"N{i}"}) for i in range(len(wps) + 1 + max(len(loop), 1))]
    data(nodes[0], "entry", "true")
    head = len(wps) + 1
    data(nodes[head], "cyclehead" if cycle else "violation", "true")
    edges = [(i, i + 1, step) for i, step in enumerate([*wps, tgt])]
    edges += [(head + i, head + i + 1 if i + 1 < len(loop) else head, step) for i, step in enumerate(loop)]
    for i, (src, dst, step) in enumerate(edges):
        edge = ET.SubElement(graph, "edge", {"id": f"E{i}", "source": f"N{src}", "target": f"N{dst}"})
        data(edge, "startline", step["line"])
        if "value" in step:
            data(edge, "assumption", f"\\result == {step['value']};")
            data(edge, "assumption.resultfunction", step["callee"])
        if step.get("thread") is not None:
            data(edge, "threadId", step["thread"])
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


# From the key tables of README-GraphML.md (sv-witnesses on GitHub, last
# commit 67065aa, January 2022) and its text: where each key may appear,
# which witness type allows it ("both", "violation", "correctness") and the
# attr.type it is declared with. The GraphML XSD could not be used here: it
# only describes generic GraphML, and its structure part could not be
# obtained. Tools may declare keys of their own; those are only checked for
# being declared for the element they annotate.
_STANDARD = {
    "witness-format-version": ("graph", "both", "string"),
    "witness-type": ("graph", "both", "string"),
    "sourcecodelang": ("graph", "both", "string"),
    "producer": ("graph", "both", "string"),
    "specification": ("graph", "both", "string"),
    "programfile": ("graph", "both", "string"),
    "programhash": ("graph", "both", "string"),
    "architecture": ("graph", "both", "string"),
    "creationtime": ("graph", "both", "string"),
    "entry": ("node", "both", "boolean"),
    "sink": ("node", "violation", "boolean"),
    "violation": ("node", "violation", "boolean"),
    "cyclehead": ("node", "violation", "boolean"),  # termination: where the stem meets the loop
    "invariant": ("node", "correctness", "string"),
    "invariant.scope": ("node", "correctness", "string"),
    "assumption": ("edge", "both", "string"),
    "assumption.scope": ("edge", "violation", "string"),
    "assumption.resultfunction": ("edge", "violation", "string"),
    "control": ("edge", "both", "string"),
    "startline": ("edge", "both", "int"),
    "endline": ("edge", "both", "int"),
    "startoffset": ("edge", "both", "int"),
    "endoffset": ("edge", "both", "int"),
    "enterLoopHead": ("edge", "both", "boolean"),
    "enterFunction": ("edge", "both", "string"),
    "returnFromFunction": ("edge", "both", "string"),
    "threadId": ("edge", "both", "string"),
    "createThread": ("edge", "both", "string"),
}
_GRAPH_REQUIRED = ("witness-type", "sourcecodelang", "producer", "specification", "programfile",
                   "programhash", "architecture", "creationtime")
_ATTR_TYPES = {"boolean", "int", "long", "float", "double", "string"}


def _graph_value_problem(key: str, value: str) -> str | None:
    """What is wrong with the value of a standard key, if anything."""
    typ = _STANDARD[key][2]
    if typ == "boolean" and value not in ("true", "false"):
        return f"{key} must be true or false, not {value!r}"
    if typ == "int":
        least = 1 if key.endswith("line") else 0
        if not re.fullmatch(r"\d+", value) or int(value) < least:
            return f"{key} must be an integer >= {least}, not {value!r}"
    allowed = {"witness-format-version": ("1.0",), "witness-type": ("violation_witness", "correctness_witness"),
               "sourcecodelang": ("C", "Java"), "architecture": ("32bit", "64bit"),
               "control": ("condition-true", "condition-false")}.get(key)
    if allowed and value not in allowed:
        return f"{key} must be one of {', '.join(allowed)}, not {value!r}"
    if key == "programhash" and not _SHA256.fullmatch(value):
        return f"programhash must be a SHA-256 hash, not {value!r}"
    if key == "creationtime" and not re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})", value):
        return f"creationtime must be ISO 8601 with a time zone, to the second, not {value!r}"
    if key in ("producer", "specification", "programfile") and not value:
        return f"{key} must not be empty"
    return None


def validate_graphml(text: str) -> None:
    """Raise ValueError, saying why, unless text is a well-formed GraphML
    witness (format 1.0) by the rules of README-GraphML.md."""
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        raise ValueError(f"witness is not XML: {e}") from None
    problems = _graphml_problems(root)
    if problems:
        raise ValueError("invalid GraphML witness: " + "; ".join(problems[:5]))


def _graphml_problems(root: ET.Element) -> list[str]:
    q = f"{{{GRAPHML_NS}}}"
    if root.tag != q + "graphml":
        return [f"the root element is {root.tag}, not graphml in namespace {GRAPHML_NS}"]
    problems: list[str] = []
    keys = _declared_keys(root, q, problems)
    graphs = root.findall(q + "graph")
    if len(graphs) != 1:
        return problems + [f"there are {len(graphs)} graph elements, not one"]
    graph = graphs[0]
    if graph.get("edgedefault") != "directed":
        problems.append("the graph's edgedefault is not directed")

    def data_of(elem: ET.Element, domain: str) -> dict[str, str]:
        values: dict[str, str] = {}
        for d in elem.findall(q + "data"):
            key, value = d.get("key"), (d.text or "").strip()
            if key not in keys or keys[key] not in (domain, "all"):
                problems.append(f"{domain} {elem.get('id', '')} uses key {key!r}, not declared for {domain}")
            elif key in values:
                problems.append(f"{domain} {elem.get('id', '')} has key {key} twice")
            elif key in _STANDARD and (bad := _graph_value_problem(key, value)):
                problems.append(bad)
            values[key] = value
        return values

    gdata = data_of(graph, "graph")
    for key in _GRAPH_REQUIRED:
        if key not in gdata:
            problems.append(f"the graph has no {key}")
    kind = {"violation_witness": "violation", "correctness_witness": "correctness"}.get(gdata.get("witness-type"))

    def allowed(key: str, what: str) -> None:
        if kind and key in _STANDARD and _STANDARD[key][1] not in ("both", kind):
            problems.append(f"{what} uses {key}, not allowed in a {kind} witness")

    nodes: dict[str, dict[str, str]] = {}
    for n in graph.findall(q + "node"):
        nid = n.get("id")
        if not nid or nid in nodes:
            problems.append(f"node id {nid!r} is missing or used twice")
            continue
        nodes[nid] = data_of(n, "node")
        for key in nodes[nid]:
            allowed(key, f"node {nid}")
    entries = [nid for nid, d in nodes.items() if d.get("entry") == "true"]
    if len(entries) != 1:
        problems.append(f"there are {len(entries)} entry nodes, not one")
    succ: dict[str, list[str]] = {nid: [] for nid in nodes}
    for e in graph.findall(q + "edge"):
        src, dst = e.get("source"), e.get("target")
        if src not in nodes or dst not in nodes:
            problems.append(f"edge {e.get('id', '')} joins unknown nodes {src!r} -> {dst!r}")
            continue
        succ[src].append(dst)
        d = data_of(e, "edge")
        for key in d:
            allowed(key, f"edge {e.get('id', '')}")
        if "\\result" in d.get("assumption", "") and "assumption.resultfunction" not in d:
            problems.append(f"edge {e.get('id', '')} uses \\result without assumption.resultfunction")
    for nid, d in nodes.items():
        if d.get("sink") == "true" and succ[nid]:
            problems.append(f"sink node {nid} has leaving edges")
    cyclic = any(d.get("cyclehead") == "true" for d in nodes.values())  # (termination: a lasso, no end)
    if kind == "violation" and len(entries) == 1 and not cyclic and not _violation_reachable(nodes, succ, entries[0]):
        problems.append("no violation node is reachable from the entry node")
    return problems


def _declared_keys(root: ET.Element, q: str, problems: list[str]) -> dict[str, str]:
    """The GraphML keys (id -> domain), their declarations checked."""
    keys: dict[str, str] = {}
    for k in root.findall(q + "key"):
        kid, domain = k.get("id"), k.get("for", "all")
        if not kid or kid in keys:
            problems.append(f"key {kid!r} is missing or declared twice")
            continue
        keys[kid] = domain
        if domain not in ("graph", "node", "edge", "all"):
            problems.append(f"key {kid} is declared for {domain!r}")
        typ = k.get("attr.type")
        if typ is not None and typ not in _ATTR_TYPES:
            problems.append(f"key {kid} has attr.type {typ!r}")
        if kid in _STANDARD and (domain != _STANDARD[kid][0] or (typ is not None and typ != _STANDARD[kid][2])):
            problems.append(f"key {kid} must be declared for {_STANDARD[kid][0]} with attr.type {_STANDARD[kid][2]}")
    return keys


def _violation_reachable(nodes: dict, succ: dict, entry: str) -> bool:
    seen, todo = {entry}, [entry]
    while todo:
        for nxt in succ[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return any(nodes[nid].get("violation") == "true" for nid in seen)


# ---------------------------------------------------------------- writing


def write_witnesses(directory: str, task: WitnessTask, verdict: str, waypoints: list[dict] = (),
                    target: dict | None = None, invariants: list[dict] = (), cycle: list[dict] = ()) -> list[str]:
    """Write the witnesses of an answer into directory: for "false" (or
    "false(PROPERTY)") witness.yml and witness.graphml, for "true"
    witness.yml; a run that never ends (a cycle) only as GraphML, whose
    termination witnesses have a cycle head (YAML 2.0 has no loops).  Every
    witness is validated before anything is written; each file is written
    atomically. Returns the paths written."""
    if verdict == "false" or verdict.startswith("false("):
        if target is None:
            raise ValueError("a violation witness needs the target")
        files = [("witness.graphml", violation_graphml(task, waypoints, target, cycle), validate_graphml)]
        if not cycle:
            files.insert(0, ("witness.yml", violation_yaml(task, waypoints, target), validate_yaml))
    elif verdict == "true":
        files = [("witness.yml", correctness_yaml(task, invariants), validate_yaml)]
    else:
        raise ValueError(f"no witness for the verdict {verdict!r}")
    for _, text, validate in files:
        validate(text)
    os.makedirs(directory, exist_ok=True)
    paths = []
    for name, text, _ in files:
        path = os.path.join(directory, name)
        tmp = f"{path}.tmp{os.getpid()}"
        try:
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
        paths.append(path)
    return paths
