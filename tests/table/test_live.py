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


def g01() -> dict[str, Any]:
    """The golden transcript G01 (one hand; the banker leads a pair)."""
    path = GOLDEN / "G01-banker-term2-wins-ru-er.json"
    transcript: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))["transcript"]
    return transcript


def asking(tmp_path: Path) -> tuple[LiveTable, Screens, dict[str, Any], int]:
    """G01's first play read in doubt and pressed: the pad asks "Play X? OK/UNDO"."""
    tr = g01()
    live, screens = table(tmp_path, tr)
    ev = tr["hands"][0]["events"][0]
    seat = tr["seats"].index(ev["seat"])
    live.on_zone(ZoneView(seat, tuple(ev["play"]), 0, 0.5, 0))
    live.on_press(seat, "play", also=lambda db: None)
    return live, screens, ev, seat


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
    tr = g01()
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
    tr = g01()
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
    tr = g01()
    live, screens = table(tmp_path, tr)
    leader = tr["seats"].index(tr["hands"][0]["events"][0]["seat"])
    other = (leader + 2) % 4
    live.on_zone(ZoneView(other, ("6-6",), 0, 0.99, 0))
    live.on_press(other, "play", also=lambda db: None)
    assert screens.last[other][1] == "error" and screens.last[other][0][3] == "Not your turn"
    assert live.notice is not None and "out of turn" in live.notice["message"]
    types = [r.type for r in live.service.ledger.events(live.service.session_id or 0)]
    assert types == ["session", "refused"]  # recorded, so the pad's press is applied once


def test_undo_only_own_last_action(tmp_path: Path) -> None:
    tr = g01()
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
    tr = g01()
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
    tr = g01()
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
    tr = g01()
    live, screens = table(tmp_path, tr)
    events = tr["hands"][0]["events"]
    third = tr["seats"].index(events[2]["seat"])
    live.on_zone(ZoneView(third, ("6-6",), 0, 0.99, 0))
    live.on_press(third, "play", also=lambda db: None)
    assert screens.last[third][1] == "error" and screens.last[third][0][3] == "Not your turn"
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
    live, screens, _, seat = asking(tmp_path)
    live.on_press(seat, "undo", also=lambda db: None)
    lines, led, _ = screens.last[seat]
    assert (lines[3], led) == ("cancelled", "turn")
    assert live.service.session.hands[-1].actions == []  # type: ignore[union-attr]


def test_tiles_moved_while_the_pad_asks_withdraw_the_question(tmp_path: Path) -> None:
    """The pad asks "Play X? OK/UNDO" about an unsure read; the player changes the tiles and
    the camera settles on others: OK must not play X, which is no longer on the table. The
    question is withdrawn and the pad says so; PLAY asks about (or plays) what lies there now."""
    tr = g01()
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
    live, screens, ev, seat = asking(tmp_path)
    live.service.submit(ev, "api")
    lines, led, _ = screens.last[seat]
    assert not lines[3].endswith("OK/UNDO") and led == "idle"
    live.on_press(seat, "ok", also=lambda db: None)
    types = [r.type for r in live.service.ledger.events(live.service.session_id or 0)]
    assert types == ["session", "confirm", "event"] and screens.last[seat][1] == "idle"


def test_the_question_about_four_tiles_fits_the_pad(tmp_path: Path) -> None:
    """A play of up to four tiles: the pad's question names every tile and what to press,
    within its 4 lines of 21 characters (pad-protocol.md's show)."""
    tr = g01()
    live, screens = table(tmp_path, tr)
    seat = tr["seats"].index(tr["hands"][0]["events"][0]["seat"])
    live.on_zone(ZoneView(seat, ("6-6", "6-6", "5-5", "5-5"), 0, 0.5, 0))
    live.on_press(seat, "play", also=lambda db: None)
    lines = screens.last[seat][0]
    assert lines[2:] == ["Play 6-6+6-6+5-5+5-5?", "OK/UNDO"]


# -- what a pad's 4 x 21 ASCII screen can show -------------------------------------------------
# The OLED's 8x8 font draws printable ASCII only (firmware/ui.py): Chinese seat names and the
# referee's sentences (60+ characters, Chinese tile names) become a short ASCII text that fits.

CHINESE = {"E": "東 East", "S": "南", "W": "西 West", "N": "北"}


