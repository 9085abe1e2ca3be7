"""Pai Gow (推排九 / 牌九) comparison mode (rules.md §H): two-tile hands against the banker.

Not part of a Tien Gow hand; clubs use the same tiles for it, and the options of
§I #35 shape it. A hand's rank is a tuple that compares with ``<``.
"""

from __future__ import annotations

from enum import IntEnum

from hub.rules.options import PaiGowTie, PaiGowTiebreak, Rules
from hub.rules.tiles import FACES, TILE_FACE, Suit, parse_face


class Tier(IntEnum):
    POINTS = 0
    GONG = 1  # 杠: 天 or 地 with an eight (a military eight or 人)
    WONG = 2  # 王: 天 or 地 with a nine
    PAIR = 3
    ZHIZUN = 4


_ORDER = [f for f in FACES if f.suit is Suit.CIVIL] + [f for f in FACES if f.suit is Suit.MILITARY]
# single-tile order: civil 天 … 銅錘六, then military by value (equal values tie)
_TILE_RANK = {f.text: (100 + f.strength if f.suit is Suit.CIVIL else f.strength) for f in _ORDER}
# [ANA]'s coarser classes for equal points: 天, 地, 人, 和, long (梅長板), short (斧十高銅), military
_CLASS_RANK = {
    "6-6": 6, "1-1": 5, "4-4": 4, "3-1": 3, "5-5": 2, "3-3": 2, "2-2": 2,
    "6-5": 1, "6-4": 1, "6-1": 1, "5-1": 1,
}  # fmt: skip
_EIGHTS = {"6-2", "5-3", "4-4"}
_NINES = {"6-3", "5-4"}
_GEE_JOON = {"4-2", "2-1"}


def _points(faces: list[str], wild: bool) -> int:
    def values(face: str) -> tuple[int, ...]:
        f = FACES[parse_face(face)]
        return (3, 6) if wild and face in _GEE_JOON else (f.pips,)

    return max((a + b) % 10 for a in values(faces[0]) for b in values(faces[1]))


def rank(rules: Rules, tiles: tuple[int, int]) -> tuple[int, ...]:
    """The rank of a two-tile hand (higher is better; equal ranks tie)."""
    faces = sorted((TILE_FACE[t].text for t in tiles), key=lambda f: -_TILE_RANK[f])
    hi, lo = faces
    if {hi, lo} == _GEE_JOON:
        return (Tier.ZHIZUN,)
    fh, fl = FACES[parse_face(hi)], FACES[parse_face(lo)]
    if hi == lo and fh.suit is Suit.CIVIL:
        return (Tier.PAIR, 100 + fh.strength)
    if fh.suit is Suit.MILITARY and fl.suit is Suit.MILITARY and fh.strength == fl.strength:
        return (Tier.PAIR, fh.strength if rules.military_pairs_ranked else 1)
    if hi in ("6-6", "1-1"):
        top = 2 if hi == "6-6" else 1
        if rules.wong_enabled and lo in _NINES:
            return (Tier.WONG, top)
        if lo in _EIGHTS:
            return (Tier.GONG, top)
    tiebreak = (
        _TILE_RANK[hi] if rules.pai_gow_tiebreak is PaiGowTiebreak.TILE else _CLASS_RANK.get(hi, 0)
    )
    return (Tier.POINTS, _points(faces, rules.gee_joon_wild), tiebreak)


def compare(rules: Rules, player: tuple[int, int], banker: tuple[int, int]) -> int:
    """+1 the player wins, -1 the banker wins, 0 a push (only with ``pai_gow_tie = push``)."""
    a, b = rank(rules, player), rank(rules, banker)
    if a != b:
        return 1 if a > b else -1
    return 0 if rules.pai_gow_tie is PaiGowTie.PUSH else -1


def compare_big(
    rules: Rules,
    player: tuple[tuple[int, int], tuple[int, int]],
    banker: tuple[tuple[int, int], tuple[int, int]],
) -> int:
    """大牌九: head against head and tail against tail; both won wins, both lost loses, else a push."""
    head, tail = compare(rules, player[0], banker[0]), compare(rules, player[1], banker[1])
    if head > 0 and tail > 0:
        return 1
    if head < 0 and tail < 0:
        return -1
    if rules.pai_gow_tie is PaiGowTie.PUSH and 0 in (head, tail):
        return head + tail  # a win and a tie wins, a loss and a tie loses ([ANA])
    return 0
