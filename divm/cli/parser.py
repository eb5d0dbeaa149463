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
                        "report:KIND, ncpus:N; force-X fixes X against the program's changes")
    p.add_argument("--leakcheck", choices=("exit", "return", "state", "cleanup", "none"),
                   help="report memory lost at program exit, at each return, or in any state; cleanup: "
                        "every block not freed at exit, reachable or not (none: off)")
    p.add_argument("--symbolic", action="store_true",
                   help="__VERIFIER_nondet_* values are symbolic: every input value at once (z3)")
    p.add_argument("--stdin", metavar="FILE", help="contents of standard input")
    p.add_argument("--file", dest="files", action="append", default=[], metavar="NAME=PATH",
                   help="the program sees the contents of PATH as file NAME (repeatable; "
                        "its file system is otherwise empty and lives in memory)")
    p.add_argument("--report", metavar="FILE.json", help="write a machine-readable report")
    p.add_argument("--max-states", type=int, metavar="N")
    p.add_argument("--max-time", type=float, metavar="SECONDS")
    p.add_argument("--max-memory", metavar="SIZE")
    p.add_argument("--debug", action="store_true", help="show internal tracebacks")


def add_verify_options(v: argparse.ArgumentParser) -> None:
    v.add_argument("--search", default="dfs", metavar="NAME",
                   help="the explorer: dfs, bfs, liveness, parallel, an installed plug-in's name, "
                        "MODULE:CLASS or FILE.py:CLASS")
    v.add_argument("--trace-out", metavar="FILE")
    v.add_argument("--nondet-range", metavar="LO:HI")
    v.add_argument("--tests-out", metavar="DIR",
                   help="with --symbolic: write each error's inputs as a test case for run --inputs")
    v.add_argument("--workers", type=int, default=1, metavar="N")
    v.add_argument("--liveness", nargs="?", const="", metavar="MONITOR.ltl")
    v.add_argument("--property", metavar="NAME")
    v.add_argument("--termination", action="store_true",
                   help="check that every run ends: a run that goes round forever is a counterexample")
    v.add_argument("--fair", action="store_true")
    v.add_argument("--no-reduce", action="store_true",
                   help="no interrupt reductions: every memory access and every loop pass is visible "
                        "(for comparison)")
    v.add_argument("--hash-compaction", action="store_true",
                   help="store 128-bit fingerprints of states instead of the states themselves")


def build_parser() -> ArgParser:
    p = ArgParser(prog="divm", description="a verifier for C programs")
    p.add_argument("--version", action="version", version=f"divm {__version__}")
    sub = p.add_subparsers(dest="command", parser_class=ArgParser)
    r = sub.add_parser("run", help="execute one run of a program")
    r.add_argument("prog", metavar="PROG", help=".c, .bc or .ll")
    add_machine_options(r)
    r.add_argument("--random", action="store_true", help="resolve choices at random")
    r.add_argument("--seed", type=int)
    r.add_argument("--choices", metavar="LIST", help="take these choices, then 0")
    r.add_argument("--inputs", metavar="FILE.json",
                   help="values for the __VERIFIER_nondet_* calls, in call order (a file that "
                        "verify --symbolic --tests-out wrote, or a JSON list of numbers)")
    i = sub.add_parser("info", help="show what was loaded")
    i.add_argument("prog", metavar="PROG")
    i.add_argument("--debug", action="store_true")
    sub.add_parser("cc", help="compile C to bitcode (clang options pass through)", add_help=False)
    v = sub.add_parser("verify", help="explore every run of a program")
    v.add_argument("prog", metavar="PROG")
    add_machine_options(v)
    add_verify_options(v)
    sv = sub.add_parser("svcomp", help="SV-COMP: check a property file's property, print its verdict")
    sv.add_argument("prog", metavar="PROG", help=".c/.i program or .yml task file")
    sv.add_argument("--prop", metavar="FILE.prp", help="the property file (default: the task's first)")
    sv.add_argument("--data-model", choices=("ILP32", "LP64"),
                    help="the task's data model (default: the task file's, else LP64)")
    sv.add_argument("--witness-dir", default=".", metavar="DIR",
                    help="where witness.yml and witness.graphml go (default: the current directory)")
    sv.add_argument("--max-time", type=float, metavar="SECONDS")
    sv.add_argument("--max-memory", metavar="SIZE")
    sv.add_argument("--debug", action="store_true", help="show internal tracebacks")
    rp = sub.add_parser("replay", help="re-execute a recorded run step by step")
    rp.add_argument("prog", metavar="PROG")
    rp.add_argument("trace", metavar="TRACE")
    rp.add_argument("--report", metavar="FILE.json")
    rp.add_argument("--debug", action="store_true")
    return p


def split_argv(argv: list[str]) -> tuple[list[str], list[str]]:
    """divm's own arguments and the program's (after `--`); `--liveness`
    takes the next argument only if it ends in .ltl."""
    argv = list(argv)
    if "--liveness" in argv:
        k = argv.index("--liveness")
        if k + 1 >= len(argv) or not argv[k + 1].endswith(".ltl"):
            argv[k] = "--liveness="
    if "--" in argv:
        k = argv.index("--")
        return argv[:k], argv[k + 1:]
    return argv, []


def parse(argv: list[str]) -> argparse.Namespace:
    """The parsed command line (args.args: the program's arguments)."""
    argv, prog_args = split_argv(argv)
    args = build_parser().parse_args(argv)
    args.args = prog_args
    return args
