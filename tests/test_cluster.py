"""`divm verify --cluster ADDRESS`: the search on a Ray cluster (explore/cluster.py).

The cluster is real: three nodes started on this machine by Ray's own
utility (`ray.cluster_utils.Cluster`), each with its own raylet and object
store and one CPU, so the three actors run on three nodes and talk over
TCP.  DIVM_CLUSTER_WARMUP=0 hands the search to the actors as soon as
there is work for each (else these small programs would be finished by the
driver alone).  Valid programs: the same states as one process, and
without sleep sets the same transitions too.  Buggy ones: the same verdict and kind, and a counterexample that
`divm replay` re-runs.  Limits and SIGINT: inconclusive, with a report,
and no actor left behind.

`divm smc --cluster`: the same answer as one process.

Without Ray the tests that need a cluster are skipped (pip install
'divm[cluster]'); the checks of the options and of the boot's independence
of the process still run."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from test_interrupt import MANY_STATES  # a lock taken 90 times: more states than a test waits for

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERIFY = os.path.join(ROOT, "tests", "verify")
BENCH = os.path.join(ROOT, "tools", "verify_benchmarks")
ENV = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
ENV["DIVM_CLUSTER_WARMUP"] = "0"
NODES = 3

# all of this module's tests share one cluster (make test: --dist loadgroup)
pytestmark = pytest.mark.xdist_group("ray-cluster")


@pytest.fixture(scope="module")
def cluster():
    """The address of a Ray cluster of NODES nodes on this machine."""
    pytest.importorskip("ray", reason="Ray is not installed: pip install 'divm[cluster]'")
    from ray.cluster_utils import Cluster
    node = {"num_cpus": 1, "object_store_memory": 100 << 20}
    c = Cluster(initialize_head=True, head_node_args=node)
    try:
        for _ in range(NODES - 1):
            c.add_node(**node)
        c.wait_for_nodes()
        yield c.address
    finally:
        c.shutdown()


def divm(*args, env=None, timeout=300):
    return subprocess.run([sys.executable, "-m", "divm", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=timeout, env=env or ENV)


def verify(tmp_path, prog, *opts, tag="c", env=None):
    rep = str(tmp_path / f"{tag}.json")
    trace = str(tmp_path / f"{tag}.trace.json")
    r = divm("verify", *opts, "--report", rep, "--trace-out", trace, prog, env=env)
    assert "Traceback" not in r.stderr, r.stderr
    assert os.path.exists(rep), r.stderr[-3000:]
    return r, json.load(open(rep)), trace


def counts(rep):
    return rep["result"], rep["states"], rep["transitions"]


@pytest.mark.parametrize("prog", [os.path.join(BENCH, "philosophers.c"), os.path.join(VERIFY, "peterson.c")],
                         ids=["philosophers", "peterson"])
def test_same_states_as_one_process(tmp_path, cluster, prog):
    """With sleep sets (each state's travels with it), so at most the
    transitions of a plain search; the exact counts: the next test."""
    _, one, _ = verify(tmp_path, prog, "--no-symmetry", "--no-sleep-sets", tag="one")
    assert one["result"] == "valid", one
    r, par, _ = verify(tmp_path, prog, "--cluster", cluster)  # one actor per CPU: one per node
    assert r.returncode == 0, r.stderr[-3000:]
    assert (par["result"], par["states"]) == (one["result"], one["states"]), (one, par)
    assert par["sleep_sets"] == "on" and par["transitions"] <= one["transitions"], (one, par)
    c = par["cluster"]
    assert par["workers"] == c["actors"] == NODES and c["nodes"] == NODES, c
    assert sum(c["actor_states"]) + 1 == par["states"]  # (+ the initial state, which every actor knows)
    assert all(c["actor_states"]), c  # every partition got states
    assert c["messages"] > 0 and c["bytes_sent"] > 0 and c["states_sent"] > 0, c


def test_hash_compaction_and_auto_address(tmp_path, cluster):
    prog = os.path.join(VERIFY, "peterson.c")
    _, one, _ = verify(tmp_path, prog, "--hash-compaction", "--no-symmetry", "--no-sleep-sets", tag="one")
    # auto: the Ray instance RAY_ADDRESS names (as `ray start` leaves it for this machine)
    r, par, _ = verify(tmp_path, prog, "--cluster", "auto", "--workers", "2", "--search", "bfs",
                       "--hash-compaction", "--no-sleep-sets", env={**ENV, "RAY_ADDRESS": cluster})
    assert r.returncode == 0, r.stderr[-3000:]
    assert counts(par) == counts(one), (one, par)
    assert par["workers"] == par["cluster"]["actors"] == 2
    assert par["cluster"]["nodes"] == 2  # the fixture's cluster (a private instance would be one node)
    assert par["state_storage"] == "hash-compaction"


@pytest.mark.parametrize("name,kind", [("race_counter", "assert"), ("lock_order", "deadlock"),
                                       ("use_after_free_thread", "memory")])
def test_error_found_with_a_counterexample_that_replays(tmp_path, cluster, name, kind):
    prog = os.path.join(VERIFY, name + ".c")
    r, par, trace = verify(tmp_path, prog, "--cluster", cluster)
    assert r.returncode == 1, r.stderr[-3000:]
    assert par["result"] == "error" and par["error"]["kind"] == kind, par
    rp = divm("replay", prog, trace)
    assert rp.returncode == 1, rp.stdout + rp.stderr
    assert f"error: {kind}" in rp.stderr, rp.stderr


def test_state_limit_gives_inconclusive(tmp_path, cluster):
    r, par, _ = verify(tmp_path, os.path.join(BENCH, "workqueue.c"), "--cluster", cluster, "--max-states", "1500")
    assert r.returncode == 3, r.stderr[-3000:]
    assert par["result"] == "inconclusive" and par["reason"] == "state limit 1500 reached", par
    assert par["states"] >= 1500 and par["cluster"]["actors"] == NODES, par


def test_time_limit_gives_inconclusive(tmp_path, cluster):
    prog = tmp_path / "many.c"
    prog.write_text(MANY_STATES)
    t0 = time.time()
    r, par, _ = verify(tmp_path, str(prog), "--cluster", cluster, "--max-time", "8")
    assert r.returncode == 3, r.stderr[-3000:]
    assert time.time() - t0 < 60
    assert par["result"] == "inconclusive" and par["reason"] == "time limit 8 s reached", par
    assert par["states"] > 1 and par["cluster"]["actors"] == NODES, par


def free_cpus(address: str) -> float:
    out = subprocess.run([sys.executable, "-c", "import ray; ray.init(address=%r, logging_level='ERROR'); "
                          "print(ray.available_resources().get('CPU', 0))" % address],
                         capture_output=True, text=True, timeout=120, env=ENV)
    return float(out.stdout.strip().splitlines()[-1])


def test_sigint_stops_every_actor(tmp_path, cluster):
    prog = tmp_path / "many.c"
    prog.write_text(MANY_STATES)
    rep = str(tmp_path / "r.json")
    for delay in (12.0, 25.0):
        p = subprocess.Popen([sys.executable, "-m", "divm", "verify", "--cluster", cluster, "--report", rep,
                              str(prog)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env=ENV)
        time.sleep(delay)
        assert p.poll() is None, p.communicate()
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=60)
        if os.path.exists(rep):
            break
    assert p.returncode == 3, err
    assert "Traceback" not in err, err
    data = json.load(open(rep))
    assert data["result"] == "inconclusive" and data["reason"] == "interrupted by SIGINT", data
    assert data["states"] > 1 and data["cluster"]["actors"] == NODES, data
    # the actors are gone: their CPUs are free again
    deadline = time.time() + 30
    while free_cpus(cluster) < NODES:
        assert time.time() < deadline, "actors were left behind"
        time.sleep(1)


def test_bench_cluster_reports_the_message_rate(cluster):
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "bench_cluster"), "--address", cluster,
                        "--warmup", "0", os.path.join(BENCH, "philosophers.c")],
                       capture_output=True, text=True, cwd=ROOT, timeout=300, env=ENV)
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]
    print(r.stdout)
    line = r.stdout.strip().splitlines()[-1]
    for what in ("states/s", "batches/s", "states sent", "B sent/transition", "B stored/state", "same states"):
        assert what in line, line


@pytest.mark.parametrize("query", [["--runs", "300"], ["--reach", "counter == 1", "--runs", "200"],
                                   ["--count-states", "--runs", "200"]], ids=["estimate", "reach", "count"])
def test_smc_runs_on_the_cluster_give_the_same_answer(tmp_path, cluster, query):
    """divm smc --cluster: the same runs (per-run seeds), so the same answer, and a witness that replays."""
    prog = os.path.join(VERIFY, "race_counter.c")
    reps = []
    for tag, opts in (("one", []), ("c", ["--cluster", cluster])):
        rep, trace = str(tmp_path / f"{tag}.json"), str(tmp_path / f"{tag}.trace.json")
        r = divm("smc", "--steps", "100", "--seed", "11", *query, *opts, "--report", rep, "--trace-out", trace,
                 prog)
        assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr[-3000:]
        reps.append(json.load(open(rep)))
    one, par = reps
    assert par["workers"] == NODES
    for k in ("runs", "satisfying_runs", "outcomes", "probability", "states", "coverage", "witness"):
        assert one.get(k) == par.get(k), (k, one.get(k), par.get(k))
    if "--reach" not in query and par.get("witness"):
        rp = divm("replay", prog, str(tmp_path / "c.trace.json"))
        assert rp.returncode == 1 and "error: assert" in rp.stderr, rp.stderr


# -- without a cluster -----------------------------------------------------------------------

def test_options_that_do_not_go_with_cluster():
    prog = os.path.join(VERIFY, "peterson.c")
    for opts, says in ((["--liveness"], "--cluster works with safety checking only"),
                       (["--symbolic"], "--cluster"),
                       (["--search", "parallel"], "--cluster runs the dfs or bfs search")):
        r = divm("verify", "--cluster", "auto", *opts, prog)
        assert r.returncode == 2 and says in r.stderr, (opts, r.stderr)


def test_unreachable_address_is_an_error_at_once():
    t0 = time.time()
    r = divm("verify", "--cluster", "127.0.0.1:1", os.path.join(VERIFY, "peterson.c"))
    assert r.returncode == 2 and "no Ray cluster there" in r.stderr, r.stderr
    assert time.time() - t0 < 60


BOOT = """
import argparse, sys
from divm.cli.parser import parse
from divm.cli.options import machine_env
from divm.cli.verify import cluster_machine
from divm.explore.cluster import identity
from divm.load.loader import load_program
args = parse(["verify", sys.argv[1]])
prog = load_program(args.prog)
m = cluster_machine(args, prog.decoder.data, prog.decoder.what, machine_env(args, "p.c", [], None, files=[]))
print(*identity(m))
"""


@pytest.mark.parametrize("name", ["peterson", "malloc_unchecked"])
def test_boot_is_the_same_in_every_process(name):
    """What actors rely on: an actor that loads and boots the program gets
    the driver's initial state, object for object (different hash seeds,
    as separate processes on separate hosts have)."""
    outs = set()
    for seed in ("1", "2"):
        r = subprocess.run([sys.executable, "-c", BOOT, os.path.join(VERIFY, name + ".c")], capture_output=True,
                           text=True, cwd=ROOT, timeout=120, env={**ENV, "PYTHONHASHSEED": seed})
        assert r.returncode == 0, r.stderr[-3000:]
        outs.add(r.stdout.strip())
    assert len(outs) == 1, outs
