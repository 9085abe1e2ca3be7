"""Settlement arithmetic (rules.md §D.1-§D.3): the seed examples as four-seat vectors."""

from __future__ import annotations

import pytest

from hub.rules.options import BankerMultiplier, LiPai, Rules, preset
from hub.rules.scoring import Finish, Payment, banker_factor, li_pai_value, settle
from hub.rules.tiles import TILE_FACE

NORMAL = Finish(("normal",), 1, -1, False)
E, S, W, N = range(4)


def money(pays: list[Payment]) -> tuple[int, ...]:
    out = [0, 0, 0, 0]
    for p in pays:
        out[p.payer] -= p.amount
        out[p.receiver] += p.amount
    return tuple(out)


# §D.2: stacks (E, S, W, N), winner, banker (or -1), term, expected money
D2 = [
    ((4, 0, 2, 2), E, -1, 1, (9, -5, -2, -2)),
    ((2, 6, 0, 0), E, -1, 1, (8, 2, -5, -5)),
    ((2, 6, 0, 0), E, S, 2, (8, 2, -5, -5)),
    ((2, 4, 1, 1), E, -1, 1, (6, 0, -3, -3)),
    ((3, 1, 2, 2), E, S, 1, (10, -6, -2, -2)),
    ((4, 0, 2, 2), E, S, 1, (14, -10, -2, -2)),
    ((4, 0, 2, 2), E, S, 2, (19, -15, -2, -2)),
    ((4, 0, 2, 2), E, E, 1, (18, -10, -4, -4)),
    ((4, 0, 2, 2), E, E, 2, (27, -15, -6, -6)),
    ((3, 3, 1, 1), E, E, 3, (28, -4, -12, -12)),
    ((2, 5, 1, 0), E, E, 1, (14, 2, -6, -10)),
    ((1, 4, 0, 3), N, E, 1, (-6, 0, -5, 11)),  # [002] 例一
]


@pytest.mark.parametrize(("stacks", "winner", "banker", "term", "expected"), D2)
def test_seed_examples(
    stacks: tuple[int, ...], winner: int, banker: int, term: int, expected: tuple[int, ...]
) -> None:
    rules = preset("hk")
    f = banker_factor(rules, term, False)
    pays = settle(rules, range(4), winner, stacks, banker, f, NORMAL)
    assert money(pays) == expected


@pytest.mark.parametrize(
    ("mult", "term", "first", "expected"),
    [
        (BankerMultiplier.STREAK_PLUS_ONE, 1, True, 2),
        (BankerMultiplier.STREAK_PLUS_ONE, 3, False, 4),
        (BankerMultiplier.DOUBLE, 5, False, 2),
        (BankerMultiplier.STREAK, 1, True, 1),
        (BankerMultiplier.STREAK, 3, False, 3),
        (BankerMultiplier.NONE, 4, False, 1),
    ],
)
def test_banker_factor(mult: BankerMultiplier, term: int, first: bool, expected: int) -> None:
    assert banker_factor(Rules(banker_multiplier=mult), term, first) == expected


def test_first_hand_not_a_term() -> None:
    r = Rules(first_hand_counts_as_term=False)
    assert banker_factor(r, 1, True) == 1  # the session's first hand: ×1
    assert banker_factor(r, 2, True) == 2  # kept the bank from the first hand
    assert banker_factor(r, 1, False) == 2


def test_losing_banker_with_surplus_is_paid_at_one_unless_agreed() -> None:
    stacks = (6, 2, 0, 0)
    assert money(settle(preset("hk"), range(4), S, stacks, E, 3, NORMAL))[E] == 2
    r = Rules(banker_surplus_multiplied=True)
    assert money(settle(r, range(4), S, stacks, E, 3, NORMAL))[E] == 6


def test_bao_pays_every_positive_due() -> None:
    # 擒 ×4: S captured; W the winner; E has 5 stacks (paid by the winner), others owe.
    fin = Finish(("qin",), 4, S, False)
    pays = settle(preset("hk"), range(4), W, (5, 0, 2, 1), N, 2, fin)
    # dues: E -1×1×4 = -4 (paid by W); S 5×1×4 = 20; N banker 3×2×4 = 24 -> S pays 44
    assert money(pays) == (4, -44, 40, 0)


def _hand(*faces: str) -> int:
    mask = 0
    for f in faces:  # a second copy of a face is the next tile id
        t = next(t for t in range(32) if TILE_FACE[t].text == f and not mask >> t & 1)
        mask |= 1 << t
    return mask


def test_four_pairs_wen_zun_is_not_a_pair_unless_agreed() -> None:
    # §E.9 / §I #34: whether 至尊 or 文尊 counts as a pair for four pairs is the table's
    # four_pairs_counts_zhizun (default false). Without 文尊 the 5-1 pair is a civil double.
    hand = _hand("5-1", "5-1", "3-3", "3-3", "2-2", "2-2", "6-5", "6-5")
    four = LiPai(four_pairs=True)
    assert li_pai_value(Rules(li_pai=four), hand) == {"four_pairs": 4}
    assert li_pai_value(Rules(li_pai=four, wen_zun=True), hand) == {}
    agreed = Rules(li_pai=four, wen_zun=True, four_pairs_counts_zhizun=True)
    assert li_pai_value(agreed, hand) == {"four_pairs": 4}