def chinese(tr: dict[str, Any]) -> dict[str, Any]:
    """The transcript with the seats named as a Hong Kong club names them."""
    hands = [
        {
            **h,
            "banker": CHINESE[h["banker"]],
            "deal": {CHINESE[s]: tiles for s, tiles in h.get("deal", {}).items()},
            "events": [{**ev, "seat": CHINESE[ev["seat"]]} for ev in h["events"]],
        }
        for h in tr["hands"]
    ]
    return {**tr, "seats": [CHINESE[s] for s in tr["seats"]], "hands": hands}


def fits(lines: list[str]) -> bool:
    return len(lines) <= 4 and all(len(x) <= 21 and x.isascii() and x.isprintable() for x in lines)


class AllScreens(Screens):
    def __init__(self) -> None:
        super().__init__()
        self.every: list[list[str]] = []

    def __call__(self, seat: int, lines: list[str], led: str, beep: int) -> None:
        super().__call__(seat, lines, led, beep)
        self.every.append(lines)


def test_chinese_seat_names_show_as_ascii_on_the_pads(tmp_path: Path) -> None:
    """ "東 East" shows as "East"; "南", with no ASCII part, as "Seat 1" (the number the pad's own
    status bar shows): every line sent during a whole session is printable ASCII of ≤ 21."""
    tr = chinese(g01())
    live, _ = table(tmp_path, tr)
    screens = AllScreens()
    live.show_fn = screens
    live.refresh()
    assert screens.last[0][0][0] == "East +0" and screens.last[1][0][0] == "Seat 1 +0"
    assert screens.last[2][0][0] == "West +0" and screens.last[3][0][0] == "Seat 3 +0"
    assert screens.last[1][0][1] == "East to play"
    play_through(live, tr)
    assert screens.every and all(fits(lines) for lines in screens.every), [
        lines for lines in screens.every if not fits(lines)
    ]
    assert screens.last[0][0][1] == "you won the hand"  # G01: 東 East, the banker, wins
    assert screens.last[1][0][1] == "East won the hand"


def _lead(live: LiveTable, faces: tuple[str, ...] = ("5-1",)) -> None:
    live.on_zone(ZoneView(0, faces, 0, 0.99, 0))  # 東 East leads (the deal is not known)
    live.on_press(0, "play", also=lambda db: None)


def _lead_pair(live: LiveTable) -> None:
    _lead(live, ("6-6", "6-6"))


def _press(seat: int, button: str, faces: tuple[str, ...] = (), down: int = 0) -> Any:
    def act(live: LiveTable) -> None:
        if faces or down:
            live.on_zone(ZoneView(seat, faces, down, 0.99, 0))
        live.on_press(seat, button, also=lambda db: None)

    return act


