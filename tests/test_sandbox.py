"""The sandbox: a program under divm cannot touch the host.

Files live in libc-shim's in-memory file system, seeded only by
`--file NAME=PATH` (and `--stdin`); shells and network sockets fail (AF_UNIX
sockets live in that file system, fork makes processes inside the VM); the
environment is empty.  Each program in tests/sandbox/ tries one way out.
roundtrip.c, dirs.c and links_pipes.c use only relative names, so a native build run in an
empty directory must print exactly what `divm run` prints."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import TESTS_DIR, divm_cmd, divm_env, require_gcc, run_divm

SANDBOX = TESTS_DIR / "sandbox"


def prog(tmp_path: Path, name: str) -> Path:
    p = tmp_path / f"{name}.c"
    shutil.copy(SANDBOX / f"{name}.c", p)
    return p


def out(r: subprocess.CompletedProcess) -> str:
    return r.stdout.decode("utf-8", "replace")


def ok(r: subprocess.CompletedProcess, status: int = 0) -> str:
    assert r.returncode == status, (r.returncode, out(r)[-2000:], r.stderr.decode()[-2000:])
    assert b"Traceback" not in r.stderr
    return out(r)


def refused(r: subprocess.CompletedProcess, *needles: str) -> None:
    err = r.stderr.decode("utf-8", "replace")
    assert r.returncode == 2, (r.returncode, err)
    assert "Traceback" not in err and "internal error" not in err, err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1, err
    for n in needles:
        assert n in lines[0], (n, lines[0])


# -- escapes ----------------------------------------------------------------------------

def test_writes_stay_inside(tmp_path):
    p = prog(tmp_path, "write_host")
    host = tmp_path / "host"
    host.mkdir()
    new = host / "new.txt"
    old = host / "old.txt"
    old.write_bytes(b"original\n")
    text = ok(run_divm(["run", p, "--", new, old, host], cwd=tmp_path))
    # absolute host paths do not exist in the program's file system
    assert "fopen new: No such file or directory" in text
    assert "fopen existing: No such file or directory" in text
    assert "open: -1 No such file or directory" in text
    assert "unlink: -1 No such file or directory" in text
    assert "mkdir: -1 No such file or directory" in text
    assert not new.exists()
    assert old.read_bytes() == b"original\n"
    assert sorted(x.name for x in host.iterdir()) == ["old.txt"]


def test_writes_to_a_passed_file_stay_inside(tmp_path):
    """A file passed with --file can be overwritten, truncated, renamed and
    removed by the program; the host file keeps its contents."""
    p = prog(tmp_path, "write_host")
    host = tmp_path / "host"
    host.mkdir()
    old = host / "old.txt"
    old.write_bytes(b"original\n")
    name = str(old)  # the same absolute name inside
    text = ok(run_divm(["run", "--file", f"{name}={old}", p, "--", host / "new.txt", name, host],
                       cwd=tmp_path))
    assert "fopen existing: ok" in text
    assert "truncate: 0" in text
    assert "unlink: 0" in text
    assert "mkdir: 0" in text  # the directories on the way were made inside
    assert old.read_bytes() == b"original\n"
    assert sorted(x.name for x in host.iterdir()) == ["old.txt"]
    assert not (host / "new.txt").exists()


def test_host_files_are_not_readable(tmp_path):
    p = prog(tmp_path, "read_host")
    secret = tmp_path / "secret.txt"
    secret.write_text("secret\n")
    text = ok(run_divm(["run", p, "--", secret], cwd=tmp_path))
    assert "fopen HOSTFILE: No such file or directory" in text
    assert "fopen /etc/passwd: No such file or directory" in text
    assert "fopen /etc/hostname: No such file or directory" in text
    assert "open /proc/self/environ: -1 No such file or directory" in text
    assert "stat HOSTFILE: -1 No such file or directory" in text
    assert "access HOSTFILE: -1 No such file or directory" in text
    assert "opendir /etc: No such file or directory" in text
    assert [ln for ln in text.splitlines() if ln.startswith("/ has")] == [
        "/ has .", "/ has ..", "/ has dev", "/ has tmp"]
    assert "secret" not in text


def test_read_passed_files(tmp_path):
    p = prog(tmp_path, "read_file")
    (tmp_path / "in.txt").write_text("alpha\nbeta\ngamma\n")
    (tmp_path / "n.txt").write_text("42")
    text = ok(run_divm(["run", "--file", "input.txt=in.txt", "--file", "/data/deep/n.txt=n.txt", p],
                       cwd=tmp_path))
    assert text == ("1: alpha\n2: beta\n3: gamma\neof 1 error 0\nsize 17 regular 1\n"
                    "n.txt: 2 [42]\ndeep is a directory: 1\nlines now 4\n"
                    "write to read-only fd: -1 Bad file descriptor\n")
    assert (tmp_path / "in.txt").read_text() == "alpha\nbeta\ngamma\n"


def test_missing_passed_file_is_enoent(tmp_path):
    """Without --file the same program finds nothing."""
    p = prog(tmp_path, "read_file")
    r = run_divm(["run", p], cwd=tmp_path)
    assert r.returncode == 3, (r.returncode, r.stderr)
    assert b"input.txt: No such file or directory" in r.stderr


@pytest.mark.parametrize("name", ["roundtrip", "dirs", "links_pipes"])
def test_file_system_matches_native(tmp_path, name):
    """Relative names only: a native run in a directory holding just dev/
    and tmp/ (as the program's root) prints the same as divm."""
    gcc = require_gcc()
    p = prog(tmp_path, name)
    exe = tmp_path / f"{name}.native"
    subprocess.run([gcc, "-w", "-o", str(exe), str(p)], check=True, timeout=60)
    work = tmp_path / "work"
    (work / "tmp").mkdir(parents=True)
    (work / "dev").mkdir()
    native = subprocess.run([str(exe)], cwd=work, stdout=subprocess.PIPE, timeout=10)
    assert native.returncode == 0
    text = ok(run_divm(["run", p], cwd=tmp_path))
    assert text == native.stdout.decode()
    assert sorted(x.name for x in tmp_path.iterdir()) == sorted([p.name, exe.name, "work"])


def test_devices_permissions_temporary_files(tmp_path):
    """/dev/null, /dev/zero, /dev/std*; owner permission bits; umask;
    mkstemp/mkdtemp; getcwd(NULL), realpath, link (tests/sandbox/special.out)."""
    p = prog(tmp_path, "special")
    (tmp_path / "in.txt").write_text("input line\n")
    text = ok(run_divm(["run", "--stdin", "in.txt", p], cwd=tmp_path))
    assert text == (SANDBOX / "special.out").read_text()


def test_program_defines_open_and_close(tmp_path):
    p = prog(tmp_path, "own_names")
    assert ok(run_divm(["run", p], cwd=tmp_path)) == "abc\n4\nuser open\n99\n"


def test_no_processes(tmp_path):
    p = prog(tmp_path, "process")
    marker = tmp_path / "marker"
    text = ok(run_divm(["run", p, "--", marker], cwd=tmp_path))
    assert not marker.exists()
    assert "system(NULL): 0" in text
    for call in ("system", "execve", "execv", "execvp", "execl", "execlp", "vfork"):
        assert f"{call}: -1 Function not implemented" in text, call
    assert "popen: Function not implemented" in text
    assert "posix_spawn: Function not implemented" in text
    assert "posix_spawnp: Function not implemented" in text
    # fork makes a process inside the VM (its exec fails as well): wait reaps it
    assert "fork: 2\n" in text and "wait: 2\n" in text
    assert "waitpid: -1 No child processes" in text


def test_no_network(tmp_path):
    p = prog(tmp_path, "network")
    text = ok(run_divm(["run", p], cwd=tmp_path))
    assert "socket: -1 Permission denied" in text
    assert "socket unix seqpacket: -1 Protocol not supported" in text
    assert "socketpair: 0" in text                             # AF_UNIX: in the file system
    assert "port 80 addr 127.0.0.1" in text
    assert "connect: -1 Bad file descriptor" in text
    assert "connect 3: -1 Address family not supported by protocol" in text
    assert "send on stdout: -1 Socket operation on non-socket" in text
    assert "gethostbyname: not found" in text


def test_no_host_environment(tmp_path):
    p = prog(tmp_path, "env")
    env = divm_env()
    env["HOME"] = "/home/host-user"
    env["DIVM_SANDBOX_SECRET"] = "leaked"
    r = subprocess.run(divm_cmd("run", p), cwd=tmp_path, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    text = ok(r)
    assert text == ("HOME=(null)\nPATH=(null)\nUSER=(null)\nDIVM_SANDBOX_SECRET=(null)\nPYTHONPATH=(null)\n"
                    "environ 0\nenvp 0\nHOME=/home/inside\n")


# -- verify and replay ----------------------------------------------------------------------

def test_verify_finds_race_through_a_file_and_replays_without_it(tmp_path):
    p = prog(tmp_path, "thread_write")
    counter = tmp_path / "counter.txt"
    counter.write_text("5\n")
    trace = tmp_path / "tw.trace.json"
    report = tmp_path / "r.json"
    r = run_divm(["verify", "-o", "nofail:malloc", "--file", f"counter.txt={counter}", "--trace-out", trace,
                  "--report", report, p], cwd=tmp_path, timeout=300)
    ok(r, 1)
    rep = json.loads(report.read_text())
    assert rep["error"]["kind"] == "assert"
    assert counter.read_text() == "5\n"
    data = json.loads(trace.read_text())
    assert data["options"]["files"] == [{"name": "/counter.txt", "contents": "NQo="}]
    counter.unlink()  # the contents come from the trace
    r = run_divm(["replay", p, trace], cwd=tmp_path, timeout=120)
    text = ok(r, 1)
    # (the file's 5 from the trace; the update lost, or read while the other thread had truncated the file)
    m = re.search(r"counter 5 -> (\d+)", text)
    assert m and m.group(1) != "7", text
    assert b"Assertion failed" in r.stderr
    assert not counter.exists()


def test_verify_with_lock_is_valid(tmp_path):
    p = prog(tmp_path, "thread_write")
    (tmp_path / "c.txt").write_text("0\n")
    r = run_divm(["verify", "-o", "nofail:malloc", "--file", "counter.txt=c.txt", p, "--", "lock"],
                 cwd=tmp_path, timeout=300)
    ok(r, 0)
    assert (tmp_path / "c.txt").read_text() == "0\n"


def test_pipe_read_waits_for_the_writer(tmp_path):
    """A read of an empty pipe blocks until the writer thread writes (no
    error in any interleaving); a read nobody can satisfy is a deadlock at
    the read."""
    p = prog(tmp_path, "pipe_wait")
    rep = tmp_path / "r.json"
    ok(run_divm(["verify", "--report", rep, p], cwd=tmp_path), 0)
    assert json.loads(rep.read_text())["result"] == "valid"
    r = run_divm(["verify", "--report", rep, p, "--", "x"], cwd=tmp_path)
    assert r.returncode == 1, r.stderr.decode()[-2000:]
    err = json.loads(rep.read_text())["error"]
    assert err["kind"] == "deadlock"
    assert (err["backtrace"][0]["function"], err["backtrace"][0]["line"]) == ("main", 31)


def test_replay_refuses_bad_files_in_trace(tmp_path):
    p = prog(tmp_path, "thread_write")
    (tmp_path / "c.txt").write_text("1\n")
    trace = tmp_path / "t.json"
    ok(run_divm(["verify", "-o", "nofail:malloc", "--file", "counter.txt=c.txt", "--trace-out", trace, p],
                cwd=tmp_path, timeout=300), 1)
    good = json.loads(trace.read_text())
    for files in ([{"name": "/counter.txt", "contents": "***"}], [{"name": "counter.txt", "contents": ""}],
                  [{"name": "/a"}], "x", [["/a", ""]],
                  [{"name": "/a", "contents": ""}, {"name": "/a", "contents": ""}]):
        bad = dict(good, options=dict(good["options"], files=files))
        trace.write_text(json.dumps(bad))
        refused(run_divm(["replay", p, trace], cwd=tmp_path), "malformed trace")
    # other contents: the run differs, the program reads 7 and no longer fits the trace or ends otherwise
    other = dict(good, options=dict(good["options"], files=[{"name": "/counter.txt", "contents": "Nwo="}]))
    trace.write_text(json.dumps(other))
    r = run_divm(["replay", p, trace], cwd=tmp_path)
    assert re.search(rb"counter 7 -> \d+\n", r.stdout), r.stdout


# -- bad --file values -----------------------------------------------------------------------

@pytest.mark.parametrize("spec,needle", [
    ("noequals", "expected NAME=PATH"),
    ("=in.txt", "expected NAME=PATH"),
    ("name=", "expected NAME=PATH"),
    ("name=missing.txt", "No such file or directory"),
    ("name=.", "Is a directory"),
    ("dir/=in.txt", "not a file name"),
    ("/=in.txt", "not a file name"),
    ("..=in.txt", "not a file name"),
])
@pytest.mark.parametrize("command", ["run", "verify"])
def test_bad_file_option(tmp_path, spec, needle, command):
    (tmp_path / "in.txt").write_text("x")
    (tmp_path / "t.c").write_text("int main(void) { return 0; }\n")
    refused(run_divm([command, "--file", spec, "t.c"], cwd=tmp_path), "--file", needle)


@pytest.mark.parametrize("specs,needle", [
    (["a=in.txt", "/a=in.txt"], "given twice"),
    (["a=in.txt", "a/b=in.txt"], "is a file, not a directory"),
])
def test_conflicting_file_options(tmp_path, specs, needle):
    (tmp_path / "in.txt").write_text("x")
    (tmp_path / "t.c").write_text("int main(void) { return 0; }\n")
    args = ["run"]
    for s in specs:
        args += ["--file", s]
    refused(run_divm([*args, "t.c"], cwd=tmp_path), needle)
