"""Command-line syntax: the parser of every command and the argv quirks
(`--liveness` with an optional argument, program arguments after `--`)."""

from __future__ import annotations

import argparse

from divm.cli import __version__


class UsageError(Exception):
    pass


class ArgParser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit status 2
        raise UsageError(f"{self.prog}: {message}")


def add_machine_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("-o", dest="opts", action="append", default=[], metavar="KEY",
                   help="nofail:malloc, simfail:malloc, ignore:KIND (assert, memory, undefined, ...), "
                        "report:KIND, ncpus:N, clock-type:fixed|det|ndet (the clocks stand still, tick a second "
                        "after each reading, or may), clock-maxticks:N (3), clock-start:SECONDS; "
                        "force-X fixes X against the program's changes")
    p.add_argument("--leakcheck", choices=("exit", "return", "state", "cleanup", "none"),
                   help="report memory lost at program exit, at each return, or in any state; cleanup: "
                        "every block not freed at exit, reachable or not (none: off)")
    p.add_argument("--symbolic", action="store_true",
                   help="__VERIFIER_nondet_* values are symbolic: every input value at once (z3)")
    p.add_argument("--stdin", metavar="FILE", help="contents of standard input")
    p.add_argument("-E", "--env", dest="env", action="append", default=[], metavar="NAME=VALUE",
                   help="an entry of the program's environment (repeatable; getenv, main's envp; "
                        "the environment is otherwise empty)")
    p.add_argument("--file", dest="files", action="append", default=[], metavar="NAME=PATH",
                   help="the program sees the contents of PATH as file NAME (repeatable; "
                        "its file system is otherwise empty and lives in memory)")
    p.add_argument("--report", metavar="FILE.json", help="write a machine-readable report")
    p.add_argument("--max-states", type=int, metavar="N",
                   help="stop after N states (run: N transitions); the result is then inconclusive")
    p.add_argument("--max-time", type=float, metavar="SECONDS",
                   help="stop after SECONDS of search (run: of running); the result is then inconclusive")
    p.add_argument("--max-memory", metavar="SIZE",
                   help="stop when divm (with --workers: all its processes) uses more than SIZE, "
                        "e.g. 512M or 2G; the result is then inconclusive")
    p.add_argument("--debug", action="store_true", help="show internal tracebacks")


