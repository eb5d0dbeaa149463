"""divm verify --html DIR: the result as one self-contained page (index.html,
inline CSS and script, nothing fetched, opens from the file system): the
verdict and error, statistics, the source files with the counterexample's
steps marked on their lines, stepping controls (buttons, ← and →, the step
list, `#step=N` in the address) and the globals' values at each step.

Everything from the program (sources, names, values, output) reaches the
page escaped: as HTML text here, or inside the embedded JSON, which the
script only ever puts into the page as text."""

from __future__ import annotations

import html
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from divm.cli.parser import UsageError
from divm.load.loader import LoadError
from divm.load.paths import ROOT

MAX_SOURCE_BYTES = 4 << 20  # a bigger file is shown up to this size
MAX_CHIPS = 6               # step numbers shown on one line before "+N"
SOURCE_SUFFIXES = (".c", ".i", ".h", ".cc", ".cpp", ".cxx")
# thread colours (strong, light): thread 1 the first, the system grey
PALETTE = [("#2563eb", "#dbe7fd"), ("#ea580c", "#fde4d3"), ("#16a34a", "#d5f2de"), ("#9333ea", "#eedcfc"),
           ("#0d9488", "#d0f0ed"), ("#db2777", "#fadbe9"), ("#a16207", "#f6e9cc"), ("#4f46e5", "#e0dffb")]
SYSTEM_COLOUR = ("#6b7280", "#e5e7eb")
VERDICTS = {"valid": "valid: no error found", "error": "error found", "boot-error": "error during boot",
            "inconclusive": "inconclusive"}


@dataclass
class Source:
    """One file shown on the page."""
    name: str
    path: Path
    lines: list[str]
    truncated: bool = False
    marks: dict[int, list[int]] = field(default_factory=dict)  # line -> the steps (0-based) there


def check_html_dir(directory: str) -> None:
    """Refuse a --html target that cannot be a directory before the work starts."""
    if os.path.exists(directory) and not os.path.isdir(directory):
        raise UsageError(f"--html {directory}: not a directory")


def write_html(directory: str | os.PathLike, report: dict, program_path: str | os.PathLike) -> str:
    """Write DIR/index.html for the report of `divm verify PROGRAM` (DIR is
    made if missing); its path."""
    directory = os.fspath(directory)
    page = render_page(report, os.fspath(program_path))
    path = os.path.join(directory, "index.html")
    tmp = f"{path}.tmp{os.getpid()}"
    try:
        os.makedirs(directory, exist_ok=True)
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(page)
        os.replace(tmp, path)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise LoadError(f"cannot write {path}: {e.strerror or e}") from None
    return path


def esc(x: object) -> str:
    return html.escape(str(x), quote=True)


def thread_class(thread: int | None) -> str:
    """The CSS class of a thread (its colours); only ever digits after "th"."""
    return f"th{thread}" if isinstance(thread, int) and not isinstance(thread, bool) and thread >= 0 else "thsys"


def thread_colour(thread: int | None) -> tuple[str, str]:
    return PALETTE[(thread - 1) % len(PALETTE)] if isinstance(thread, int) and thread > 0 else SYSTEM_COLOUR


def thread_name(thread: int | None) -> str:
    return f"thread {thread}" if thread is not None else "the system"


def cycle_start(report: dict) -> int | None:
    """Where the loop of a liveness counterexample starts (its trace's
    cycle_start: in the report's trace, or in the file it names)."""
    if report.get("cycle_start") is not None:
        return report["cycle_start"]
    if not str(report.get("property", "")).startswith("liveness") or not report.get("steps"):
        return None
    trace = report.get("trace")
    if isinstance(trace, str):
        try:
            with open(trace) as f:
                trace = json.load(f)
        except (OSError, ValueError):
            return None
    k = trace.get("cycle_start") if isinstance(trace, dict) else None
    return k if isinstance(k, int) else None


def resolve_source(name: str, program_dir: Path) -> Path | None:
    """The file a debug-info file name means: as given when absolute, else
    relative to the program's directory, the current directory or divm's
    checkout (DiOS and libc-shim), else its base name beside the program."""
    if not name or name == "?":
        return None
    p = Path(name)
    tries = [p] if p.is_absolute() else [program_dir / p, Path.cwd() / p, ROOT / p]
    tries.append(program_dir / p.name)
    for t in tries:
        try:
            if t.is_file():
                return t.resolve()
        except OSError:
            continue
    return None


