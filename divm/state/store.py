"""The visited set of a search: every state seen, numbered in the order
found, with a link to the state it was first reached from.

A state is stored as its key: with exact storage the number the canonical
form got in the hash-consed tree of `state.Canon` (the tree itself holds
the data), with hash compaction a 128-bit fingerprint of the canonical form
(collisions would merge two states; at 2^-128 per pair that is an explicit
choice, reported as such).  A parent link is the parent's number and the
choices of the transition between them; counterexamples are rebuilt by
re-running those choices from the initial state."""

from __future__ import annotations

from array import array


class StateStore:
    def __init__(self, compaction: bool = False):
        self.compaction = compaction
        self.index: dict = {}               # key -> state number
        self.parent = array("i")            # state number -> parent's number (-1: the initial state)
        self.via = array("I")               # state number -> choices id
        self._choice_ids: dict[tuple, int] = {}
        self._choices: list[tuple] = []
        self.choice_words = 0

    def __len__(self) -> int:
        return len(self.parent)

    def __contains__(self, key) -> bool:
        return key in self.index

    def add(self, key, parent: int, choices: tuple) -> int | None:
        """Store a state; its number, or None if it was seen before."""
        if key in self.index:
            return None
        n = self.index[key] = len(self.parent)
        self.parent.append(parent)
        c = self._choice_ids.get(choices)
        if c is None:
            c = self._choice_ids[choices] = len(self._choices)
            self._choices.append(choices)
            self.choice_words += len(choices)
        self.via.append(c)
        return n

    def path(self, n: int) -> list[tuple]:
        """The choices of each transition from the initial state to state n."""
        out = []
        while self.parent[n] >= 0:
            out.append(self._choices[self.via[n]])
            n = self.parent[n]
        out.reverse()
        return out

    def stored_bytes(self) -> int:
        """Bytes of search data per the representation: each state's key (a
        32-bit tree number, or a 16-byte fingerprint), parent number and
        choices id, and the distinct choice sequences (a 32-bit word per
        choice).  The canonical data behind exact keys is `Canon.stored_bytes`."""
        per_state = (16 if self.compaction else 4) + 4 + 4
        return per_state * len(self.parent) + 4 * self.choice_words
