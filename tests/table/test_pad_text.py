"""What a pad's OLED (4 lines of 21 printable ASCII characters) shows for names and refusals."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from hub.referee.transcript import RefereeError, referee_json
from hub.rules.errors import IllegalPlay, NotYourTurn, Refusal, TranscriptError
from hub.rules.tiles import FACE_MASK, parse_face
from hub.table.padtext import ascii_line, fit, pad_name, pad_names, refusal_lines

ROOT = Path(__file__).resolve().parents[2]


def tiles(*faces: str) -> int:
    """A mask of one tile of each face (two of a face named twice)."""
    mask = 0
    for face in faces:
        free = FACE_MASK[parse_face(face)] & ~mask
        mask |= free & -free
    return mask


@pytest.mark.parametrize(
    ("name", "seat", "shown"),
    [
        ("東 East", 0, "East"),
        ("陳生", 2, "Seat 2"),
        ("Ah Wing 阿榮", 1, "Ah Wing"),
        ("陳生 (Chan)", 3, "Chan"),
        ("Ｅａｓｔ", 0, "East"),  # full-width letters, as a Chinese keyboard may type them
        ("José 陳", 1, "Jose"),
        ("  ", 2, "Seat 2"),
        ("一二三四五六七八九十", 3, "Seat 3"),
        ("Christopher Wong Ka Ming", 0, "Christopher "),
    ],
)
def test_a_seat_name_is_its_ascii_part_or_its_seat_number(name: str, seat: int, shown: str) -> None:
    assert pad_name(name, seat) == shown.strip()
    assert len(pad_name(name, seat)) <= 12 and pad_name(name, seat).isascii()


def test_seat_names_that_read_alike_on_the_pad_fall_back_to_seat_numbers() -> None:
    """Two players called "Chan" in ASCII: the pads would not tell them apart."""
    assert pad_names(["陳生 Chan", "陳太 chan", "東 East", "北"]) == [
        "Seat 0",
        "Seat 1",
        "East",
        "Seat 3",
    ]


def test_fit_wraps_at_spaces_within_two_lines_and_replaces_what_the_font_lacks() -> None:
    assert fit(["Must beat 5-1", "or discard 1"]) == ["Must beat 5-1", "or discard 1"]
    assert fit(["Not in your hand: 6-6+6-6+5-5+5-5", "or so"]) == [
        "Not in your hand:",
        "6-6+6-6+5-5+5-5",
    ]
    assert all(len(x) <= 21 for x in fit(["x" * 50]))
    assert ascii_line("東 East to play, and more than fits") == "? East to play, and m"


EXAMPLES = {
    Refusal.OTHER: ["Not allowed:", "see the scoreboard"],
    Refusal.OUT_OF_TURN: ["Not your turn"],
    Refusal.NOT_A_GROUP: ["Not a legal group"],
    Refusal.WRONG_COUNT: ["Play 2 tiles", "or discard 2"],
    Refusal.WRONG_DISCARD: ["Discard 2 tiles"],
    Refusal.CANNOT_BEAT: ["Must beat 6-6+6-6", "or discard 2"],
    Refusal.NOTHING_BEATS: ["Nothing beats 4-2+2-1", "discard 2 face down"],
    Refusal.NOT_HELD: ["Not in your hand:", "6-6+6-6"],
    Refusal.ALREADY_PLAYED: ["Already played:", "6-6+6-6"],
    Refusal.HAND_OVER: ["The hand is over"],
    Refusal.NOTHING_TO_UNDO: ["Nothing to undo"],
}


@pytest.mark.parametrize("kind", list(Refusal))
def test_every_kind_of_refusal_has_a_short_ascii_reason(kind: Refusal) -> None:
    beat = tiles("2-4", "1-2") if kind is Refusal.NOTHING_BEATS else tiles("6-6", "6-6")
    e = IllegalPlay("東 East played 天: " + "a sentence far too long for a pad " * 3, kind, beat, 2)
    lines = refusal_lines(e)
    assert 1 <= len(lines) <= 2 and all(len(x) <= 21 and x.isascii() for x in lines), lines
    if kind in EXAMPLES:
        assert lines == EXAMPLES[kind]
    if kind is not Refusal.OTHER:
        assert lines != EXAMPLES[Refusal.OTHER], kind


def test_a_refusal_without_a_kind_gets_the_fallback_not_a_cut_sentence() -> None:
    assert (
        refusal_lines(IllegalPlay("W acted out of turn: E has the lead")) == EXAMPLES[Refusal.OTHER]
    )
    assert refusal_lines(TranscriptError("unknown tile '天'")) == EXAMPLES[Refusal.OTHER]
    assert refusal_lines(NotYourTurn("W acted out of turn: E has the lead")) == ["Not your turn"]


def test_four_tiles_to_beat_fit_with_what_else_to_do() -> None:
    four = tiles("6-6", "6-6", "5-5", "5-5")
    e = IllegalPlay("...", Refusal.CANNOT_BEAT, four, 4)
    assert refusal_lines(e) == ["Beat 6-6+6-6+5-5+5-5", "or discard 4"]


def test_one_tile_is_singular() -> None:
    assert refusal_lines(IllegalPlay("...", Refusal.WRONG_COUNT, 0, 1)) == [
        "Play 1 tile",
        "or discard 1",
    ]


@pytest.mark.parametrize(
    "source", ["hub/referee/hand.py", "hub/table/session.py", "hub/table/service.py"]
)
def test_every_refusal_the_hub_raises_names_its_kind(source: str) -> None:
    """So no refusal reaches a pad as the fallback for want of a kind."""
    tree = ast.parse((ROOT / source).read_text(encoding="utf-8"))
    unnamed = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "IllegalPlay"
        and len(node.args) < 2
        and not any(k.arg == "kind" for k in node.keywords)
    ]
    assert unnamed == [], f"{source}: IllegalPlay without a kind at lines {unnamed}"


def _pad_lines_of(tr: dict[str, Any]) -> list[str]:
    """The pad's lines for the refusal the referee gives ``tr``'s last event."""
    with pytest.raises(RefereeError) as info:
        referee_json(tr)
    cause = info.value.__context__  # the IllegalPlay the referee raised, with its kind
    assert isinstance(cause, IllegalPlay)
    return refusal_lines(cause)


def _tr(events: list[dict[str, Any]], deal: Any = None, rules: Any = "hk") -> dict[str, Any]:
    hand: dict[str, Any] = {"banker": "東 East", "events": events}
    if deal is not None:
        hand["deal"] = deal
    seats = ["東 East", "南", "西", "北"]
    return {"format": "tiengow-transcript/1", "rules": rules, "seats": seats, "hands": [hand]}


DEAL = {  # rules.md §J S01, the seats named in Chinese
    "東 East": ["2-2", "3-2", "4-2", "4-3", "4-4", "6-1", "6-2", "6-3"],
    "南": ["2-1", "4-4", "5-2", "5-3", "5-4", "6-4", "6-5", "6-6"],
    "西": ["1-1", "1-1", "3-1", "3-1", "4-1", "5-1", "5-1", "6-6"],
    "北": ["2-2", "3-3", "3-3", "5-5", "5-5", "6-1", "6-4", "6-5"],
}


@pytest.mark.parametrize(
    ("events", "deal", "rules", "shown"),
    [
        ([{"seat": "東 East", "play": ["6-6"]}], DEAL, "hk", ["Not in your hand:", "6-6"]),
        ([{"seat": "南", "play": ["6-6"]}], DEAL, "hk", ["Not your turn"]),
        ([{"seat": "東 East", "play": ["6-3", "6-2"]}], DEAL, "hk", ["Not a legal group"]),
        (
            [{"seat": "東 East", "play": ["6-3"]}, {"seat": "南", "play": ["5-4", "5-3"]}],
            DEAL,
            "hk",
            ["Play 1 tile", "or discard 1"],
        ),
        (
            [{"seat": "東 East", "play": ["4-2"]}, {"seat": "南", "play": ["2-1"]}],
            DEAL,
            "hk",
            ["Must beat 4-2", "or discard 1"],
        ),
        (
            [{"seat": "東 East", "play": ["5-1", "5-1"]}, {"seat": "南", "play": ["6-6", "6-6"]}],
            None,
            {"preset": "hk", "wen_zun": True},
            ["Must beat 5-1+5-1", "or discard 2"],  # the 高腳七 pair would (擒尊)
        ),
        (
            [
                {"seat": "東 East", "play": ["5-1", "5-1"]},
                {"seat": "南", "play": ["6-1", "6-1"]},
                {"seat": "西", "play": ["6-6", "6-6"]},
            ],
            None,
            {"preset": "hk", "wen_zun": True},
            ["Nothing beats 6-1+6-1", "discard 2 face down"],  # it captured the 文尊
        ),
        ([{"seat": "東 East", "forfeit": True}], DEAL, "hk", ["No forfeits at", "this table"]),
        ([{"seat": "東 East", "declare": "quan_bai"}], DEAL, "hk", ["Declaration refused"]),
    ],
)
def test_the_referees_refusals_reach_the_pad_by_kind(
    events: list[dict[str, Any]], deal: Any, rules: Any, shown: list[str]
) -> None:
    assert _pad_lines_of(_tr(events, deal, rules)) == shown