def read_source(path: Path, program_dir: Path) -> Source | None:
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_SOURCE_BYTES + 1)
    except OSError:
        return None
    truncated = len(data) > MAX_SOURCE_BYTES
    text = data[:MAX_SOURCE_BYTES].decode("utf-8", "replace")
    for base in (program_dir, ROOT):
        try:
            name = str(path.relative_to(base))
            break
        except ValueError:
            continue
    else:
        name = str(path)
    return Source(name, path, text.splitlines() or [""], truncated)


def collect_sources(report: dict, program_path: str) -> tuple[list[Source], dict[str, int]]:
    """The program's own source and every file the steps or the error point
    at that can be found; each file name as the report gives it -> its index."""
    program_dir = Path(program_path).resolve().parent
    sources: list[Source] = []
    by_path: dict[Path, int] = {}
    index: dict[str, int] = {}

    def add(path: Path | None) -> int:
        if path is None:
            return -1
        if path not in by_path:
            src = read_source(path, program_dir)
            if src is None:
                return -1
            by_path[path] = len(sources)
            sources.append(src)
        return by_path[path]

    if program_path.endswith(SOURCE_SUFFIXES):
        add(Path(program_path).resolve() if os.path.isfile(program_path) else None)
    for name in referenced_files(report):
        if name not in index:
            index[name] = add(resolve_source(name, program_dir))
    return sources, index


def error_frames(report: dict) -> list[dict]:
    """The error's own locations: its innermost frame and a race's two accesses."""
    err = report.get("error") or {}
    frames = (err.get("backtrace") or [])[:1] + [a for a in err.get("accesses") or () if isinstance(a, dict)]
    return [f for f in frames if isinstance(f, dict) and f.get("file")]


def referenced_files(report: dict) -> list[str]:
    names = [st.get("file") for st in report.get("steps") or ()]
    names += [f.get("file") for f in error_frames(report)]
    names += [i.get("file") for i in report.get("inputs") or () if isinstance(i, dict)]
    return [n for n in names if isinstance(n, str) and n]


def render_page(report: dict, program_path: str) -> str:
    """The whole page as text."""
    steps = report.get("steps") or []
    sources, index = collect_sources(report, program_path)
    cycle = cycle_start(report)
    for k, st in enumerate(steps):
        f = index.get(st.get("file"), -1) if isinstance(st.get("file"), str) else -1
        line = st.get("line")
        if f >= 0 and isinstance(line, int) and 0 < line <= len(sources[f].lines):
            sources[f].marks.setdefault(line, []).append(k)
    errors = {(index.get(fr["file"], -1), fr.get("line")) for fr in error_frames(report)}
    threads = sorted({st.get("thread") if thread_class(st.get("thread")) != "thsys" else None for st in steps},
                     key=lambda t: (t is None, t or 0))
    title = f"divm: {VERDICTS.get(report.get('result'), report.get('result'))} — {os.path.basename(program_path)}"
    body = [header(report, program_path), stats_section(report), properties_section(report),
            inputs_section(report, len(steps))]
    main = [sources_section(sources, steps, cycle, errors)]
    if steps:
        main.append(side_panel(steps, cycle, threads))
    data = page_data(report, steps, index, cycle)
    return PAGE.format(title=esc(title), css=CSS + thread_css(threads), body="\n".join(b for b in body if b),
                       main="\n".join(main), layout="with-steps" if steps else "no-steps", data=data, script=SCRIPT)


