"""divm verify --html DIR: one self-contained page with the verdict, the
statistics and the counterexample stepped through on the sources.  The
pages are checked as text (escaping, no external URLs, what each kind of
result shows) and in a real headless Chromium, driven over the DevTools
protocol on a pipe (no Python dependency): they load without console
errors, and `#step=N`, the buttons, the keys and the step list move the
highlight.  The browser tests are skipped when no Chromium is installed
(Debian: `apt-get install chromium`; DIVM_TEST_CHROMIUM names a binary)."""

from __future__ import annotations

import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LIVENESS = ROOT / "tests" / "liveness"

RACE = r"""#include <pthread.h>
#include <stdio.h>
/* <script>document.title = "pwned";</script> & </textarea> "quoted" */
int counter;
int phase;

void *worker(void *arg)
{
    counter++;
    return arg;
}

int main(void)
{
    pthread_t a, b;
    phase = 1;
    printf("start <i>&amp;\n");
    pthread_create(&a, NULL, worker, NULL);
    phase = 2;
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
"""

VALID = "int g;\n\nint main(void)\n{\n    g = 1;\n    return g - 1;\n}\n"


def divm(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "divm", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT)})


def verify_html(tmp: Path, name: str, *args: str) -> tuple[dict, str, subprocess.CompletedProcess]:
    """divm verify ... --html tmp/name (run in tmp); the report and the page."""
    rep = tmp / f"{name}.json"
    r = divm("verify", "--html", name, "--report", str(rep), "--trace-out", str(tmp / f"{name}.trace.json"),
             *args, cwd=tmp)
    assert "Traceback" not in r.stderr and r.returncode in (0, 1), r.stderr
    page = (tmp / name / "index.html").read_text()
    return json.loads(rep.read_text()), page, r


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict:
    """The three pages: a race (three threads), a valid program, a liveness lasso."""
    tmp = tmp_path_factory.mktemp("html")
    (tmp / "race.c").write_text(RACE)
    (tmp / "valid.c").write_text(VALID)
    out = {"dir": tmp}
    out["race"] = verify_html(tmp, "race", "-o", "check:race", "race.c")
    out["valid"] = verify_html(tmp, "valid", "valid.c")
    out["live"] = verify_html(tmp, "live", "--liveness", str(LIVENESS / "starve.ltl"), str(LIVENESS / "starve.c"))
    return out


def step_items(page: str) -> list[str]:
    return re.findall(r'<li class="step ([^"]*)" data-step="(\d+)"', page)


# ---------------------------------------------------------------------------
# the page as text

def test_error_page(pages):
    report, page, r = pages["race"]
    assert r.returncode == 1 and report["result"] == "error" and report["error"]["kind"] == "race"
    assert 'id="verdict">error found<' in page and "data race on counter" in page
    items = step_items(page)
    assert len(items) == len(report["steps"]) >= 3
    threads = {re.search(r"\bth(\d+)\b", cls).group(1) for cls, _ in items}
    assert len(threads) >= 2, threads
    colours = {t: re.search(rf"\.th{t}\{{--c:(#[0-9a-f]{{6}})", page).group(1) for t in threads}
    assert len(set(colours.values())) == len(threads)  # a colour per thread
    # every line a step stops at is marked, with the step's number
    for k, st in enumerate(report["steps"], 1):
        m = re.search(rf'<div class="line ([^"]*)" id="f0-l{st["line"]}">.*?</div>', page)
        assert m and "visited" in m.group(1) and f'data-step="{k}"' in m.group(0)
    assert re.search(rf'<div class="line [^"]*\berr\b[^"]*" id="f0-l{report["error"]["backtrace"][0]["line"]}"',
                     page)
    assert "phase = 1" in page and "states" in page and 'data-key="transitions"' in page


def test_program_text_is_escaped(pages):
    _, page, _ = pages["race"]
    assert "/* &lt;script&gt;document.title = &quot;pwned&quot;;&lt;/script&gt; &amp; &lt;/textarea&gt;" in page
    assert page.count("<script") == 2  # the page's data and its code, nothing from the program
    assert "start &lt;i&gt;&amp;amp;" in page  # the program's output in the step list
    data = re.search(r'<script type="application/json" id="divm-data">(.*?)</script>', page, re.S).group(1)
    assert "<" not in data and json.loads(data)["steps"][0]["o"] == [[1, "start <i>&amp;\n"]]