def add_verify_options(v: argparse.ArgumentParser) -> None:
    v.add_argument("--search", default="bfs", metavar="NAME",
                   help="the explorer: bfs (the default: shortest counterexamples, and errors near the "
                        "start of an endless state space, as DIVINE), dfs, liveness, parallel, an installed "
                        "plug-in's name, MODULE:CLASS or FILE.py:CLASS")
    v.add_argument("--trace-out", metavar="FILE",
                   help="where a counterexample's trace goes (default: PROG.trace.json beside the program)")
    v.add_argument("--nondet-range", metavar="LO:HI",
                   help="the values wide __VERIFIER_nondet_* calls range over, e.g. -5:5 "
                        "(default: 0, 1, -1, 2, and the result is at best inconclusive)")
    v.add_argument("--html", metavar="DIR",
                   help="write DIR/index.html: the verdict, statistics and the counterexample stepped through "
                        "on the sources (one self-contained page, opens without a server)")
    v.add_argument("--tests-out", metavar="DIR",
                   help="with --symbolic: write each error's inputs as a test case for run --inputs")
    v.add_argument("--prove-time", type=float, default=300.0, metavar="SECONDS",
                   help="with --symbolic: while the search runs, try this long in a second process to prove a "
                        "program of integer code safe for every input by inductive invariants (z3's Horn-clause "
                        "engine); 0 turns it off (default 300)")
    v.add_argument("--workers", type=int, default=1, metavar="N",
                   help="explore in N processes (safety only)")
    v.add_argument("--cluster", metavar="ADDRESS",
                   help="explore on the Ray cluster at ADDRESS (auto: this machine's Ray instance, started if "
                        "there is none), one actor per CPU or per --workers N (safety only; needs Ray: "
                        "pip install 'divm[cluster]')")
    v.add_argument("--liveness", nargs="?", const="", metavar="MONITOR.ltl",
                   help="check the LTL properties of MONITOR.ltl over infinite runs; without a file, "
                        "that no run passes the program's accepting transitions infinitely often")
    v.add_argument("--property", metavar="NAME",
                   help="with --liveness MONITOR.ltl: check only this #property")
    v.add_argument("--termination", action="store_true",
                   help="check that every run ends: a run that goes round forever is a counterexample")
    v.add_argument("--fair", action="store_true",
                   help="with --liveness or --termination: only runs in which every thread that stays "
                        "runnable is scheduled infinitely often count (weak fairness)")
    v.add_argument("--no-reduce", action="store_true",
                   help="no reductions: every memory access and every loop pass is visible, and no heap "
                        "symmetry (for comparison)")
    v.add_argument("--no-symmetry", action="store_true",
                   help="no heap symmetry: states that differ only in the numbering of heap and stack "
                        "objects (which one was allocated first) stay apart (for comparison)")
    v.add_argument("--no-sleep-sets", action="store_true",
                   help="no sleep sets: every thread runs from every state, even where another order of "
                        "independent transitions already reached its successor (for comparison)")
    v.add_argument("--hash-compaction", action="store_true",
                   help="store 128-bit fingerprints of states instead of the states themselves")
    shown = v.add_mutually_exclusive_group()
    shown.add_argument("--progress", dest="show_progress", action="store_const", const="always", default="auto",
                       help="show progress also when stderr is not a terminal: a line every second (by "
                            "default a terminal shows it in place, a log gets a line every 10 s)")
    shown.add_argument("--quiet", dest="show_progress", action="store_const", const="never",
                       help="no progress, and only the verdict in the closing line")


