"""A verifier's Machine for a program, as `divm verify` sets it up (for
tests that drive the explorer interface directly)."""

from __future__ import annotations


def machine_for(src: str, name: str = "p"):
    from divm.cli import main as cli
    from divm.explore.search import Machine
    from divm.vm.machine import VM
    args = cli.build_parser().parse_args(["verify", src])
    vm = VM(cli.load_program(src), cli.machine_env(args, name, [], b""), out=None)
    cli.configure(vm, args)
    vm.reduce = True
    return Machine(vm)