@pytest.mark.parametrize("which", ["race", "valid", "live"])
def test_no_external_urls(pages, which):
    _, page, _ = pages[which]
    assert "http:" not in page and "https:" not in page and "url(" not in page and "@import" not in page
    for attr in re.findall(r'\b(?:src|href|action|srcset)\s*=\s*"([^"]*)"', page):
        assert attr.startswith("#"), attr
    assert "default-src 'none'" in page  # and the browser is told to fetch nothing


def test_valid_page(pages):
    report, page, r = pages["valid"]
    assert r.returncode == 0 and report["result"] == "valid"
    assert 'id="verdict">valid: no error found<' in page
    assert 'data-key="states"' in page and 'id="steps"' not in page and 'id="error"' not in page
    assert "<summary>valid.c</summary>" in page and "g = 1;" in page  # the program's source, unmarked
    assert "line visited" not in page


def test_liveness_page(pages):
    report, page, r = pages["live"]
    assert r.returncode == 1 and report["property"].startswith("liveness:")
    cycle = json.loads(Path(report["trace"]).read_text())["cycle_start"]
    assert cycle is not None
    items = step_items(page)
    assert [("in-loop" in cls) for cls, _ in items] == [k >= cycle for k in range(len(items))]
    assert page.index("the loop starts here") < page.index(f'data-step="{cycle + 1}" id="step{cycle + 1}"')
    loop_line = report["steps"][-1]["line"]
    assert re.search(rf'<div class="line [^"]*\bloop\b[^"]*" id="f0-l{loop_line}"', page)
    assert "<summary>starve.c</summary>" in page


def test_write_html_directly(tmp_path):
    """File names resolved beside the program, in divm's checkout, or not at
    all; everything from the report escaped; a liveness cycle in the report."""
    from divm.cli.html import write_html
    (tmp_path / "prog.c").write_text("int main(void)\n{\n    return 0;\n}\n")
    nasty = '</script><script>alert(1)</script>'
    report = {"result": "error", "property": "liveness:p", "cycle_start": 1, "states": 3,
              "error": {"kind": "assert", "message": nasty, "backtrace": [{"function": "main", "file": "prog.c",
                                                                          "line": 3}]},
              "steps": [{"thread": 1, "function": "main", "file": "/elsewhere/prog.c", "line": 3, "choices": [],
                         "assignments": [{"name": "g", "value": nasty}], "events": [nasty]},
                        {"thread": 1, "function": "write", "file": "libc-shim/src/fs.c", "line": 1,
                         "choices": [[0, 2]]},
                        {"thread": None, "choices": [], "note": "the system ran"},
                        {"thread": 2, "function": "f", "file": "missing.c", "line": 7, "choices": []}]}
    path = write_html(tmp_path / "out" / "deep", report, tmp_path / "prog.c")
    page = Path(path).read_text()
    assert page.count("<script") == 2 and "alert(1)" in page and "&lt;/script&gt;" in page
    names = re.findall(r"<summary>(.*?)</summary>", page)
    assert names == ["prog.c", "libc-shim/src/fs.c"]  # by base name beside the program; from the checkout
    assert 'id="f0-l3"' in page and re.search(r'class="line visited err" id="f0-l3"', page)
    assert "the loop starts here" in page and "the system ran" in page and "missing.c:7" in page


def test_html_target_checked_first(tmp_path):
    (tmp_path / "valid.c").write_text(VALID)
    (tmp_path / "plain").write_text("")
    r = divm("verify", "--html", "plain", "valid.c", cwd=tmp_path)
    assert r.returncode == 2 and r.stderr.strip() == "divm: --html plain: not a directory", r.stderr
    r = divm("verify", "--html", "plain/sub", "valid.c", cwd=tmp_path)
    assert r.returncode == 2 and r.stderr.strip().splitlines()[-1].startswith("divm: error: cannot write plain/sub/")


def test_python_api(tmp_path):
    import divm as api
    (tmp_path / "valid.c").write_text(VALID)
    report = api.verify(tmp_path / "valid.c", html=str(tmp_path / "page"))
    assert report["result"] == "valid" and "valid: no error found" in (tmp_path / "page" / "index.html").read_text()


# ---------------------------------------------------------------------------
# in a browser

def find_chromium() -> str | None:
    names = [os.environ.get("DIVM_TEST_CHROMIUM", ""), "chromium", "chromium-browser", "google-chrome",
             "google-chrome-stable", "chrome", "chromium-headless-shell", "headless_shell"]
    return next((p for p in (shutil.which(n) for n in names if n) if p), None)