def build_parser() -> ArgParser:
    p = ArgParser(prog="divm", description="a verifier for C programs")
    p.add_argument("--version", action="version", version=f"divm {__version__}")
    sub = p.add_subparsers(dest="command", parser_class=ArgParser)
    r = sub.add_parser("run", help="execute one run of a program")
    r.add_argument("prog", metavar="PROG", help=".c, .bc or .ll")
    add_machine_options(r)
    r.add_argument("--random", action="store_true", help="resolve choices at random")
    r.add_argument("--seed", type=int, metavar="N", help="with --random: the seed (default: a random one, printed)")
    r.add_argument("--choices", metavar="LIST", help="take these choices, then 0")
    r.add_argument("--inputs", metavar="FILE.json",
                   help="values for the __VERIFIER_nondet_* calls, in call order (a file that "
                        "verify --symbolic --tests-out wrote, or a JSON list of numbers)")
    with_program_args(r)
    i = sub.add_parser("info", help="show what was loaded")
    i.add_argument("prog", metavar="PROG", help=".c, .bc or .ll")
    i.add_argument("--debug", action="store_true", help="show internal tracebacks")
    sub.add_parser("cc", help="compile C to bitcode (clang options pass through)", add_help=False)
    v = sub.add_parser("verify", help="explore every run of a program")
    v.add_argument("prog", metavar="PROG", help=".c, .bc or .ll")
    add_machine_options(v)
    add_verify_options(v)
    with_program_args(v)
    sv = sub.add_parser("svcomp", help="SV-COMP: check a property file's property, print its verdict")
    sv.add_argument("prog", metavar="PROG", help=".c/.i program or .yml task file")
    sv.add_argument("--prop", metavar="FILE.prp", help="the property file (default: the task's first)")
    sv.add_argument("--data-model", choices=("ILP32", "LP64"),
                    help="the task's data model (default: the task file's, else LP64)")
    sv.add_argument("--witness-dir", default=".", metavar="DIR",
                    help="where witness.yml and witness.graphml go (default: the current directory)")
    sv.add_argument("--max-time", type=float, metavar="SECONDS",
                    help="give up after SECONDS of search (the verdict is then unknown)")
    sv.add_argument("--max-memory", metavar="SIZE",
                    help="give up beyond SIZE of memory, e.g. 2G (the verdict is then unknown)")
    sv.add_argument("--debug", action="store_true", help="show internal tracebacks")
    dr = sub.add_parser("draw", help="draw the state graph, or one state's memory, as Graphviz DOT "
                                     "(SVG/PNG with Graphviz's dot)")
    dr.add_argument("prog", metavar="PROG", help=".c, .bc or .ll")
    add_machine_options(dr)
    dr.add_argument("--output", metavar="FILE",
                    help="FILE.dot (or .gv), or FILE.svg/.png rendered by dot; -o FILE.dot|.svg|.png says the "
                         "same (default: DOT on standard output)")
    dr.add_argument("--memory", type=int, metavar="STATE",
                    help="draw the memory graph of state STATE (0: the initial state; numbers as in the state graph)")
    dr.add_argument("--all", action="store_true", help="with --memory: DiOS's and libc-shim's objects too")
    dr.add_argument("--nondet-range", metavar="LO:HI",
                    help="the values wide __VERIFIER_nondet_* calls range over (as verify)")
    dr.add_argument("--liveness", nargs="?", const="", metavar="MONITOR.ltl",
                    help="highlight an accepting lasso (of --property's formula, else the monitor's first)")
    dr.add_argument("--property", metavar="NAME", help="with --liveness MONITOR.ltl: the #property to draw")
    dr.add_argument("--fair", action="store_true", help="with --liveness: a lasso fair to every thread")
    dr.add_argument("--no-reduce", action="store_true", help="no interrupt reductions (as verify --no-reduce)")
    add_smc_parser(sub)
    sm = sub.add_parser("sim", help="debug a program interactively (commands from standard input: help lists them)")
    sm.add_argument("prog", metavar="PROG", help=".c, .bc or .ll")
    sm.add_argument("--trace", metavar="TRACE",
                    help="follow a trace that verify wrote (its choices and machine options)")
    add_machine_options(sm)
    sm.add_argument("--nondet-range", metavar="LO:HI",
                    help="the values wide __VERIFIER_nondet_* calls range over (as verify)")
    sm.add_argument("--no-reduce", action="store_true",
                    help="no interrupt reductions: every memory access ends a transition (as verify --no-reduce)")
    with_program_args(sm)
    rp = sub.add_parser("replay", help="re-execute a recorded run step by step")
    rp.add_argument("prog", metavar="PROG", help=".c, .bc or .ll: the program the trace was recorded for")
    rp.add_argument("trace", metavar="TRACE", help="a trace that verify wrote (PROG.trace.json or --trace-out)")
    rp.add_argument("--report", metavar="FILE.json",
                    help="write a machine-readable report: the result, the steps replayed, the error")
    rp.add_argument("--debug", action="store_true", help="show internal tracebacks")
    return p


