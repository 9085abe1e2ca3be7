"""The live table: camera views and pad presses become the same events a transcript holds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hub.adapters.ledger import Ledger
from hub.referee.transcript import referee_json
from hub.table.live import LiveSettings, LiveTable, ZoneView
from hub.table.service import TableService

GOLDEN = Path(__file__).resolve().parent.parent / "golden"


class Screens:
    def __init__(self) -> None:
        self.last: dict[int, tuple[list[str], str, int]] = {}

    def __call__(self, seat: int, lines: list[str], led: str, beep: int) -> None:
        self.last[seat] = (lines, led, beep)


def table(tmp_path: Path, tr: dict[str, Any], **settings: Any) -> tuple[LiveTable, Screens]:
    service = TableService(Ledger(tmp_path / "t.db"))
    first = tr["hands"][0]
    service.start_session(
        {
            "rules": tr["rules"],
            "seats": tr["seats"],
            "hands": [{"banker": first["banker"], "banker_term": first.get("banker_term")}],
        },
        "test",
    )
    screens = Screens()
    return LiveTable(service, LiveSettings(**settings), screens, clock=lambda: NOW[0]), screens


NOW = [100.0]  # the live table's clock in these tests


def play_through(live: LiveTable, tr: dict[str, Any], t: float = 0.0) -> None:
    seats = tr["seats"]
    for hand in tr["hands"]:
        for ev in hand["events"]:
            seat = seats.index(ev["seat"])
            if "play" in ev:
                live.on_zone(ZoneView(seat, tuple(ev["play"]), 0, 0.99, t))
                live.on_press(seat, "play")
            else:
                n = ev["discard"] if isinstance(ev["discard"], int) else len(ev["discard"])
                live.on_zone(ZoneView(seat, (), n, 1.0, t))
                live.on_press(seat, "discard")


def test_presses_and_views_referee_a_whole_session(tmp_path: Path) -> None:
    tr = json.loads((GOLDEN / "G32-session-derived-banker.json").read_text(encoding="utf-8"))[
        "transcript"
    ]
    live, screens = table(tmp_path, tr)
    play_through(live, tr)
    totals = referee_json(live.service.transcript())["totals"]
    assert totals == referee_json(tr)["totals"]
    winner = live.service.session.results[-1].winner  # type: ignore[union-attr]
    assert screens.last[winner][1] == "win"
    assert all(len(line) <= 21 for lines, _, _ in screens.last.values() for line in lines)


def test_an_unsure_read_asks_the_pad_to_confirm(tmp_path: Path) -> None:
    tr = json.loads((GOLDEN / "G01-banker-term2-wins-ru-er.json").read_text(encoding="utf-8"))[
        "transcript"
    ]
    live, screens = table(tmp_path, tr)
    ev = tr["hands"][0]["events"][0]
    seat = tr["seats"].index(ev["seat"])
    live.on_zone(ZoneView(seat, tuple(ev["play"]), 0, 0.5, 0))
    live.on_press(seat, "play")
    assert live.service.session.hands[-1].actions == []  # type: ignore[union-attr]
    assert screens.last[seat][0][2].startswith("Play ") and screens.last[seat][0][3] == "OK/UNDO"
    live.on_press(seat, "ok")
    assert len(live.service.session.hands[-1].actions) == 1  # type: ignore[union-attr]


def test_the_pad_to_act_beeps_once_when_its_turn_begins(tmp_path: Path) -> None:
    """A turn beeps when it begins; what changes elsewhere at the table (another seat's view,
    a pad coming online) shows the seat to act its display again, without a beep; a refusal
    beeps each time."""
    tr = json.loads((GOLDEN / "G01-banker-term2-wins-ru-er.json").read_text(encoding="utf-8"))[
        "transcript"
    ]
    live, screens = table(tmp_path, tr)
    leader = tr["seats"].index(tr["hands"][0]["events"][0]["seat"])
    live.refresh()
    assert screens.last[leader][1:] == ("turn", 1)
    live.refresh()  # (as when any pad comes online: the hub shows every seat again)
    assert screens.last[leader][1:] == ("turn", 0)
    other = (leader + 2) % 4
    for _ in range(2):
        live.on_zone(ZoneView(other, ("6-6",), 0, 0.99, 0))
        live.on_press(other, "play", also=lambda db: None)
        assert screens.last[other][1:] == ("error", 1)


def test_an_illegal_play_is_refused_with_the_reason(tmp_path: Path) -> None:
    tr = json.loads((GOLDEN / "G01-banker-term2-wins-ru-er.json").read_text(encoding="utf-8"))[
        "transcript"
    ]
    live, screens = table(tmp_path, tr)
    leader = tr["seats"].index(tr["hands"][0]["events"][0]["seat"])
    other = (leader + 2) % 4
    live.on_zone(ZoneView(other, ("6-6",), 0, 0.99, 0))
    live.on_press(other, "play", also=lambda db: None)
    assert screens.last[other][1] == "error" and "out of turn" in screens.last[other][0][3]
    assert live.notice is not None and "out of turn" in live.notice["message"]
    types = [r.type for r in live.service.ledger.events(live.service.session_id or 0)]
    assert types == ["session", "refused"]  # recorded, so the pad's press is applied once


def test_undo_only_own_last_action(tmp_path: Path) -> None:
    tr = json.loads((GOLDEN / "G01-banker-term2-wins-ru-er.json").read_text(encoding="utf-8"))[
        "transcript"
    ]
    live, screens = table(tmp_path, tr)
    events = tr["hands"][0]["events"]
    first = {"transcript": {**tr, "hands": [{**tr["hands"][0], "events": events[:1]}]}}
    play_through(live, first["transcript"])
    second = tr["seats"].index(events[1]["seat"])
    live.on_press(second, "undo")
    assert screens.last[second][1] == "error"
    leader = tr["seats"].index(events[0]["seat"])
    live.on_press(leader, "undo")
    assert live.service.session.hands[-1].actions == []  # type: ignore[union-attr]


@pytest.mark.parametrize("auto", [0.0, 2.0])
def test_auto_confirm_after_a_stable_interval(tmp_path: Path, auto: float) -> None:
    tr = json.loads((GOLDEN / "G01-banker-term2-wins-ru-er.json").read_text(encoding="utf-8"))[
        "transcript"
    ]
    live, _ = table(tmp_path, tr, auto_confirm_s=auto)
    ev = tr["hands"][0]["events"][0]
    NOW[0] = 97.0
    live.on_zone(ZoneView(tr["seats"].index(ev["seat"]), tuple(ev["play"]), 0, 0.99, 5.0))
    NOW[0] = 100.0
    live.tick()  # seen 3 s ago (the camera's own clock, 5.0, does not matter)
    played = len(live.service.session.hands[-1].actions)  # type: ignore[union-attr]
    assert played == (1 if auto else 0)


def test_a_refusal_beeps_once_not_at_every_later_refresh(tmp_path: Path) -> None:
    """A refused press beeps its pad once; the refusal still on show does not beep again each
    time the hub shows every seat (a pad coming online, another seat's play)."""
    tr = json.loads((GOLDEN / "G01-banker-term2-wins-ru-er.json").read_text(encoding="utf-8"))[
        "transcript"
    ]
    live, screens = table(tmp_path, tr)
    lead = tr["hands"][0]["events"][0]
    leader = tr["seats"].index(lead["seat"])
    other = (leader + 2) % 4
    live.on_zone(ZoneView(other, ("6-6",), 0, 0.99, 0))
    live.on_press(other, "play", also=lambda db: None)
    assert screens.last[other][1:] == ("error", 1)
    live.refresh()  # (a pad comes online)
    assert screens.last[other][1:] == ("error", 0)
    live.on_zone(ZoneView((leader + 1) % 4, ("6-6",), 0, 0.99, 0))
    live.on_press((leader + 1) % 4, "play", also=lambda db: None)  # another seat's refusal
    assert screens.last[(leader + 1) % 4][1:] == ("error", 1)
    assert screens.last[other][2] == 0


def test_a_refusal_gives_way_when_the_game_moves_on(tmp_path: Path) -> None:
    """A seat refused out of turn: once a play is accepted the refusal is out of date, as on
    the scoreboard (its notice is cleared), so when that seat's turn comes its pad shows the
    turn (green LED, a beep), not the old reason and a red LED."""
    tr = json.loads((GOLDEN / "G01-banker-term2-wins-ru-er.json").read_text(encoding="utf-8"))[
        "transcript"
    ]
    live, screens = table(tmp_path, tr)
    events = tr["hands"][0]["events"]
    third = tr["seats"].index(events[2]["seat"])
    live.on_zone(ZoneView(third, ("6-6",), 0, 0.99, 0))
    live.on_press(third, "play", also=lambda db: None)
    assert screens.last[third][1] == "error" and "out of turn" in screens.last[third][0][3]
    live.service.submit(events[0], "api")  # the operator enters the lead
    assert live.service.notice is None and screens.last[third][1] == "idle"
    seat = tr["seats"].index(events[1]["seat"])
    live.on_zone(ZoneView(seat, tuple(events[1]["play"]), 0, 0.99, 0))
    live.on_press(seat, "play", also=lambda db: None)
    lines, led, beep = screens.last[third]
    assert (led, beep, lines[3]) == ("turn", 1, "")


def test_a_cancelled_question_leaves_the_turn_on_show(tmp_path: Path) -> None:
    """UNDO at "Play …? OK/UNDO" takes back the question, not the turn: the pad still shows
    the green LED of the seat to act."""
    tr = json.loads((GOLDEN / "G01-banker-term2-wins-ru-er.json").read_text(encoding="utf-8"))[
        "transcript"
    ]
    live, screens = table(tmp_path, tr)
    ev = tr["hands"][0]["events"][0]
    seat = tr["seats"].index(ev["seat"])
    live.on_zone(ZoneView(seat, tuple(ev["play"]), 0, 0.5, 0))
    live.on_press(seat, "play", also=lambda db: None)
    live.on_press(seat, "undo", also=lambda db: None)
    lines, led, _ = screens.last[seat]
    assert (lines[3], led) == ("cancelled", "turn")
    assert live.service.session.hands[-1].actions == []  # type: ignore[union-attr]


def test_tiles_moved_while_the_pad_asks_withdraw_the_question(tmp_path: Path) -> None:
    """The pad asks "Play X? OK/UNDO" about an unsure read; the player changes the tiles and
    the camera settles on others: OK must not play X, which is no longer on the table. The
    question is withdrawn and the pad says so; PLAY asks about (or plays) what lies there now."""
    tr = json.loads((GOLDEN / "G01-banker-term2-wins-ru-er.json").read_text(encoding="utf-8"))[
        "transcript"
    ]
    live, screens = table(tmp_path, tr)
    ev = tr["hands"][0]["events"][0]
    seat = tr["seats"].index(ev["seat"])
    wrong = ("6-5",) if tuple(ev["play"]) != ("6-5",) else ("6-4",)
    live.on_zone(ZoneView(seat, wrong, 0, 0.5, 0))
    live.on_press(seat, "play", also=lambda db: None)
    assert screens.last[seat][0][3].endswith("OK/UNDO")
    live.on_zone(ZoneView(seat, wrong, 0, 0.6, 1))  # the same tiles settle again: still asked
    assert screens.last[seat][0][3].endswith("OK/UNDO")
    live.on_zone(ZoneView(seat, tuple(ev["play"]), 0, 0.99, 2))
    lines, led, _ = screens.last[seat]
    assert not lines[3].endswith("OK/UNDO") and "PLAY" in lines[3] and led == "turn"
    live.on_press(seat, "ok", also=lambda db: None)
    assert live.service.session.hands[-1].actions == []  # type: ignore[union-attr]
    live.on_press(seat, "play", also=lambda db: None)
    assert [a.seat for a in live.service.session.hands[-1].actions] == [seat]  # type: ignore[union-attr]
    assert live.service.transcript()["hands"][0]["events"] == [ev]


def test_a_question_gives_way_when_the_operator_enters_the_play(tmp_path: Path) -> None:
    """The pad asks "Play X? OK/UNDO"; the operator enters the seat's play instead: the
    question is out of date, so the pad stops asking and a late OK plays nothing."""
    tr = json.loads((GOLDEN / "G01-banker-term2-wins-ru-er.json").read_text(encoding="utf-8"))[
        "transcript"
    ]
    live, screens = table(tmp_path, tr)
    ev = tr["hands"][0]["events"][0]
    seat = tr["seats"].index(ev["seat"])
    live.on_zone(ZoneView(seat, tuple(ev["play"]), 0, 0.5, 0))
    live.on_press(seat, "play", also=lambda db: None)
    live.service.submit(ev, "api")
    lines, led, _ = screens.last[seat]
    assert not lines[3].endswith("OK/UNDO") and led == "idle"
    live.on_press(seat, "ok", also=lambda db: None)
    types = [r.type for r in live.service.ledger.events(live.service.session_id or 0)]
    assert types == ["session", "confirm", "event"] and screens.last[seat][1] == "idle"


def test_the_question_about_four_tiles_fits_the_pad(tmp_path: Path) -> None:
    """A play of up to four tiles: the pad's question names every tile and what to press,
    within its 4 lines of 21 characters (pad-protocol.md's show)."""
    tr = json.loads((GOLDEN / "G01-banker-term2-wins-ru-er.json").read_text(encoding="utf-8"))[
        "transcript"
    ]
    live, screens = table(tmp_path, tr)
    seat = tr["seats"].index(tr["hands"][0]["events"][0]["seat"])
    live.on_zone(ZoneView(seat, ("6-6", "6-6", "5-5", "5-5"), 0, 0.5, 0))
    live.on_press(seat, "play", also=lambda db: None)
    lines = screens.last[seat][0]
    assert lines[2:] == ["Play 6-6+6-6+5-5+5-5?", "OK/UNDO"]