class Browser:
    """Headless Chromium over the DevTools protocol on a pipe (fds 3 and 4,
    NUL-separated JSON): no websocket, no Python package."""

    def __init__(self, exe: str):
        self.profile = tempfile.mkdtemp(prefix="divm-chromium-")
        to_child, self.w = os.pipe()
        self.r, from_child = os.pipe()

        def fds():  # in the child: its ends as fds 3 (commands) and 4 (answers)
            a, b = os.dup(to_child), os.dup(from_child)
            os.dup2(a, 3)
            os.dup2(b, 4)
        self.proc = subprocess.Popen([exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                      "--remote-debugging-pipe", f"--user-data-dir={self.profile}",
                                      "--window-size=1280,800", "about:blank"],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, preexec_fn=fds, close_fds=False)
        os.close(to_child)
        os.close(from_child)
        self.buf, self.n, self.events = b"", 0, []

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self.w)
        os.close(self.r)
        shutil.rmtree(self.profile, ignore_errors=True)

    def recv(self, timeout: float) -> dict:
        end = time.time() + timeout
        while b"\0" not in self.buf:
            left = end - time.time()
            if left <= 0 or not select.select([self.r], [], [], left)[0]:
                raise TimeoutError("no answer from chromium")
            chunk = os.read(self.r, 1 << 16)
            if not chunk:
                raise EOFError("chromium went away")
            self.buf += chunk
        msg, _, self.buf = self.buf.partition(b"\0")
        return json.loads(msg)

    def send(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        self.n += 1
        msg = {"id": self.n, "method": method, "params": params or {}, **({"sessionId": session} if session else {})}
        os.write(self.w, json.dumps(msg).encode() + b"\0")
        while True:
            m = self.recv(30)
            if m.get("id") == self.n:
                assert "error" not in m, (method, m["error"])
                return m["result"]
            self.events.append(m)

    def wait_for(self, method: str, session: str, timeout: float = 30) -> None:
        end = time.time() + timeout
        while not any(e.get("method") == method and e.get("sessionId") == session for e in self.events):
            self.events.append(self.recv(max(end - time.time(), 0.01)))

    def open(self, url: str) -> "Page":
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Runtime", "Log", "Page"):
            self.send(f"{domain}.enable", session=session)
        self.send("Page.navigate", {"url": url}, session=session)
        self.wait_for("Page.loadEventFired", session)
        return Page(self, session)


class Page:
    def __init__(self, browser: Browser, session: str):
        self.b, self.session = browser, session

    def eval(self, expr: str):
        r = self.b.send("Runtime.evaluate", {"expression": expr, "returnByValue": True}, self.session)
        assert "exceptionDetails" not in r, r
        return r["result"].get("value")

    def errors(self) -> list[str]:
        """Console errors and warnings, uncaught exceptions, failed loads and
        policy violations the browser reported for this page."""
        self.eval("1")  # everything before this has arrived
        out = []
        for e in self.b.events:
            p = e.get("params", {})
            if e.get("sessionId") != self.session:
                continue
            if e["method"] == "Runtime.consoleAPICalled" and p["type"] in ("error", "warning", "assert"):
                out.append(f"console.{p['type']}: {[a.get('value') for a in p['args']]}")
            elif e["method"] == "Runtime.exceptionThrown":
                d = p["exceptionDetails"]
                out.append(f"exception: {d.get('exception', {}).get('description') or d.get('text')}")
            elif e["method"] == "Log.entryAdded" and p["entry"]["level"] in ("error", "warning"):
                out.append(f"log: {p['entry']['text']}")
        return out

    def click(self, selector: str) -> None:
        """A real mouse click in the middle of the element."""
        box = self.eval(f"(function () {{ var e = document.querySelector({json.dumps(selector)}); "
                        "e.scrollIntoView({block: 'center'}); var r = e.getBoundingClientRect(); "
                        "return [r.left + r.width / 2, r.top + r.height / 2]; })()")
        for kind in ("mousePressed", "mouseReleased"):
            self.b.send("Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1], "button": "left",
                                                     "clickCount": 1}, self.session)

    def key(self, name: str, code: int) -> None:
        for kind in ("rawKeyDown", "keyUp"):
            self.b.send("Input.dispatchKeyEvent", {"type": kind, "key": name, "code": name,
                                                   "windowsVirtualKeyCode": code}, self.session)

    def state(self) -> dict:
        """The selected step, the current line, the address's fragment."""
        return self.eval("({step: document.body.dataset.step, hash: location.hash, "
                         "lines: Array.from(document.querySelectorAll('.line.current')).map(e => e.id), "
                         "items: Array.from(document.querySelectorAll('#steps li.current')).map(e => e.id), "
                         "pos: document.getElementById('pos') && document.getElementById('pos').textContent})")


