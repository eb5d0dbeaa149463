"""The `divm` command line: parse, dispatch to the command's module (cc,
run, info, verify, replay), and turn failures into one-line messages and
exit statuses."""

from __future__ import annotations

import os
import sys

from divm.cli.parser import UsageError, build_parser, parse
from divm.load.loader import LoadError

# the names tests and tools have used from here
from divm.cli.options import configure, machine_env  # noqa: F401,E402
from divm.load.loader import load_program  # noqa: F401,E402


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "cc":
        from divm.cli.cc import cmd_cc
        return guard(lambda: cmd_cc(argv[1:]), "--debug" in argv)
    try:
        args = parse(argv)
    except UsageError as e:
        print(e, file=sys.stderr)
        return 2
    if args.command is None:
        build_parser().print_help(sys.stderr)
        return 2
    return guard(lambda: command(args.command)(args), getattr(args, "debug", False))


def command(name: str):
    """The command's function, imported only when it runs (start-up time)."""
    if name == "run":
        from divm.cli.run import cmd_run
        return cmd_run
    if name == "info":
        from divm.cli.info import cmd_info
        return cmd_info
    if name == "verify":
        from divm.cli.verify import cmd_verify
        return cmd_verify
    if name == "svcomp":
        from divm.cli.svcomp import cmd_svcomp
        return cmd_svcomp
    if name == "draw":
        from divm.cli.draw import cmd_draw
        return cmd_draw
    if name == "smc":
        from divm.cli.smc import cmd_smc
        return cmd_smc
    if name == "sim":
        from divm.cli.sim import cmd_sim
        return cmd_sim
    from divm.cli.replay import cmd_replay
    return cmd_replay


def guard(f, debug: bool) -> int:
    try:
        return f()
    except LoadError as e:
        print(f"divm: error: {e}", file=sys.stderr)
        return 2
    except UsageError as e:
        print(f"divm: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("divm: interrupted", file=sys.stderr)
        return 3
    except BrokenPipeError:  # the reader went away (divm ... | head): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except Exception as e:  # an internal error: short message, traceback only on request
        if debug:
            raise
        from divm.vm.machine import VMError
        if isinstance(e, VMError):  # a construct or limit the VM meets only when it runs
            sys.stdout.flush()
            print(f"divm: error: {e}", file=sys.stderr)
            return 2
        print(f"divm: internal error: {type(e).__name__}: {e} (rerun with --debug and please report it)",
              file=sys.stderr)
        return 2
