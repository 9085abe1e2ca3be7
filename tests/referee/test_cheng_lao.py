"""撑老 (§B.4, §F.4): when the lead cannot be beaten, the mainland table may discard in any order."""

from __future__ import annotations

from typing import Any

import pytest

from hub.referee.transcript import RefereeError, referee_json

DEAL = {
    "E": ["6-6", "6-6", "1-1", "1-1", "4-4", "4-4", "3-1", "3-1"],
    "S": ["5-5", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5", "6-5"],
    "W": ["6-4", "6-4", "6-1", "6-1", "5-1", "5-1", "6-3", "5-4"],
    "N": ["6-2", "5-3", "5-2", "4-3", "4-2", "4-1", "3-2", "2-1"],
}


def transcript(rules: str, events: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": "tiengow-transcript/1",
        "rules": rules,
        "seats": ["E", "S", "W", "N"],
        "hands": [{"banker": "E", "deal": DEAL, "events": events}],
    }


OUT_OF_ORDER = [
    {"seat": "E", "play": ["6-6"]},
    {"seat": "N", "discard": 1},
    {"seat": "S", "discard": 1},
    {"seat": "W", "discard": 1},
    {"seat": "E", "play": ["6-6"]},  # E won the trick and leads again
]


def test_mainland_accepts_discards_in_any_order_under_an_unbeatable_lead() -> None:
    hand = referee_json(transcript("mainland", OUT_OF_ORDER))["hands"][0]
    assert hand["tricks"] == [{"leader": "E", "winner": "E", "size": 1}]


def test_hk_keeps_strict_turns() -> None:
    with pytest.raises(RefereeError, match="out of turn") as info:
        referee_json(transcript("hk", OUT_OF_ORDER))
    assert info.value.event == 1


def test_a_beatable_lead_keeps_strict_turns_in_the_mainland_game() -> None:
    events = [
        {"seat": "E", "play": ["3-1"]},
        {"seat": "W", "discard": 1},
    ]  # 3-1 can still be beaten
    with pytest.raises(RefereeError, match="out of turn"):
        referee_json(transcript("mainland", events))


def test_an_unbeatable_beat_of_a_beatable_lead_keeps_strict_turns() -> None:
    # 撑老 is leading a 老 (§B.4 'when the lead is a 老', §F.4, [000] 有出牌权先出老牌叫撑老): E's 杂5
    # is no 老; S's 杂9 over it is unbeatable, but W is still to act before N
    events = [
        {"seat": "E", "play": ["4-1"]},
        {"seat": "S", "play": ["6-3"]},
        {"seat": "N", "discard": 1},
    ]
    tr = transcript("mainland", events)
    del tr["hands"][0]["deal"]
    with pytest.raises(RefereeError, match="N acted out of turn: W is to act") as info:
        referee_json(tr)
    assert info.value.event == 2


def test_a_seat_that_discarded_out_of_order_does_not_act_again() -> None:
    # E's 天 is a 老: W discards before S; after S, the turn passes W (who has acted) to N
    events = [
        {"seat": "E", "play": ["6-6"]},
        {"seat": "W", "discard": 1},
        {"seat": "S", "discard": 1},
        {"seat": "W", "discard": 1},
    ]
    with pytest.raises(RefereeError, match="W acted out of turn: N is to act") as info:
        referee_json(transcript("mainland", events))
    assert info.value.event == 3
    hand = referee_json(transcript("mainland", [*events[:3], {"seat": "N", "discard": 1}]))
    assert hand["hands"][0]["tricks"] == [{"leader": "E", "winner": "E", "size": 1}]
