"""Legal plays as masks: every group held, the beats, every discard."""

from __future__ import annotations

from math import comb

from hub.rules.groups import GROUP_BY_MASK
from hub.rules.play import combos_in, discard_count, discards, groups_in
from hub.rules.tiles import mask_of, parse_tiles

HAND = mask_of(parse_tiles("6-6 6-6 6-3 5-4 4-2 2-1 1-1 3-3"))


def test_groups_held_are_singles_and_combinations() -> None:
    groups = groups_in(HAND)
    assert all(g & HAND == g and g in GROUP_BY_MASK for g in groups)
    assert len(set(groups)) == len(groups) == 8 + len(combos_in(HAND))
    assert mask_of(parse_tiles("6-6 6-6 6-3 5-4")) in groups  # the quad 天天99
    assert mask_of(parse_tiles("4-2 2-1")) in groups  # 至尊


def test_discards_are_every_subset_of_the_lead_size() -> None:
    for size in (1, 2, 3, 4):
        found = discards(HAND, size)
        assert len(set(found)) == len(found) == discard_count(HAND, size) == comb(8, size)
        assert all(d & HAND == d and d.bit_count() == size for d in found)
