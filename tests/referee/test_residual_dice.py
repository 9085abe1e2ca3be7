"""Residual-tile dice (§F.5, §N.6): logged and compared with the next lead, never enforced."""

from __future__ import annotations

from hub.referee.transcript import referee_json

from .test_cheng_lao import DEAL


def test_the_result_says_whether_the_lead_followed_the_dice() -> None:
    events = [
        {"seat": "E", "dice": [3, 4]},  # 7 -> 杂
        {"seat": "E", "play": ["6-6"]},  # 宫: did not follow, still legal
    ]
    tr = {
        "format": "tiengow-transcript/1",
        "rules": "mainland",
        "seats": ["E", "S", "W", "N"],
        "hands": [{"banker": "E", "deal": DEAL, "events": events}],
    }
    hand = referee_json(tr)["hands"][0]
    assert hand["residual_dice"] == [
        {"seat": "E", "dice": [3, 4], "system": "za", "followed": False}
    ]
    events[0]["dice"] = [5, 6]  # 11 -> 宫
    hand = referee_json(tr)["hands"][0]
    assert hand["residual_dice"][0]["followed"] is True


def test_dice_outside_the_mainland_game_of_three_or_four_are_only_logged() -> None:
    """§F.5 is the mainland game's, 'not used with 2 players'; transcript.md: a dice event is
    'checked when the rules say so'. An HK 牌頭 throw or a table of two gets no verdict."""
    hk = {
        "format": "tiengow-transcript/1",
        "rules": "hk",
        "seats": ["E", "S", "W", "N"],
        "hands": [
            {
                "banker": "E",
                "deal": DEAL,
                "events": [{"seat": "E", "dice": [3, 4]}, {"seat": "E", "play": ["6-6"]}],
            }
        ],
    }
    assert "residual_dice" not in referee_json(hk)["hands"][0]
    two = {
        "format": "tiengow-transcript/1",
        "rules": "mainland",
        "seats": ["E", "S"],
        "hands": [
            {
                "banker": "E",
                "events": [{"seat": "E", "dice": [5, 6]}, {"seat": "E", "play": ["6-5"]}],
            }
        ],
    }
    assert "residual_dice" not in referee_json(two)["hands"][0]