REFUSALS: list[tuple[str, list[Any], int, list[str]]] = [
    # (what, presses, seat refused, the pad's two free lines)
    ("out of turn", [_press(2, "play", ("6-6",))], 2, ["", "Not your turn"]),
    ("not a group", [_press(0, "play", ("6-5", "3-2"))], 0, ["", "Not a legal group"]),
    ("discard a lead", [_press(0, "discard")], 0, ["You have the lead:", "play face up"]),
    ("too many tiles", [_lead, _press(1, "play", ("6-6", "6-6"))], 1, ["Play 1 tile", "or discard 1"]),
    ("too low", [_lead_pair, _press(1, "play", ("1-1", "1-1"))], 1, ["Must beat 6-6+6-6", "or discard 2"]),
    ("other kind", [_lead, _press(1, "play", ("4-1",))], 1, ["Must beat 5-1", "or discard 1"]),
    ("discard count", [_lead, _press(1, "discard", (), 2)], 1, ["best 5-1 East", "Discard 1 tile"]),
    ("undo", [_lead, _press(1, "undo")], 1, ["best 5-1 East", "Cannot undo now"]),
    ("no tiles", [_press(0, "play")], 0, ["No tiles seen", "in your play zone"]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("what", "presses", "seat", "shown"), REFUSALS, ids=[r[0] for r in REFUSALS]
)
def test_a_refusal_shows_a_short_reason_that_fits_the_pad(
    tmp_path: Path, what: str, presses: list[Any], seat: int, shown: list[str]
) -> None:
    """The pad says what was wrong in its own words within its two free lines; the scoreboard
    keeps the referee's whole sentence."""
    tr = chinese(g01())
    live, _ = table(tmp_path, tr)
    screens = AllScreens()
    live.show_fn = screens
    for press in presses:
        press(live)
    lines, led, beep = screens.last[seat]
    assert (led, beep) == ("error", 1)
    assert lines[2:] == shown, lines
    assert all(fits(x) for x in screens.every)
    assert live.notice is not None and len(live.notice["message"]) > 21  # the board's sentence


def test_an_illegal_play_auto_confirmed_is_refused_once_not_at_every_tick(tmp_path: Path) -> None:
    """With ``auto_confirm_s`` the hub ticks many times a second: tiles that are no legal play
    are refused (and beeped) once, not again at every tick while they lie there; the seat's
    next view is tried again."""
    tr = g01()
    live, _ = table(tmp_path, tr, auto_confirm_s=1.0)
    lead = tr["hands"][0]["events"][0]
    leader = tr["seats"].index(lead["seat"])
    NOW[0] = 100.0
    beeps: list[tuple[int, str, int]] = []
    live.show_fn = lambda seat, lines, led, beep: beeps.append((seat, led, beep))
    live.on_zone(ZoneView(leader, ("6-6", "5-5", "4-4"), 0, 0.99, 0.0))  # three singles: no group
    NOW[0] = 102.0
    live.tick()
    assert (leader, "error", 1) in beeps
    beeps.clear()
    for i in range(3):
        NOW[0] = 102.1 + i
        live.tick()
    assert [b for b in beeps if b[2]] == []  # not refused (and beeped) again
    NOW[0] = 105.0
    live.on_zone(ZoneView(leader, tuple(lead["play"]), 0, 0.99, 1.0))
    NOW[0] = 107.0
    live.tick()
    assert len(live.service.session.hands[-1].actions) == 1  # type: ignore[union-attr]


@pytest.mark.parametrize("button", ["play", "discard", "forfeit", "undo", "ok"])
def test_a_press_from_a_seat_not_at_the_table_changes_nothing(tmp_path: Path, button: str) -> None:
    """Three players at a four-seat mat: the empty seat's pad pressed (by a passer-by) is no
    player's action, so the scoreboard does not show it as a refusal of a seat "3" and the
    ledger records nothing of it."""
    service = TableService(Ledger(tmp_path / "t.db"))
    service.start_session(
        {"rules": "mainland", "seats": ["A", "B", "C"], "hands": [{"banker": "A"}]}, "test"
    )
    live = LiveTable(service, LiveSettings(), Screens())
    live.on_zone(ZoneView(3, ("6-6",), 0, 0.99, 0))
    live.on_press(3, button, also=lambda db: None)
    assert service.notice is None
    assert [r.type for r in service.ledger.events(service.session_id or 0)] == ["session"]


def test_a_play_entered_by_the_operator_uses_up_the_camera_view_of_it(tmp_path: Path) -> None:
    """The operator enters the plays the camera saw (a correction, a pad that is off): those
    tiles are then played, so the seat's PLAY press in the next hand, before its new tiles
    are down, is not a lead of last trick's tiles still lying in its zone."""
    tr = g01()
    live, screens = table(tmp_path, tr)
    seats = tr["seats"]
    for ev in tr["hands"][0]["events"]:
        seat = seats.index(ev["seat"])
        if "play" in ev:
            live.on_zone(ZoneView(seat, tuple(ev["play"]), 0, 0.99, 0))
        live.service.submit(ev, "operator")
    session = live.service.session
    assert session is not None and session.state.done
    winner = session.results[-1].winner
    live.on_press(winner, "play", also=lambda db: None)
    assert len(session.hands) == 1  # no next hand opened with the old tiles
    assert screens.last[winner][1] == "error"


def test_auto_confirm_asks_the_pad_about_a_doubtful_read_instead_of_waiting(
    tmp_path: Path,
) -> None:
    """With ``auto_confirm_s`` the player presses nothing: a read below the confidence
    threshold is not played, and not left waiting in silence either; the pad asks
    "Play …? OK/UNDO" (issue 5), and OK plays it."""
    tr = g01()
    live, screens = table(tmp_path, tr, auto_confirm_s=1.0)
    lead = tr["hands"][0]["events"][0]
    leader = tr["seats"].index(lead["seat"])
    NOW[0] = 100.0
    live.on_zone(ZoneView(leader, tuple(lead["play"]), 0, 0.5, 0.0))
    NOW[0] = 102.0
    live.tick()
    session = live.service.session
    assert session is not None and session.hands[-1].actions == []
    assert screens.last.get(leader, ([],))[0][2:] == [f"Play {'+'.join(lead['play'])}?", "OK/UNDO"]
    live.on_press(leader, "ok", also=lambda db: None)
    assert len(session.hands[-1].actions) == 1


def test_play_pressed_just_after_the_auto_confirm_is_no_refusal(tmp_path: Path) -> None:
    """At a table that confirms by itself, a player presses PLAY as usual a moment after the
    hub played the tiles (or presses twice): the tiles lie there and are played, so the pad
    says so; no 'No tiles seen' beep, no refusal on the scoreboard, nothing played again."""
    tr = g01()
    live, screens = table(tmp_path, tr, auto_confirm_s=1.0)
    lead = tr["hands"][0]["events"][0]
    leader = tr["seats"].index(lead["seat"])
    NOW[0] = 100.0
    live.on_zone(ZoneView(leader, tuple(lead["play"]), 0, 0.99, 0.0))
    NOW[0] = 101.5
    live.tick()
    session = live.service.session
    assert session is not None and len(session.hands[-1].actions) == 1
    live.on_press(leader, "play", also=lambda db: None)
    lines, led, beep = screens.last[leader]
    assert led != "error" and beep == 0 and lines[3] == "played already"
    assert live.notice is None and live.service.notice is None
    assert len(session.hands[-1].actions) == 1
    types = [r.type for r in live.service.ledger.events(live.service.session_id or 0)]
    assert types[-1] != "refused"  # (the press is recorded, so it is applied once)


def test_play_pressed_again_after_undo_plays_the_tiles_still_lying_there(tmp_path: Path) -> None:
    """A seat takes back its play with UNDO (a slip of the finger) and leaves the tiles where
    they are: the camera has nothing new to report (the zone holds what it held), and PLAY
    plays them again rather than saying 'No tiles seen'."""
    tr = g01()
    live, screens = table(tmp_path, tr)
    lead = tr["hands"][0]["events"][0]
    leader = tr["seats"].index(lead["seat"])
    live.on_zone(ZoneView(leader, tuple(lead["play"]), 0, 0.99, 0.0))
    live.on_press(leader, "play", also=lambda db: None)
    live.on_press(leader, "undo", also=lambda db: None)
    session = live.service.session
    assert session is not None and session.hands[-1].actions == []
    live.on_press(leader, "play", also=lambda db: None)
    assert screens.last[leader][1] != "error" and live.notice is None
    assert live.service.transcript()["hands"][0]["events"] == [lead]


def test_play_pressed_while_new_tiles_settle_plays_the_new_tiles(tmp_path: Path) -> None:
    """A seat lays tiles, thinks again, swaps them and presses PLAY at once: in the moment the
    camera takes to settle on the new tiles its last settled view is of tiles no longer
    there. The press waits for the zone to settle and plays what lies there then."""
    tr = g01()
    live, screens = table(tmp_path, tr)
    lead = tr["hands"][0]["events"][0]
    leader = tr["seats"].index(lead["seat"])
    first = ("6-5",) if tuple(lead["play"]) != ("6-5",) else ("6-4",)
    live.on_zone(ZoneView(leader, first, 0, 0.99, 0.0))
    live.on_settling(frozenset({leader}))  # the camera sees the zone change, not yet settled
    live.on_press(leader, "play", also=lambda db: None)
    session = live.service.session
    assert session is not None and session.hands[-1].actions == []  # not the old tiles
    assert screens.last[leader][1] != "error"
    live.on_zone(ZoneView(leader, tuple(lead["play"]), 0, 0.99, 1.0))
    live.on_settling(frozenset())
    assert live.service.transcript()["hands"][0]["events"] == [lead]


def test_play_pressed_while_the_zone_changes_back_plays_what_lies_there(tmp_path: Path) -> None:
    """The zone changed and came back to the tiles settled before (nothing new to report): the
    waiting press plays them once the camera sees the zone still."""
    tr = g01()
    live, _ = table(tmp_path, tr)
    lead = tr["hands"][0]["events"][0]
    leader = tr["seats"].index(lead["seat"])
    live.on_zone(ZoneView(leader, tuple(lead["play"]), 0, 0.99, 0.0))
    live.on_settling(frozenset({leader}))
    live.on_press(leader, "play", also=lambda db: None)
    session = live.service.session
    assert session is not None and session.hands[-1].actions == []
    live.on_settling(frozenset())
    assert live.service.transcript()["hands"][0]["events"] == [lead]
