"""Legal plays as masks: leads, beats and discards for one seat (§B.3-§B.6, §C)."""

from __future__ import annotations

from itertools import combinations
from math import comb

from hub.rules.groups import COMBOS_BY_LOWEST, Cls, GroupTable


def groups_in(hand: int) -> list[int]:
    """Every legal group (singles included) made of tiles of ``hand``."""
    out = []
    rest = hand
    while rest:
        low = rest & -rest
        rest ^= low
        out.append(low)
        for g in COMBOS_BY_LOWEST[low.bit_length() - 1]:
            if g & hand == g:
                out.append(g)
    return out


def combos_in(hand: int) -> list[int]:
    """Every legal group of two or more tiles made of tiles of ``hand``."""
    out = []
    rest = hand
    while rest:
        low = rest & -rest
        rest ^= low
        for g in COMBOS_BY_LOWEST[low.bit_length() - 1]:
            if g & hand == g:
                out.append(g)
    return out


def beats_in(table: GroupTable, hand: int, best: tuple[Cls, int]) -> list[int]:
    """The groups in ``hand`` that beat the best play of the trick so far."""
    return [g for g in table.beaters.get(best, ()) if g & hand == g]


def discard_count(hand: int, size: int) -> int:
    """How many different sets of ``size`` tiles ``hand`` can discard."""
    return comb(hand.bit_count(), size)


def discards(hand: int, size: int) -> list[int]:
    """Every set of ``size`` tiles of ``hand`` (for exhaustive search; self-play samples instead)."""
    tiles = [t for t in range(32) if hand >> t & 1]
    out = []
    for combo in combinations(tiles, size):
        m = 0
        for t in combo:
            m |= 1 << t
        out.append(m)
    return out
