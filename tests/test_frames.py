"""Frames written and read back on the fast path (struct packing) must be
the same objects as the general encoder's, undefined registers included:
a frame's bytes, undefined bits and pointer slots are part of the state."""

from __future__ import annotations

import random

from divm.load.layout import CODE_BASE, decode_obj
from divm.load.types import I8, I32, I64, PTR
from divm.load.values import U
from divm.vm.frames import FRAME_HDR, FRAME_HEAD, FrameLayout, Frames, encode_regs, frame_obj, undefined_regs


class _Fn:
    idx = 7

    def __init__(self, lay):
        self.layouts = {1: lay}


class _VM(Frames):
    def __init__(self):
        self.objs = {5: frame_obj()}
        self.dirty = None


def _value(ty, rng):
    m = (1 << ty.bits) - 1
    pick = rng.randrange(4)
    if pick == 0:
        return U(rng.getrandbits(ty.bits), m)  # wholly undefined (a pointer alloca not yet written)
    if pick == 1:
        mask = rng.getrandbits(ty.bits) or 1
        return U(rng.getrandbits(ty.bits) & ~mask, mask)
    if ty.k == "p":
        return rng.choice([0, (0x100 + rng.randrange(50)) << 32 | rng.randrange(64)])
    return rng.getrandbits(ty.bits)


def _plain(vals):
    """Registers comparable: an undefined value as its bits and mask."""
    return [(v.v, v.m) if isinstance(v, U) else v for v in vals]


def test_fast_frames_with_undefined_registers_match_the_encoder():
    rng = random.Random(4)
    for _ in range(300):
        types = [rng.choice([I8, I32, I64, PTR]) for _ in range(rng.randrange(1, 7))]
        lay = FrameLayout(tuple(f"r{i}" for i in range(len(types))), types)
        assert lay.fast is not None
        vals = tuple(_value(t, rng) for t in types)
        al = [0x200 + i for i in range(rng.randrange(3))]
        vm = _VM()
        vm.write_frame(5, _Fn(lay), 1, 0x300 << 32, al, vals)
        got = vm.objs[5]
        ref = frame_obj()
        head = FRAME_HEAD.pack(((CODE_BASE + 7) << 32) | 1, 0x300 << 32, len(al)) + b"".join(
            (a << 32).to_bytes(8, "little") for a in al)
        ptrset = {8, *range(FRAME_HDR, FRAME_HDR + 8 * len(al), 8)}
        encode_regs(ref, head, FRAME_HDR + 8 * len(al), lay, vals, ptrset)
        ref.ptrs = ptrset
        assert bytes(got.b) == bytes(ref.b)
        assert (bytes(got.ud) if got.ud is not None else None) == (bytes(ref.ud) if ref.ud is not None else None)
        assert got.nud == ref.nud and got.ptrs == ref.ptrs
        # and read back: the registers as the general decoder gives them
        base = FRAME_HDR + 8 * len(al)
        fast = lay.fast.unpack_from(got.b, base)
        back = undefined_regs(got, lay, base, fast) if got.ud is not None else fast
        slow = tuple(decode_obj(t, got, base + off) for t, off in zip(lay.types, lay.offsets))
        assert _plain(back) == _plain(slow)
