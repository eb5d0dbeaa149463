"""Safety properties as checkers.

The VM detects errors where they happen (a bad access, a failed assertion,
lost memory) and hands them to DiOS's fault handler, which ends the run
with the error flag set and `vm.error` filled in.  A checker is the
property's side of that: it arms the VM before boot and claims the errors
of its kinds.  The explorer asks the checkers, most specific first, whose
error a transition's is; the safety checker takes whatever is left.

A new check is a new class (RaceCheck: data races): `arm` switches its
detection on, `kinds` names the error kinds it reports, `claim` returns
its error.  The machine runs the checkers only after a transition
that set the error flag, so a checker costs nothing on the hot path."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol, runtime_checkable

if TYPE_CHECKING:
    from divm.vm.machine import VM, ErrorInfo

# the error kinds of SPEC.md section 3, and section 6's race (-o check:race)
KINDS = ("assert", "integer", "float", "memory", "leak", "control", "locking", "undefined",
         "deadlock", "hypercall", "access", "notimplemented", "race")


@runtime_checkable
class Checker(Protocol):
    """One property the search checks in every state it reaches."""
    name: str                        # in reports and messages
    kinds: ClassVar[frozenset[str]]  # the error kinds it reports
    unreachable_in_key: bool         # state keys must tell apart states differing only in lost memory

    def arm(self, vm: VM) -> None:
        """Switch detection on in a VM that has not booted yet."""

    def claim(self, vm: VM) -> ErrorInfo | None:
        """The error of this checker's, after a transition that set the
        VM's error flag; None if the error is another checker's."""


class Safety:
    """Assertions, memory and undefined-value errors, deadlocks, bad
    hypercalls, ...: everything the VM and DiOS report as a fault (which
    kinds are errors is DiOS's fault configuration, `-o ignore:KIND`)."""
    name = "safety"
    kinds = frozenset(KINDS) - {"leak", "race"}
    unreachable_in_key = False

    def arm(self, vm: VM) -> None:
        pass  # faults are always detected; the boot environment configures them

    def claim(self, vm: VM) -> ErrorInfo | None:
        return vm.error


class LeakCheck:
    """Memory that becomes unreachable: at program exit, when a function
    returns (its frame's allocas and what only they reached), or in any
    state (`--leakcheck exit|return|state`); or, `cleanup`, every block
    still allocated at exit (SV-COMP's valid-memcleanup)."""
    kinds = frozenset({"leak"})

    def __init__(self, when: str):
        if when not in ("exit", "return", "state", "cleanup"):
            raise ValueError(f"leak check {when!r}: expected exit, return, state or cleanup")
        self.when = when
        self.name = f"leak:{when}"
        # in "state" mode a state with lost memory is an error state, so the key keeps what is lost
        self.unreachable_in_key = when == "state"

    def arm(self, vm: VM) -> None:
        vm.leakcheck = self.when
        vm.G["LEAKRET"] = self.when == "return"  # generated code checks at each return

    def claim(self, vm: VM) -> ErrorInfo | None:
        err = vm.error
        return err if err is not None and err.kind in self.kinds else None


class RaceCheck:
    """-o check:race: two runnable threads parked before accesses to the
    same bytes, one a write, neither atomic (vm/race.py checks each state
    a transition ends in)."""
    name = "race"
    kinds = frozenset({"race"})
    unreachable_in_key = False

    def arm(self, vm: VM) -> None:
        vm.check_race = True  # before any code is generated: memcpy and memset become interrupt points

    def claim(self, vm: VM) -> ErrorInfo | None:
        err = vm.error
        return err if err is not None and err.kind in self.kinds else None


def checkers_for(leakcheck: str | None, race: bool = False) -> list[Checker]:
    """The checkers of the command-line options, most specific first."""
    out: list[Checker] = []
    if leakcheck and leakcheck != "none":
        out.append(LeakCheck(leakcheck))
    if race:
        out.append(RaceCheck())
    out.append(Safety())
    return out


def arm(vm: VM, checkers: list[Checker]) -> None:
    """Arm every checker; without a leak checker the VM checks no leaks,
    without a race checker no races."""
    vm.leakcheck = None
    vm.G["LEAKRET"] = False
    vm.check_race = False
    for c in checkers:
        c.arm(vm)


def claim(vm: VM, checkers: list[Checker]) -> ErrorInfo | None:
    """Whose error the VM's is: the first checker to claim it."""
    for c in checkers:
        err = c.claim(vm)
        if err is not None:
            return err
    return vm.error
