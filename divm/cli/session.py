"""What the parts of one verify command share: the options, the loaded
program and its boot environment, and how a VM is set up from them."""

from __future__ import annotations

from dataclasses import dataclass

from divm.cli.options import configure
from divm.cli.output import Console


@dataclass
class Session:
    """One verify command: its options, the program, its boot environment."""
    args: object
    prog: object
    env: list
    stdin: bytes | None
    files: list
    t0: float
    max_mem: int | None
    console: Console
    explorer: object


def heap_symmetry(args) -> bool:
    """Is heap symmetry asked for (not --no-reduce, not --no-symmetry)?  Not
    on a cluster: its actors' keys keep the order (they do not start over
    when a program sees objects' numbers)."""
    return not (args.no_reduce or getattr(args, "no_symmetry", False) or getattr(args, "cluster", None))


def symmetry_used(machine) -> str:
    """What a report says of heap symmetry: "on", "off", or "dropped" (the
    program can tell objects' numbers apart: the search started over
    without it)."""
    return "dropped" if machine.symmetry_dropped else "on" if machine.symmetry else "off"


def new_vm(s: Session):
    """A VM for the program, configured by the options; its checkers."""
    from divm.vm.machine import VM
    vm = VM(s.prog, s.env, out=None)
    checkers = configure(vm, s.args)
    vm.reduce = not s.args.no_reduce
    vm.want_stop_bt = True
    return vm, checkers


def incomplete_reason(vm) -> str | None:
    """Why a search that found no error did not explore every run, if it did not."""
    if vm.incomplete:
        return vm.incomplete
    if vm.engine is not None and vm.engine.incomplete:
        return vm.engine.incomplete
    if vm.prog.uninit_reads:
        return (f"compiled with optimisation, which may fold reads of uninitialised variables into any value "
                f"({vm.prog.uninit_reads}); verify without -O to check them")
    if vm.nondet_limited:
        return ("wide __VERIFIER_nondet_* values ranged over the default domain {0, 1, -1, 2}; "
                "give --symbolic to decide over every value, or --nondet-range LO:HI to enumerate a range")
    return None


def range_scope(s: Session, verdict: str) -> str:
    """What a `valid` under --nondet-range covers, when the program has
    nondet values wider than the range ("" otherwise)."""
    rng = getattr(s.args, "nondet_range", None)
    narrow = ("bool", "_Bool", "char", "uchar", "schar")
    if verdict != "valid" or not rng or getattr(s.args, "symbolic", False):
        return ""
    if not any(n.startswith("__VERIFIER_nondet_") and n[18:] not in narrow for n in s.prog.imports):
        return ""
    return f"for __VERIFIER_nondet_* values in {rng} only"
