"""`divm draw`: the state graph (threads' locations, labelled transitions,
the path to an error, a liveness lasso), `--max-states`, the memory graph
of one state, rendering with Graphviz's dot, and bad requests."""

import os
import re
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIVENESS = os.path.join(ROOT, "tests", "liveness")

RACE = r"""
#include <pthread.h>
#include <assert.h>

int x;

void *worker(void *arg)
{
    x = x + 1;
    return 0;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    x = x + 1;
    pthread_join(t, 0);
    assert(x == 2);
    return 0;
}
"""

HEAP = r"""
#include <stdlib.h>

struct node { int val; char tag; struct node *next; };
struct node *head;

int main(void)
{
    head = malloc(sizeof(struct node));
    head->tag = 'a';
    head->next = 0;
    return 0;
}
"""


def divm(*args, env=None):
    return subprocess.run([sys.executable, "-m", "divm", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=600, env=env)


def program(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def nodes(dot: str) -> dict[str, str]:
    """Node name -> its attribute text."""
    return dict(re.findall(r"^  ([se]\d+) \[(.*)\];$", dot, re.M))


def edges(dot: str) -> list[tuple[str, str, str]]:
    """(from, to, attribute text) of each edge."""
    return re.findall(r"^  (\w+)(?::\w+)? -> (\w+) ?\[?(.*?)\]?;$", dot, re.M)


def test_race_error_path(tmp_path):
    prog = program(tmp_path, "race.c", RACE)
    r = divm("draw", prog)
    assert r.returncode == 0, r.stderr
    dot = r.stdout
    assert dot.startswith("digraph states {") and dot.rstrip().endswith("}")
    ns = nodes(dot)
    errors = [n for n, a in ns.items() if n.startswith("e")]
    assert len(errors) == 1 and "error: assert" in ns[errors[0]] and "race.c:19" in ns[errors[0]]
    # every thread's location in the state labels
    assert any("T1 main race.c:17" in a and "T2 worker" in a for a in ns.values()), dot
    # transitions: the thread that ran and the scheduler's choice
    es = edges(dot)
    assert any(re.search(r'label="T2 1/2"', a) for _, _, a in es), dot
    # the highlighted edges form one path from state 0 to the error
    red = {src: dst for src, dst, a in es if "color=red" in a}
    assert len(red) == sum(1 for _, _, a in es if "color=red" in a)  # one red edge out of each state
    at, seen = "s0", []
    while at in red and at not in seen:
        seen.append(at)
        at = red[at]
    assert at == errors[0] and len(seen) == len(red), (red, seen)
    assert all("color=red" in ns[s] for s in seen)
    assert "error: assert" in r.stderr


def test_max_states_bounds_the_graph(tmp_path):
    prog = program(tmp_path, "race.c", RACE)
    full = nodes(divm("draw", prog).stdout)
    r = divm("draw", "--max-states", "5", prog)
    assert r.returncode == 0, r.stderr
    ns = nodes(r.stdout)
    states = [n for n in ns if n.startswith("s")]
    assert states == [f"s{i}" for i in range(5)] and len([n for n in full if n.startswith("s")]) > 5
    assert "state limit 5 reached" in r.stdout and any("dashed" in ns[s] for s in states)
    assert all(int(a[1:]) < 5 and (b.startswith("e") or int(b[1:]) < 5) for a, b, _ in edges(r.stdout))
    # breadth-first numbering: the first states are the same states
    label = lambda attrs: re.match(r'label="(.*?)(?<!\\)"', attrs).group(1)  # noqa: E731
    assert [label(ns[s]) for s in states] == [label(full[s]) for s in states]


def test_memory_graph_of_heap_state(tmp_path):
    prog = program(tmp_path, "heap.c", HEAP)
    r = divm("draw", "-o", "nofail:malloc", "--memory", "1", prog)
    assert r.returncode == 0, r.stderr
    dot = r.stdout
    assert dot.startswith("digraph memory {")
    objs = dict(re.findall(r"^  (o\d+) \[label=<(.*)>\];$", dot, re.M))
    head = next(o for o, lab in objs.items() if "<b>head</b>" in lab)
    heap = next(o for o, lab in objs.items() if "<b>heap 1</b>" in lab)
    assert re.search(rf"^  {head}:p0 -> {heap};$", dot, re.M), dot
    # val is set by nobody, tag is 'a', the padding after it undefined; next is NULL
    assert "heap, 16 bytes, 7 undefined" in objs[heap]
    assert "?? ?? ?? ?? 61 ?? ?? ??" in objs[heap] and "NULL" in objs[heap]
    assert "__dios" not in dot and "frame of" not in dot  # DiOS's objects only with --all
    everything = divm("draw", "-o", "nofail:malloc", "--memory", "1", "--all", prog)
    assert everything.returncode == 0 and everything.stdout.count("[label=<") > len(objs)


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
def test_render_svg(tmp_path):
    prog = program(tmp_path, "race.c", RACE)
    out = tmp_path / "race.svg"
    r = divm("draw", "-o", "nofail:malloc", "-o", str(out), prog)  # -o: a machine option and the picture
    assert r.returncode == 0, r.stderr
    text = out.read_text()
    assert "<svg" in text and "</svg>" in text and "error: assert" in text
    png = tmp_path / "mem.png"
    r = divm("draw", "--memory", "2", "--output", str(png), prog)
    assert r.returncode == 0, r.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_no_dot_program(tmp_path):
    prog = program(tmp_path, "race.c", RACE)
    env = {**os.environ, "PATH": str(tmp_path)}  # no dot there
    r = divm("draw", "-o", str(tmp_path / "x.svg"), prog, env=env)
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1 and "dot" in r.stderr and "graphviz" in r.stderr
    assert not (tmp_path / "x.svg").exists()


def test_liveness_lasso(tmp_path):
    r = divm("draw", "--liveness", os.path.join(LIVENESS, "accept_forever.c"))
    assert r.returncode == 0, r.stderr
    es = edges(r.stdout)
    assert any(a == b and "color=red" in attrs and "acc" in attrs for a, b, attrs in es), r.stdout
    assert any(a == "s0" and "color=blue" in attrs for a, _, attrs in es)
    # an LTL property: the run ends with x == 3 and stutters there forever
    out = tmp_path / "counter.dot"
    r = divm("draw", "--liveness", os.path.join(LIVENESS, "counter.ltl"), "--property", "stays_small",
             "-o", str(out), os.path.join(LIVENESS, "counter.c"))
    assert r.returncode == 0, r.stderr
    dot = out.read_text()
    loop = [(a, b) for a, b, attrs in edges(dot) if "color=red" in attrs]
    assert len(loop) == 1 and loop[0][0] == loop[0][1] and "stutter" in dot
    assert "{small}" in dot and "accepting lasso" in dot
    holds = divm("draw", "--liveness", os.path.join(LIVENESS, "counter.ltl"), "--property", "until",
                 os.path.join(LIVENESS, "counter.c"))
    assert holds.returncode == 0 and "color=red" not in holds.stdout


@pytest.mark.parametrize("args, words", [
    (["--memory", "999"], "no such state"),
    (["--memory", "-1"], "numbered from 0"),
    (["--max-states", "3", "--memory", "7"], "raise --max-states"),
    (["--output", "x.txt"], "FILE.dot"),
    (["--all"], "--memory"),
])
def test_bad_requests(tmp_path, args, words):
    prog = program(tmp_path, "race.c", RACE)
    r = divm("draw", *args, prog)
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1 and words in r.stderr, r.stderr
    assert r.stdout == ""