def header(report: dict, program_path: str) -> str:
    result = str(report.get("result", "?"))
    out = [f'<header><h1><span class="verdict v-{esc(result)}" id="verdict">{esc(VERDICTS.get(result, result))}'
           f'</span> <span class="prog">{esc(os.path.basename(program_path))}</span></h1>',
           f'<p class="meta">divm verify · property {esc(report.get("property", "?"))} · '
           f'{esc(report.get("tool", "divm"))} {esc(report.get("version", ""))}</p>']
    err = report.get("error")
    if isinstance(err, dict):
        out.append(f'<div class="error" id="error"><b>{esc(err.get("kind", "?"))}</b>: {esc(err.get("message", ""))}')
        for i, fr in enumerate(err.get("backtrace") or ()):
            out.append(f'<div class="frame">{"at" if i == 0 else "from"} {esc(fr.get("function", "?"))} '
                       f'({esc(fr.get("file", "?"))}:{esc(fr.get("line", "?"))})</div>')
        out.append("</div>")
    for key in ("reason", "warning"):
        if report.get(key):
            out.append(f'<p class="{key}"><b>{key}:</b> {esc(report[key])}</p>')
    if isinstance(report.get("trace"), str):
        out.append(f'<p class="meta">trace: <code>{esc(report["trace"])}</code> '
                   f'(<code>divm replay {esc(program_path)} {esc(report["trace"])}</code> re-runs it)</p>')
    out.append("</header>")
    return "\n".join(out)


def stats_section(report: dict) -> str:
    items = []
    for key, label, fmt in STATS:
        v = report.get(key)
        if v is not None and not isinstance(v, (dict, list)):
            items.append(f'<div><dt>{esc(label)}</dt><dd data-key="{esc(key)}">{esc(fmt(v))}</dd></div>')
    return f'<section id="stats"><h2>Statistics</h2><dl class="stats">{"".join(items)}</dl></section>'


def mib(v: object) -> str:
    return f"{v / (1 << 20):.1f} MiB" if isinstance(v, (int, float)) else str(v)


def secs(v: object) -> str:
    return f"{v:.3f} s" if isinstance(v, (int, float)) else str(v)


STATS = [("states", "states", str), ("transitions", "transitions", str), ("search_seconds", "search time", secs),
         ("seconds", "total time", secs), ("peak_memory_bytes", "peak memory", mib),
         ("stored_bytes_per_state", "stored bytes per state", str), ("state_storage", "state storage", str),
         ("workers", "workers", str), ("solver_seconds", "solver time", secs),
         ("solver_queries", "solver queries", str)]


def properties_section(report: dict) -> str:
    props = [p for p in report.get("properties") or () if isinstance(p, dict)]
    if len(props) < 2:  # one: the header names it
        return ""
    rows = "".join(f'<tr><td>{esc(p.get("name", "?"))}</td><td class="v-{esc(p.get("result", ""))}">'
                   f'{esc(p.get("result", "?"))}</td><td>{esc(p.get("reason") or p.get("warning") or "")}</td></tr>'
                   for p in props)
    return (f'<section id="properties"><h2>Properties</h2><table class="props"><tr><th>property</th>'
            f'<th>result</th><th></th></tr>{rows}</table></section>')


def inputs_section(report: dict, nsteps: int) -> str:
    inputs = [i for i in report.get("inputs") or () if isinstance(i, dict)]
    if not inputs:
        return ""
    rows = []
    for i in inputs:
        k = i.get("step")
        step = (f'<a href="#step={esc(k)}" data-step="{esc(k)}">step {esc(k)}</a>'
                if isinstance(k, int) and 0 < k <= nsteps else esc(k if k is not None else ""))
        rows.append(f'<tr><td>{esc(i.get("function", "?"))}</td><td>{esc(i.get("file", "?"))}:'
                    f'{esc(i.get("line", "?"))}</td><td>{step}</td><td><code>{esc(input_value(i))}</code></td></tr>')
    return (f'<section id="inputs"><h2>Inputs</h2><table class="inputs"><tr><th>call</th><th>where</th>'
            f'<th>step</th><th>value</th></tr>{"".join(rows)}</table></section>')


def input_value(i: dict) -> str:
    """An input's value as C sees it (signed types negative)."""
    from divm.cli.explain import input_text
    v = i.get("value", "?")
    if isinstance(v, int) and isinstance(i.get("bits"), int) and isinstance(i.get("function"), str):
        return input_text(i)
    return repr(v) if isinstance(v, float) else str(v)


