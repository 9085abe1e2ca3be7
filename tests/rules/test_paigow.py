"""Pai Gow comparison mode (rules.md §H)."""

from __future__ import annotations

import pytest

from hub.rules.options import PaiGowTie, PaiGowTiebreak, Rules
from hub.rules.paigow import Tier, compare, compare_big, rank
from hub.rules.tiles import parse_tiles

R = Rules()


def h(text: str) -> tuple[int, int]:
    a, b = parse_tiles(text)
    return a, b


def test_the_ladder() -> None:
    ladder = [
        "4-2 2-1",
        "6-6 6-6",
        "1-1 1-1",
        "6-3 5-4",
        "5-2 4-3",
        "6-6 6-3",
        "1-1 5-4",
        "6-6 6-2",
        "1-1 4-4",
        "4-4 5-5",
        "6-6 5-5",
    ]
    ranks = [rank(R, h(x)) for x in ladder]
    assert ranks == sorted(ranks, reverse=True)
    assert rank(R, h("6-6 6-3"))[0] is Tier.WONG
    assert rank(R, h("1-1 4-4"))[0] is Tier.GONG  # 人 counts as an eight for 杠


def test_points_and_tiebreaks() -> None:
    assert rank(R, h("4-4 5-5"))[1] == 8
    assert compare(R, h("6-6 5-2"), h("1-1 5-2")) == 1  # 天之九 beats 地之九 ([003])
    assert compare(R, h("6-5 6-2"), h("6-4 6-3")) == 1  # equal points: 斧 ranks above 十
    by_class = Rules(pai_gow_tiebreak=PaiGowTiebreak.CLASS)
    assert compare(by_class, h("6-5 6-2"), h("6-4 6-3")) == -1  # same short class: banker


def test_ties_and_wild_gee_joon() -> None:
    assert rank(R, h("4-2 3-3"))[1] == 9  # 4-2 counted as 3: 3 + 6
    assert rank(Rules(gee_joon_wild=False), h("4-2 3-3"))[1] == 2
    assert compare(R, h("6-3 6-1"), h("6-3 6-1")) == -1  # an exact tie goes to the banker
    assert compare(Rules(pai_gow_tie=PaiGowTie.PUSH), h("6-3 6-1"), h("6-3 6-1")) == 0


def test_military_pairs_unranked_option() -> None:
    assert compare(R, h("6-3 5-4"), h("6-2 5-3")) == 1
    assert compare(Rules(military_pairs_ranked=False), h("6-3 5-4"), h("6-2 5-3")) == -1


@pytest.mark.parametrize(("head", "tail", "expected"), [(1, 1, 1), (-1, -1, -1), (1, -1, 0)])
def test_big_pai_gow(head: int, tail: int, expected: int) -> None:
    good, bad = (h("6-6 6-6"), h("1-1 1-1")), (h("5-5 2-2"), h("3-3 2-1"))
    player = (good[0] if head > 0 else bad[0], good[1] if tail > 0 else bad[1])
    banker = (bad[0] if head > 0 else good[0], bad[1] if tail > 0 else good[1])
    assert compare_big(R, player, banker) == expected