def add_smc_parser(sub) -> None:
    """divm smc: statistical model checking (cli/smc.py)."""
    sm = sub.add_parser("smc", help="statistical model checking: how likely an error is, from random runs")
    sm.add_argument("prog", metavar="PROG", help=".c, .bc or .ll")
    add_machine_options(sm)
    sm.add_argument("--steps", type=int, required=True, metavar="N", help="a run takes at most N transitions")
    sm.add_argument("--epsilon", type=float, metavar="E",
                    help="draw runs until the Clopper-Pearson interval is at most E wide (default 0.01)")
    sm.add_argument("--alpha", type=float, metavar="A",
                    help="the interval's confidence is 1 - A; the test's chance of a wrong no (default 0.05)")
    sm.add_argument("--threshold", type=float, metavar="T", help="Wald's sequential test: is the probability >= T?")
    sm.add_argument("--delta", type=float, metavar="D",
                    help="with --threshold: the indifference region is T - D .. T + D (default 0.01)")
    sm.add_argument("--beta", type=float, metavar="B",
                    help="with --threshold: the chance of a wrong yes (default 0.05)")
    sm.add_argument("--count-states", action="store_true",
                    help="count the distinct states --runs runs of at most --steps transitions visit")
    sm.add_argument("--runs", type=int, metavar="N",
                    help="exactly N runs (the interval is then as wide as it comes; --count-states: default 1000)")
    sm.add_argument("--max-runs", type=int, metavar="N", help="give up after N runs (the result is then inconclusive)")
    sm.add_argument("--seed", type=int, metavar="S", help="the master seed (default: a random one, printed)")
    sm.add_argument("--workers", type=int, default=1, metavar="N",
                    help="draw runs in N processes (the same answer for any N)")
    sm.add_argument("--cluster", metavar="ADDRESS",
                    help="draw runs on the Ray cluster at ADDRESS (auto: this machine's Ray instance), one actor "
                         "per CPU or per --workers N (the same answer; needs Ray: pip install 'divm[cluster]')")
    what = sm.add_mutually_exclusive_group()
    what.add_argument("--property", metavar="KIND", help="only an error of this kind satisfies (assert, memory, ...)")
    what.add_argument("--reach", metavar="EXPR",
                      help="a state where the C expression over globals holds satisfies (as a .ltl #define)")
    sm.add_argument("--p-alloc-fail", type=float, default=0.0, metavar="P",
                    help="each allocation that may fail fails with probability P (default 0: never)")
    sm.add_argument("--nondet-range", metavar="LO:HI",
                    help="wide __VERIFIER_nondet_* values are uniform over LO..HI (default: the type, cut to "
                         "the 2**31 - 1 values one choice offers)")
    sm.add_argument("--trace-out", metavar="FILE",
                    help="where the satisfying run's trace goes (default: PROG.trace.json beside the program)")
    with_program_args(sm)


def with_program_args(p: argparse.ArgumentParser) -> None:
    """Usage ends with the program's arguments, which split_argv takes from
    after `--` (argparse never sees them, so it cannot show them itself)."""
    usage = p.format_usage().removeprefix("usage: ").rstrip()
    p.usage = usage.replace("%", "%%") + " [-- ARGS ...]"
    p.epilog = "ARGS after -- are the program's own arguments (argv[1], ...)."


# options whose value may start with "-" (a negative bound): argparse would
# take "-5:5" for an option, so the value is joined on as --OPTION=VALUE
DASH_VALUES = ("--nondet-range",)


def split_argv(argv: list[str]) -> tuple[list[str], list[str]]:
    """divm's own arguments and the program's (after `--`, left as they
    are); `--liveness` takes the next argument only if it ends in .ltl."""
    argv = list(argv)
    prog_args: list[str] = []
    if "--" in argv:
        k = argv.index("--")
        argv, prog_args = argv[:k], argv[k + 1:]
    if "--liveness" in argv:
        k = argv.index("--liveness")
        if k + 1 >= len(argv) or not argv[k + 1].endswith(".ltl"):
            argv[k] = "--liveness="
    for k in range(len(argv) - 2, -1, -1):
        name = next((o for o in DASH_VALUES if len(argv[k]) > 4 and o.startswith(argv[k])), None)  # or a prefix
        if name and argv[k + 1][:1] == "-" and argv[k + 1][1:2].isdigit():
            argv[k:k + 2] = [f"{name}={argv[k + 1]}"]
    return argv, prog_args


def parse(argv: list[str]) -> argparse.Namespace:
    """The parsed command line (args.args: the program's arguments)."""
    argv, prog_args = split_argv(argv)
    args = build_parser().parse_args(argv)
    args.args = prog_args
    return args