def sources_section(sources: list[Source], steps: list[dict], cycle: int | None, errors: set) -> str:
    if not sources:
        return '<section id="sources"><p class="meta">No source file found.</p></section>'
    out = ['<section id="sources">']
    for n, src in enumerate(sources):
        out.append(f'<details class="file" id="f{n}" open><summary>{esc(src.name)}</summary><div class="code">')
        for i, text in enumerate(src.lines, 1):
            out.append(source_line(n, i, text, src.marks.get(i, []), steps, cycle, (n, i) in errors))
        if src.truncated:
            out.append(f'<div class="meta">(the file is longer than {MAX_SOURCE_BYTES >> 20} MiB: cut here)</div>')
        out.append("</div></details>")
    out.append("</section>")
    return "\n".join(out)


def source_line(f: int, i: int, text: str, here: list[int], steps: list[dict], cycle: int | None,
                error: bool) -> str:
    cls = ["line"]
    if here:
        cls.append("visited")
    if cycle is not None and any(k >= cycle for k in here):
        cls.append("loop")
    if error:
        cls.append("err")
    chips = "".join(f'<span class="chip {thread_class(steps[k].get("thread"))}" data-step="{k + 1}" '
                    f'title="step {k + 1}, {esc(thread_name(steps[k].get("thread")))}">{k + 1}</span>'
                    for k in here[:MAX_CHIPS])
    if len(here) > MAX_CHIPS:
        chips += f'<span class="chip more" title="{len(here)} steps at this line">+{len(here) - MAX_CHIPS}</span>'
    return (f'<div class="{" ".join(cls)}" id="f{f}-l{i}"><span class="no">{i}</span>'
            f'<span class="marks">{chips}</span><code>{esc(text) or " "}</code></div>')


def side_panel(steps: list[dict], cycle: int | None, threads: list) -> str:
    legend = "".join(f'<span class="chip {thread_class(t)}">{esc(thread_name(t))}</span>' for t in threads)
    items = []
    for k, st in enumerate(steps):
        if k == cycle:
            items.append('<li class="loop-start">the loop starts here and repeats forever</li>')
        items.append(step_item(k, st, cycle is not None and k >= cycle))
    return (f'<aside id="side"><div id="controls"><button id="prev" type="button" title="previous step (←)">'
            f'← previous</button> <span id="pos"></span> <button id="next" type="button" title="next step (→)">'
            f'next →</button><div id="where"></div><div class="legend">{legend}</div></div>'
            f'<h2>Steps</h2><ol id="steps">{"".join(items)}</ol>'
            f'<h2>Globals at this step</h2><table id="globals"><tbody></tbody></table>'
            f'<p class="meta" id="noglobals">No global variable has changed yet.</p>'
            f'<h2>Output so far</h2><pre id="output"></pre></aside>')


def location(st: dict) -> str:
    if st.get("file"):
        return f'{st.get("function", "?")} ({st["file"]}:{st.get("line", "?")})'
    return st.get("note") or ""


def assignments(st: dict) -> list:
    """The globals a step changed (SPEC.md calls the field `changes`)."""
    return st.get("assignments") or st.get("changes") or []


def step_item(k: int, st: dict, in_loop: bool) -> str:
    thread = st.get("thread")
    choices = " ".join(f"{c[0]}/{c[1]}" for c in st.get("choices") or () if isinstance(c, (list, tuple))
                       and len(c) == 2)
    parts = [f'<li class="step {thread_class(thread)}{" in-loop" if in_loop else ""}" data-step="{k + 1}" '
             f'id="step{k + 1}"><div class="head"><span class="sn">{k + 1}</span> '
             f'<span class="thr">{esc(thread_name(thread))}</span> <span class="loc">{esc(location(st))}</span>']
    if choices:
        parts.append(f' <span class="choices">choices {esc(choices)}</span>')
    parts.append("</div>")
    events = st.get("events") or []
    if events:
        parts.append('<ul class="events">' + "".join(f"<li>{esc(e)}</li>" for e in events) + "</ul>")
    assigned = [a for a in assignments(st) if isinstance(a, dict)]
    if assigned:
        parts.append('<div class="assign">' + ", ".join(f'{esc(a.get("name"))} = {esc(a.get("value"))}'
                                                         for a in assigned) + "</div>")
    for o in st.get("output") or ():
        if isinstance(o, dict):
            parts.append(f'<pre class="out fd{esc(o.get("fd"))}">{esc(o.get("text", ""))}</pre>')
    parts.append("</li>")
    return "".join(parts)


