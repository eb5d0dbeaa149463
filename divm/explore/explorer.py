"""The plug-in interface for explorers.

An explorer walks the state space of a `Machine` (`explore/search.py`):

- `machine.initial() -> (key, snapshot)` boots the program; after it,
  `machine.vm.flags & CF_ERROR` says the boot failed (`machine.vm.error`);
- `machine.successors(snapshot)` yields `(step, key, snapshot)` per
  transition: `step` is its label (`step.choices`, `step.thread`,
  `step.output`, `step.error`, `step.accepting`, `step.label`), `key` the
  successor's canonical key (None after an error), `snapshot` the state to
  go on from (None for error and final states);
- `machine.replay(snapshot0, [choices, ...])` re-runs a path of stored
  choices from the initial state and gives its steps (the counterexample);
- `machine.transitions` counts transitions, `machine.vm.stop_request` says
  a signal or limit asked the search to stop.

Visited states go in a `StateStore` (`task.new_store(machine)`): `add(key,
parent, choices)` numbers a new state (None if seen), `path(n)` gives the
choices from the initial state to n.  An explorer returns a `Result`.

Explorers are registered by name (`dfs`, `bfs`, `liveness`, `parallel`);
`resolve(spec)` also takes `package.module:Class`, `path/to/file.py:Class`
or the name of an entry point in the group `divm.explorers`.  A class is
instantiated without arguments; one with `parallel = True` accepts
`--workers N` (`task.workers`)."""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable, ClassVar, Protocol, runtime_checkable

from divm.explore.search import Limits, Machine, OrderObserved, Result, boot  # noqa: F401  (boot: for explorers)
from divm.state.store import StateStore

Progress = Callable[[int, int, int, float], None]  # (states, transitions, queued, seconds)


@dataclass
class Task:
    """What an explorer is asked to do.  `property` is "safety" (stop at the
    first error) or "liveness" (find an accepting lasso: `automaton` is the
    negated LTL property's Büchi automaton, None when the program marks its
    accepting transitions itself; `fair` asks for weak fairness)."""
    limits: Limits = field(default_factory=Limits)
    progress: Progress | None = None
    property: str = "safety"
    automaton: Any = None
    fair: bool = False
    workers: int = 1

    def new_store(self, machine: Machine) -> StateStore:
        return StateStore(machine.compaction)


@runtime_checkable
class Explorer(Protocol):
    """A search strategy.  `properties` names what it can check ("safety",
    "liveness"); `explore` runs the whole search and reports a `Result`
    (verdict "valid", "error", "boot-error" or "inconclusive"; on an error,
    `error` and `path`, the steps from `machine.replay`)."""
    name: ClassVar[str]
    properties: ClassVar[frozenset[str]]

    def explore(self, machine: Machine, task: Task) -> Result: ...


class DFS:
    """Depth-first safety search; stops at the first error."""
    name = "dfs"
    properties = frozenset({"safety"})
    order = "dfs"

    def explore(self, machine: Machine, task: Task) -> Result:
        if machine.vm.footprints:  # (the VM records what transitions touch: sleep sets)
            from divm.explore import sleep
            return sleep.search(machine, self.order, task.limits, task.progress)
        from divm.explore.search import search
        return search(machine, self.order, task.limits, task.progress)


class BFS(DFS):
    """Breadth-first safety search: the counterexample is a shortest one."""
    name = "bfs"
    order = "bfs"


class Parallel:
    """Safety search in `task.workers` processes (`explore/parallel.py`);
    `order` is each worker's local order."""
    name = "parallel"
    properties = frozenset({"safety"})
    parallel = True  # uses task.workers processes

    def __init__(self, order: str = "dfs"):
        self.order = order

    def explore(self, machine: Machine, task: Task) -> Result:
        from divm.explore import parallel
        return parallel.search(machine, max(task.workers, 2), self.order, task.limits, task.progress)


