"""The properties a liveness check reads: a monitor file's (LTL over
propositions on globals), --termination's, or the program's own accepting
marks."""

from __future__ import annotations

from divm.cli.parser import UsageError
from divm.load.loader import LoadError


def read_monitor(s):
    """The propositions and the [(name, formula)] to check for session s
    (cli/session.py); the formula is
    None when the program marks accepting transitions itself."""
    from divm.props.ltl import LTLError, parse_monitor
    from divm.props.propositions import Propositions
    args = s.args
    if getattr(args, "termination", False):
        if args.liveness:
            raise UsageError("--termination checks its own property: no monitor file")
        return None, [("termination", None)]
    if not args.liveness:
        if args.property:
            raise UsageError("--property needs a monitor file (--liveness FILE.ltl)")
        return None, [("accepting", None)]
    try:
        with open(args.liveness) as f:
            text = f.read()
    except OSError as e:
        raise UsageError(f"{args.liveness}: {e.strerror}") from None
    try:
        monitor = parse_monitor(text)
        props = Propositions(s.prog, monitor.defines)
    except LTLError as e:
        raise LoadError(f"{args.liveness}:{e}") from None
    todo = [(n, f) for n, f, _ in monitor.properties if args.property in (None, n)]
    if not todo:
        raise UsageError(f"--property {args.property}: no such #property in {args.liveness}")
    return props, todo