def page_data(report: dict, steps: list[dict], index: dict[str, int], cycle: int | None) -> str:
    """What the script needs, as JSON that cannot end its <script> element."""
    compact = []
    for st in steps:
        f = st.get("file")
        compact.append({"t": st.get("thread"), "f": index.get(f, -1) if isinstance(f, str) else -1,
                        "l": st.get("line") if isinstance(st.get("line"), int) else 0,
                        "where": f"{thread_name(st.get('thread'))}: {location(st)}",
                        "a": [[str(a.get("name")), str(a.get("value"))] for a in assignments(st)
                              if isinstance(a, dict)],
                        "o": [[o.get("fd"), str(o.get("text", ""))] for o in st.get("output") or ()
                              if isinstance(o, dict)]})
    text = json.dumps({"steps": compact, "cycle": cycle, "result": report.get("result")}, ensure_ascii=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def thread_css(threads: list) -> str:
    rules = []
    for t in threads:
        strong, light = thread_colour(t)
        rules.append(f".{thread_class(t)}{{--c:{strong};--cl:{light}}}")
    return "\n".join(rules)


PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; \
script-src 'unsafe-inline'; img-src data:">
<title>{title}</title>
<style>
{css}
</style>
</head>
<body class="{layout}">
{body}
<main>
{main}
</main>
<script type="application/json" id="divm-data">{data}</script>
<script>
{script}
</script>
</body>
</html>
"""

CSS = """
:root { --bg: #fff; --fg: #1f2328; --muted: #656d76; --line: #eaeef2; --visited: #f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg);
  background: var(--bg); }
header, #stats, #properties, #inputs { padding: 0.4em 1em; }
h1 { font-size: 1.3em; margin: 0.3em 0; } h2 { font-size: 1.05em; margin: 0.8em 0 0.3em; }
.verdict { padding: 0.1em 0.5em; border-radius: 4px; color: #fff; background: #6b7280; }
.v-valid.verdict { background: #15803d; } .v-error.verdict, .v-boot-error.verdict { background: #b91c1c; }
.v-inconclusive.verdict { background: #a16207; }
td.v-valid { color: #15803d; } td.v-error { color: #b91c1c; }
.prog { font-family: ui-monospace, monospace; font-weight: normal; }
.meta { color: var(--muted); margin: 0.2em 0; }
.error { border-left: 4px solid #b91c1c; background: #fef2f2; padding: 0.4em 0.8em; margin: 0.5em 0; }
.error .frame { font-family: ui-monospace, monospace; font-size: 0.9em; color: #57606a; }
.warning, .reason { background: #fffbeb; border-left: 4px solid #d97706; padding: 0.3em 0.8em; }
table { border-collapse: collapse; } th, td { text-align: left; padding: 0.1em 0.8em 0.1em 0; vertical-align: top; }
dl.stats { display: flex; flex-wrap: wrap; gap: 0.3em 1.6em; margin: 0; }
dl.stats dt { color: var(--muted); font-size: 12px; } dl.stats dd { margin: 0; font-weight: 600; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 13px; }
main { display: grid; gap: 0 1em; padding: 0 1em 1em; }
body.with-steps main { grid-template-columns: minmax(0, 3fr) minmax(20em, 2fr); }
#sources, #side { max-height: 88vh; overflow: auto; border: 1px solid var(--line); border-radius: 6px; }
#side { padding: 0 0.8em 0.8em; }
details.file > summary { position: sticky; top: 0; background: #f0f3f6; padding: 0.3em 0.6em;
  font-family: ui-monospace, monospace; cursor: pointer; z-index: 1; }
.code { padding: 0.2em 0; }
.line { display: flex; align-items: baseline; white-space: pre; min-height: 1.45em; border-left: 4px solid
  transparent; }
.line .no { flex: 0 0 3.5em; text-align: right; padding-right: 0.6em; color: var(--muted);
  font-family: ui-monospace, monospace; font-size: 12px; user-select: none; }
.line .marks { flex: 0 0 7.5em; display: flex; gap: 2px; overflow: hidden; }
.line code { flex: 1; }
.line.visited { background: var(--visited); }
.line.loop .no::before { content: "\\21bb "; color: #7c3aed; }
.line.loop { box-shadow: inset 2px 0 0 #c4b5fd; }
.line.err { border-left-color: #b91c1c; }
.line.current { background: var(--cl); border-left-color: var(--c); outline: 1px solid var(--c); }
.chip { display: inline-block; min-width: 1.5em; padding: 0 0.3em; border-radius: 8px; font-size: 11px;
  line-height: 1.45; text-align: center; color: #fff; background: var(--c, #6b7280); cursor: pointer;
  font-family: ui-monospace, monospace; }
.chip.more { background: #9ca3af; cursor: default; }
.chip.now { outline: 2px solid var(--fg); }
#controls { position: sticky; top: 0; background: var(--bg); padding: 0.6em 0 0.4em; z-index: 1;
  border-bottom: 1px solid var(--line); }
#controls button { font: inherit; padding: 0.2em 0.8em; cursor: pointer; }
#where { margin-top: 0.3em; font-family: ui-monospace, monospace; font-size: 12px; }
.legend { margin-top: 0.3em; display: flex; gap: 0.4em; flex-wrap: wrap; }
.legend .chip { cursor: default; }
#steps { list-style: none; padding: 0; margin: 0; }
#steps li.step { border-left: 4px solid var(--c); padding: 0.2em 0.5em; margin: 2px 0; cursor: pointer;
  background: #fff; }
#steps li.step:hover { background: #f6f8fa; }
#steps li.step.current { background: var(--cl); }
#steps li.in-loop { box-shadow: inset -3px 0 0 #c4b5fd; }
#steps li.loop-start { color: #7c3aed; font-style: italic; padding: 0.3em 0; border-top: 1px dashed #c4b5fd; }
.sn { font-weight: 600; } .thr { color: var(--c); font-weight: 600; }
.loc { font-family: ui-monospace, monospace; font-size: 12px; } .choices { color: var(--muted); font-size: 12px; }
ul.events { margin: 0.1em 0 0.1em 1.2em; padding: 0; font-size: 12px; }
.assign { font-family: ui-monospace, monospace; font-size: 12px; color: #0550ae; }
pre.out { margin: 0.1em 0; padding: 0.1em 0.4em; background: #f6f8fa; white-space: pre-wrap; }
pre.fd2, #output .fd2 { color: #b91c1c; }
#globals td, #globals th { font-family: ui-monospace, monospace; font-size: 12px; }
#globals tr.changed td { background: #fff8c5; }
#globals .since { color: var(--muted); }
#output { white-space: pre-wrap; background: #f6f8fa; padding: 0.4em; min-height: 1.5em; }
@media (max-width: 900px) { body.with-steps main { grid-template-columns: 1fr; } }
"""

SCRIPT = """
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("divm-data").textContent);
  var steps = data.steps, cur = -1, order = [];
  var seen = {};
  steps.forEach(function (s) {
    s.a.forEach(function (a) { if (!seen.hasOwnProperty(a[0])) { seen[a[0]] = true; order.push(a[0]); } });
  });
  function byId(id) { return document.getElementById(id); }
  function text(tag, content, cls) {
    var e = document.createElement(tag);
    e.textContent = content;
    if (cls) { e.className = cls; }
    return e;
  }
  function threadClass(t) { return t === null || t === undefined ? "thsys" : "th" + t; }
  function lineOf(s) { return s && s.f >= 0 ? byId("f" + s.f + "-l" + s.l) : null; }
  function showGlobals(i) {
    var values = {}, since = {}, body = byId("globals").tBodies[0];
    for (var k = 0; k <= i; k++) {
      steps[k].a.forEach(function (a) { values[a[0]] = a[1]; since[a[0]] = k; });
    }
    body.textContent = "";
    order.forEach(function (name) {
      if (!values.hasOwnProperty(name)) { return; }
      var tr = document.createElement("tr");
      if (since[name] === i) { tr.className = "changed"; }
      tr.appendChild(text("td", name));
      tr.appendChild(text("td", values[name]));
      tr.appendChild(text("td", "step " + (since[name] + 1), "since"));
      body.appendChild(tr);
    });
    byId("noglobals").hidden = body.rows.length > 0;
  }
  function showOutput(i) {
    var out = byId("output");
    out.textContent = "";
    for (var k = 0; k <= i; k++) {
      steps[k].o.forEach(function (o) { out.appendChild(text("span", o[1], "fd" + o[0])); });
    }
  }
  function reveal(el, box, centre) {
    /* scroll box (not the page) so that el shows: centred, or just into view below the sticky parts */
    if (!el || !box) { return; }
    var r = el.getBoundingClientRect(), b = box.getBoundingClientRect(), top = 0;
    var sticky = box.querySelector("#controls, details[open] > summary");
    if (sticky) { top = sticky.getBoundingClientRect().height; }
    if (centre) {
      box.scrollTop += r.top - b.top - (box.clientHeight - r.height) / 2;
    } else if (r.top < b.top + top) {
      box.scrollTop += r.top - b.top - top;
    } else if (r.bottom > b.top + box.clientHeight) {
      box.scrollTop += r.bottom - b.top - box.clientHeight;
    }
  }
  function select(i, scroll) {
    if (!steps.length) { return; }
    i = Math.max(0, Math.min(steps.length - 1, i));
    var old = document.querySelectorAll(".line.current, #steps li.current, .chip.now");
    for (var n = 0; n < old.length; n++) {
      old[n].classList.remove("current", "now");
      if (old[n].dataset.thread) { old[n].classList.remove(old[n].dataset.thread); delete old[n].dataset.thread; }
    }
    cur = i;
    var s = steps[i], line = lineOf(s), item = byId("step" + (i + 1));
    if (line) {
      line.classList.add("current", threadClass(s.t));
      line.dataset.thread = threadClass(s.t);
      var chip = line.querySelector('.chip[data-step="' + (i + 1) + '"]');
      if (chip) { chip.classList.add("now"); }
      var file = line.closest("details");
      if (file) { file.open = true; }
    }
    if (item) { item.classList.add("current"); }
    byId("pos").textContent = "step " + (i + 1) + " of " + steps.length;
    byId("where").textContent = s.where;
    byId("prev").disabled = i === 0;
    byId("next").disabled = i === steps.length - 1;
    document.body.dataset.step = String(i + 1);
    showGlobals(i);
    showOutput(i);
    if (scroll) {
      reveal(line, byId("sources"), true);
      reveal(item, byId("side"), false);
    }
    if (location.hash !== "#step=" + (i + 1)) {
      try { history.replaceState(null, "", "#step=" + (i + 1)); } catch (e) { /* a page that may not */ }
    }
  }
  function fromHash() {
    var m = /step=(\\d+)/.exec(location.hash);
    return m ? parseInt(m[1], 10) - 1 : 0;
  }
  window.divm = {
    select: function (n) { select(n - 1, true); },
    next: function () { select(cur + 1, true); },
    prev: function () { select(cur - 1, true); },
    current: function () { return cur + 1; }
  };
  document.addEventListener("click", function (ev) {
    var t = ev.target.closest ? ev.target.closest("[data-step]") : null;
    if (!t || !steps.length) { return; }
    ev.preventDefault();
    select(parseInt(t.dataset.step, 10) - 1, true);
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || /^(INPUT|TEXTAREA|SELECT)$/.test(ev.target.tagName)) { return; }
    var to = {ArrowRight: cur + 1, ArrowLeft: cur - 1, Home: 0, End: steps.length - 1}[ev.key];
    if (to === undefined || !steps.length) { return; }
    ev.preventDefault();
    select(to, true);
  });
  if (steps.length) {
    byId("prev").addEventListener("click", function (ev) { ev.stopPropagation(); select(cur - 1, true); });
    byId("next").addEventListener("click", function (ev) { ev.stopPropagation(); select(cur + 1, true); });
    window.addEventListener("hashchange", function () { if (fromHash() !== cur) { select(fromHash(), true); } });
    select(fromHash(), true);
  }
  document.body.dataset.ready = "1";
})();
"""
