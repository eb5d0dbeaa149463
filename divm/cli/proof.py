"""verify --symbolic's second strategy: a proof by inductive invariants
(divm/prove) in a child process on the other core, while the search runs;
with --termination, also ranking functions for the loops.

The first to decide wins.  The search decides errors (with a
counterexample) and programs whose states it can enumerate; the proof
decides unbounded loops and recursion, which the search never finishes.
When the proof comes first, the search is stopped as by a limit and the
result is `valid` with the proof's figures in the report (`proof`)."""

from __future__ import annotations

import json
import os
import select
import signal
import time


def unknown(reason: str) -> dict:
    return {"method": "chc", "status": "unknown", "reason": reason}


def proof_options(args):
    from divm.prove.encode import Options
    wrap_undefined = getattr(args, "wrap_undefined", False)  # (SV-COMP termination: no overflow error, no wrap)
    return Options(abort_error="cancel:abort" not in args.opts, exit_error="ignore:exit" not in args.opts,
                   uninit_nondet="nondet:uninit" in args.opts,
                   overflow="check:overflow" in args.opts and not wrap_undefined,
                   void_main="allow:void-main" in args.opts, assert_cancels="cancel:assert" in args.opts,
                   wrap_undefined=wrap_undefined)


def c_locals(prog):
    """names_of(function, line) for prove: the C locals in scope at line,
    {alloca register: name}; a name declared twice in scope is left out.
    names_of.signed(function, register or None, name): whether the C
    variable's type is a signed integer (None if unknown)."""
    from divm.cli.simtypes import DebugInfo
    di = DebugInfo(prog)

    def names_of(fn: str, line: int) -> dict[str, str]:
        regs: dict[str, list[str]] = {}
        for v in di.locals.get(fn, []):
            if v.line <= line and (v.span is None or v.span[0] <= line <= v.span[1]):
                regs.setdefault(v.name, []).append(v.reg)
        return {r[0]: name for name, r in regs.items() if len(r) == 1}

    def signed(fn: str, reg: str | None, name: str) -> bool | None:
        if reg is None:
            t = di.global_type(name)
        else:
            t = next((di.types.get(v.type) for v in di.locals.get(fn, []) if v.reg == reg and v.name == name), None)
        t = t.strip() if t is not None else None
        return None if t is None or t.kind != "int" else not t.unsigned
    names_of.signed = signed
    return names_of


class ProofAttempt:
    """prove(prog) in a forked child; poll() for its result."""

    def __init__(self, prog, opts, budget: float, termination: bool = False):
        from divm.prove.scan import Scan, Unfit
        self.result: dict | None = None
        self.pid = 0
        self.budget, self.t0 = budget, time.time()
        try:  # most programs are beyond the encoding: say so without a process
            Scan(prog, opts.assert_cancels)
            # (signed shifts are marked nsw there; SV-COMP's termination counts without wraps)
            if (opts.overflow or termination and opts.wrap_undefined) and prog.source:
                from divm.load.srcfacts import program_facts
                if program_facts(prog).folded:  # (the IR has no instruction left to check there)
                    raise Unfit("signed overflow that clang folded away")
        except Unfit as e:
            self.result = {"method": "chc", "status": "unfit", "reason": str(e)}
            return
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover (the child)
            os.close(r)
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            signal.alarm(int(budget) + 30)  # (ends the child even if divm itself was killed, or z3 overruns)
            try:
                from divm.prove.chc import prove
                from divm.prove.terminate import prove_termination
                out = (prove_termination if termination else prove)(prog, opts, budget, c_locals(prog)).to_json()
            except BaseException as e:  # noqa: BLE001 (whatever it is, the search goes on)
                out = unknown(f"{type(e).__name__}: {e}")
            os.write(w, json.dumps(out).encode())
            os._exit(0)
        os.close(w)
        self.pid, self.fd = pid, r

    def poll(self, timeout: float = 0.0) -> dict | None:
        """The child's result once it has one (waiting up to timeout s)."""
        if self.result is None and self.pid:
            ready, _, _ = select.select([self.fd], [], [], timeout)
            if ready:
                data = b""
                while chunk := os.read(self.fd, 65536):
                    data += chunk
                self.finish()
                self.result = json.loads(data) if data else unknown("the prover ended without an answer")
        return self.result

    def wait(self, timeout: float) -> dict:
        """The result within timeout s (else unknown), the child stopped."""
        res = self.poll(timeout)
        self.finish()
        return res or unknown("no answer before the prover was stopped")

    def settle(self, res, wait: float, console) -> bool:
        """The proof's answer (waiting up to wait s) against the search's
        result res: True when it proves what the search left inconclusive
        (res is then valid)."""
        self.wait(max(0.0, wait))
        if self.proved and res.verdict == "error":  # the concrete counterexample stands
            console.note("divm: internal inconsistency: the prover proved a program the search found an error in; "
                         "please report it")
        if self.proved and res.verdict == "inconclusive":
            res.verdict, res.reason = "valid", ""
            return True
        return False

    @property
    def proved(self) -> bool:
        return self.result is not None and self.result["status"] == "proved"

    def finish(self) -> None:
        """Stop the child (if it still runs)."""
        if self.pid:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(self.pid, 0)
            os.close(self.fd)
            self.pid = 0


def start_proof(s, termination: bool = False):
    """Under --symbolic, a proof attempt beside the search (ProofAttempt):
    of safety, or with termination of safety and termination."""
    args = s.args
    budget = args.prove_time
    if args.max_time is not None:
        budget = min(budget, args.max_time)
    if not args.symbolic or budget <= 0 or args.nondet_range or (args.liveness is not None) != termination:
        return None
    if s.prog.uninit_reads:  # (a proof of the optimised bitcode says nothing of the reads it folded)
        return None
    return ProofAttempt(s.prog, proof_options(args), budget, termination)