class Liveness:
    """The whole state graph, paired with the automaton, searched for a
    (fair) accepting cycle (`explore/liveness.py`)."""
    name = "liveness"
    properties = frozenset({"liveness"})

    def explore(self, machine: Machine, task: Task) -> Result:
        from divm.explore.liveness import liveness
        return liveness(machine, task.automaton, task.fair, task.limits, task.progress)


def run(explorer: Explorer, machine: Machine, task: Task) -> Result:
    """explorer.explore(machine, task), once more with the key that keeps
    the order of heap and stack objects if the program turns out to see
    their numbers (vm/order.py): what the first search merged may differ."""
    t0 = time.time()
    try:
        return explorer.explore(machine, task)
    except OrderObserved:
        pass
    machine.keep_order()
    lim = task.limits
    left = Limits(lim.max_states, None if lim.max_time is None else max(lim.max_time - (time.time() - t0), 0.0),
                  lim.max_memory)
    return explorer.explore(machine, replace(task, limits=left))


def choices(step) -> tuple:
    """A step's choices as a store keeps them (the values; the counts are
    known when the transition is re-run)."""
    return tuple(v for v, _ in step.choices)


def counterexample(machine: Machine, snap0, store: StateStore, n: int, step, res: Result) -> None:
    """res gets the verdict "error" and the path to the error that step
    (taken from state n) met, rebuilt by replaying the stored choices."""
    res.verdict = "error"
    res.path = machine.replay(snap0, store.path(n) + [choices(step)])
    res.error = res.path[-1].error or step.error


def finish(machine: Machine, store: StateStore, res: Result, t0: float) -> Result:
    """Fill in the statistics every report gives."""
    res.states = len(store)
    res.transitions = machine.transitions
    res.stored_bytes = store.stored_bytes() + (0 if machine.compaction else machine.canon.stored_bytes())
    res.seconds = time.time() - t0
    return res


BUILTIN: dict[str, type] = {c.name: c for c in (DFS, BFS, Parallel, Liveness)}
ENTRY_POINTS = "divm.explorers"


class ExplorerError(Exception):
    """A --search spec that names no explorer, or not a usable one."""


def resolve(spec: str) -> type:
    """The explorer class a --search spec names: a built-in name, an entry
    point of the group divm.explorers, MODULE:CLASS or FILE.py:CLASS."""
    if spec in BUILTIN:
        return BUILTIN[spec]
    if ":" in spec:
        target, _, attr = spec.rpartition(":")
        mod = _load_file(target) if target.endswith(".py") else _load_module(target)
        cls = getattr(mod, attr, None)
        if cls is None:
            raise ExplorerError(f"--search {spec}: {target} has no {attr}")
    else:
        cls = _entry_point(spec)
    if not callable(getattr(cls, "explore", None)) or not getattr(cls, "properties", None):
        raise ExplorerError(f"--search {spec}: not an explorer (it needs `properties` and `explore(machine, task)`)")
    return cls


def names() -> list[str]:
    """Built-in explorers and those installed under the entry point group."""
    from importlib.metadata import entry_points
    return sorted(set(BUILTIN) | {e.name for e in entry_points(group=ENTRY_POINTS)})


def _entry_point(name: str) -> type:
    from importlib.metadata import entry_points
    for e in entry_points(group=ENTRY_POINTS, name=name):
        return e.load()
    raise ExplorerError(f"--search {name}: no such explorer (choose from {', '.join(names())}, "
                        "or give MODULE:CLASS or FILE.py:CLASS)")


def _load_module(name: str):
    import importlib
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name is None or not name.startswith(e.name):  # the module itself imports something missing
            raise ExplorerError(f"--search {name}: {e}") from None
    # a console script does not have the working directory on sys.path; python3 -m does
    if os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.insert(0, os.getcwd())
        return _load_module(name)
    raise ExplorerError(f"--search {name}: no module named {name}")


def _load_file(path: str):
    import importlib.util
    if not os.path.isfile(path):
        raise ExplorerError(f"--search {path}: no such file")
    name = "divm_explorer_" + os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod  # dataclasses and pickling look the module up
    spec.loader.exec_module(mod)
    return mod
