"""§B.6 / §J S26: leading combinations whole (option no_split_lead)."""

from __future__ import annotations

import pytest

from hub.referee.hand import Action, Namer, decide, legal_leads, new_hand, table_for
from hub.rules.errors import IllegalPlay
from hub.rules.options import NoSplitLead, Rules
from hub.rules.tiles import ALL_TILES, mask_of, parse_face, parse_tiles

HAND = mask_of(parse_tiles("4-4 4-4 4-3 6-6 1-1 2-2 5-5 6-5"))

# proposed lead -> legal under (off, series_max, all_combos)
S26 = [
    ("4-4", (True, False, False)),
    ("4-4 4-4", (True, False, False)),
    ("4-4 4-3", (True, False, False)),
    ("4-4 4-4 4-3", (True, True, True)),
    ("4-3", (True, False, False)),
    ("6-6", (True, True, True)),
]


def lead(option: NoSplitLead, faces: str) -> bool:
    rules = Rules(no_split_lead=option)
    rest = ALL_TILES & ~HAND
    others = [0, 0, 0]
    for i, t in enumerate(t for t in range(32) if rest >> t & 1):
        others[i % 3] |= 1 << t
    state = new_hand(rules, 4, 0, 1, 2, (HAND, *others))
    action = Action(0, "play", faces=tuple(parse_face(f) for f in faces.split()))
    try:
        decide(rules, table_for(rules), state, action, Namer("ESWN"))
    except IllegalPlay as e:
        assert "must be led whole" in str(e)
        return False
    return True


@pytest.mark.parametrize(("faces", "expected"), S26)
def test_s26(faces: str, expected: tuple[bool, bool, bool]) -> None:
    got = tuple(
        lead(o, faces) for o in (NoSplitLead.OFF, NoSplitLead.SERIES_MAX, NoSplitLead.ALL_COMBOS)
    )
    assert got == expected


def test_legal_leads_agree_with_decide() -> None:
    for option in NoSplitLead:
        rules = Rules(no_split_lead=option)
        state = new_hand(rules, 4, 0, 1, 2, (HAND, 0, 0, 0))
        table = table_for(rules)
        leads = set(legal_leads(rules, table, state, 0))
        for faces, _ in S26:
            assert (mask_of(parse_tiles(faces)) in leads) == lead(option, faces)


def test_a_split_lead_refusal_names_the_combination_by_its_group() -> None:
    """The pages say 'Lead the whole combination: 三文人人7', not its tiles one by one."""
    rules = Rules(no_split_lead=NoSplitLead.SERIES_MAX)
    state = new_hand(rules, 4, 0, 1, 2, (HAND, 0, 0, 0))
    action = Action(0, "play", faces=(parse_face("4-4"),))
    with pytest.raises(IllegalPlay) as e:
        decide(rules, table_for(rules), state, action, Namer("ESWN"))
    assert e.value.tiles == mask_of(parse_tiles("4-4 4-4 4-3"))
    assert e.value.group_names == {
        "zh-Hant": "三文人人7",
        "zh-Hans": "三文人人7",
        "en": "Yun Yun Chit",
    }