@pytest.fixture(scope="module")
def browser():
    exe = find_chromium()
    if exe is None:
        pytest.skip("no Chromium binary (apt-get install chromium, or set DIVM_TEST_CHROMIUM)")
    b = Browser(exe)
    try:
        b.send("Browser.getVersion")
        yield b
    finally:
        b.close()


def url(pages, which: str, fragment: str = "") -> str:
    return (pages["dir"] / which / "index.html").as_uri() + fragment


def test_browser_notices_errors(browser, tmp_path):
    """The check itself: a page that fails is seen failing."""
    bad = tmp_path / "bad.html"
    bad.write_text('<!DOCTYPE html><script>console.error("boom"); undefinedFunction();</script>'
                   '<img src="missing.png">')
    errors = browser.open(bad.as_uri()).errors()
    assert any("boom" in e for e in errors) and any("undefinedFunction" in e for e in errors), errors


@pytest.mark.parametrize("which", ["race", "valid", "live"])
def test_pages_load_without_errors(browser, pages, which):
    page = browser.open(url(pages, which))
    assert page.eval("document.body.dataset.ready") == "1"
    assert page.errors() == []
    assert page.eval("document.title").startswith("divm: ")
    if which == "valid":
        assert page.eval("document.getElementById('steps')") is None
    else:
        assert page.state()["step"] == "1"


def test_program_text_stays_text(browser, pages):
    page = browser.open(url(pages, "race"))
    assert page.eval("document.scripts.length") == 2 and "pwned" not in page.eval("document.title")
    assert page.eval("document.getElementById('f0-l3').querySelector('code').textContent").startswith(
        '/* <script>document.title = "pwned";</script>')


def test_stepping_moves_the_highlight(browser, pages):
    report = pages["race"][0]
    line = {k: f"f0-l{st['line']}" for k, st in enumerate(report["steps"], 1)}
    assert line[1] != line[3] != line[4]
    first = browser.open(url(pages, "race", "#step=1")).state()
    assert first["step"] == "1" and first["lines"] == [line[1]] and first["items"] == ["step1"]
    page = browser.open(url(pages, "race", "#step=3"))
    st = page.state()
    assert st["step"] == "3" and st["lines"] == [line[3]] and st["pos"] == f"step 3 of {len(line)}"
    page.click("#next")
    assert page.state() == {"step": "4", "hash": "#step=4", "lines": [line[4]], "items": ["step4"],
                            "pos": f"step 4 of {len(line)}"}
    page.key("ArrowLeft", 37)
    page.key("ArrowLeft", 37)
    st = page.state()
    assert st["step"] == "2" and st["lines"] == [line[2]] and st["hash"] == "#step=2"
    page.key("ArrowRight", 39)
    assert page.state()["lines"] == [line[3]]
    page.click("#step1 .loc")
    assert page.state()["lines"] == [line[1]]
    page.click("#prev")  # at the first step: stays
    assert page.state()["step"] == "1" and page.eval("document.getElementById('prev').disabled")
    # the current line wears its thread's colour
    colour = page.eval(f"getComputedStyle(document.getElementById('{line[1]}')).borderLeftColor")
    item = page.eval("getComputedStyle(document.getElementById('step1')).borderLeftColor")
    assert colour == item
    # the globals' values accumulate up to the step, the output too
    page.eval("divm.select(5)")
    rows = page.eval("Array.from(document.querySelectorAll('#globals tr')).map(r => r.cells[0].textContent + "
                     "'=' + r.cells[1].textContent)")
    assert [r for r in rows if not r.startswith("local ")] == ["phase=2"]  # (and the running threads' locals)
    assert page.eval("document.getElementById('output').textContent") == "start <i>&amp;\n"
    page.eval("divm.select(1)")
    assert page.eval("document.querySelector('#globals tr.changed td').textContent") == "phase"
    assert page.errors() == []
