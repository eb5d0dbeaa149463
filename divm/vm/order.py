"""Can the program tell heap and stack objects' numbers apart?  The guard
of heap symmetry.

The canonical key may number heap and stack objects by traversal alone
(`state.snapshot.Canon`, keep_order off): states that differ only in which
object got which id are then one state.  That is exact as long as nothing
the program does depends on the ids.  They show through a pointer turned
into an integer (ptrtoint, unless only its offset is used, or it is
subtracted from a pointer into the same object), a relational comparison
of pointers into two objects of one class (stack or heap: the classes
have fixed, ordered id ranges), or the difference of pointers into two
objects.  Generated code tests for these (codegen/exprs.py) and calls here
when one happens; order_seen then stays set, and the explorer starts over
with the key that keeps the raw order (`explore.explorer.run`): states
merged before may differ in what such an operation gives."""

from __future__ import annotations

from divm.load.layout import PL_ALLOCA, PL_CODE

USER_LO = PL_CODE << 32  # the first pointer into an object the key renumbers (stack, then heap ids)


class Order:
    """A mixin of VM: keeps order_seen."""

    def p2i(self, x: int) -> int:
        """ptrtoint of x, a pointer into the stack or the heap."""
        self.order_seen = True
        return x

    def ocmp(self, x: int, y: int, r: bool) -> bool:
        """A relational comparison r of pointers into two objects."""
        a, b = x >> 32, y >> 32
        if a >= PL_CODE and b >= PL_CODE and (a >= PL_ALLOCA) == (b >= PL_ALLOCA):
            self.order_seen = True
        return r

    def psub(self, x: int, y: int, r: int) -> int:
        """r, the difference of the integers of pointers into two objects."""
        if x >= USER_LO or y >= USER_LO:
            self.order_seen = True
        return r

    def ordered(self, v):
        """A vector operation that may show numbers (rare: not looked into)."""
        self.order_seen = True
        return v
