"""The live session: ledger events in, the same state out after a restart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hub.adapters.ledger import Ledger
from hub.referee.transcript import referee_json
from hub.rules.errors import IllegalPlay, TranscriptError
from hub.table.service import TableService

GOLDEN = Path(__file__).resolve().parent.parent / "golden"


def golden(name: str) -> dict:  # type: ignore[type-arg]
    return json.loads((GOLDEN / name).read_text(encoding="utf-8"))


def start(service: TableService, tr: dict) -> None:  # type: ignore[type-arg]
    first = tr["hands"][0]
    service.start_session(
        {
            "rules": tr["rules"],
            "seats": tr["seats"],
            "hands": [{"banker": first["banker"], "banker_term": first.get("banker_term")}],
        },
        "test",
    )


def feed(service: TableService, tr: dict) -> None:  # type: ignore[type-arg]
    for hand in tr["hands"]:
        for ev in hand["events"]:
            service.submit(ev, "test")


def test_a_session_fed_event_by_event_gives_the_referee_totals(tmp_path: Path) -> None:
    tr = golden("G32-session-derived-banker.json")["transcript"]
    service = TableService(Ledger(tmp_path / "t.db"))
    start(service, tr)
    feed(service, tr)
    assert service.state()["hands_played"] == len(tr["hands"])
    exported = service.transcript()
    assert referee_json(exported)["totals"] == referee_json(tr)["totals"]
    scores = {p["name"]: p["score"] for p in service.state()["seats"]}
    assert scores == referee_json(tr)["totals"]


def test_reopening_the_ledger_resumes_exactly(tmp_path: Path) -> None:
    tr = golden("G32-session-derived-banker.json")["transcript"]
    path = tmp_path / "t.db"
    service = TableService(Ledger(path))
    start(service, tr)
    events = [ev for h in tr["hands"] for ev in h["events"]]
    for ev in events[:37]:
        service.submit(ev, "test")
    before = service.state()
    service.ledger.close()
    again = TableService(Ledger(path))
    assert again.state() == before
    for ev in events[37:]:
        again.submit(ev, "test")
    assert referee_json(again.transcript())["totals"] == referee_json(tr)["totals"]


def test_illegal_events_change_nothing(tmp_path: Path) -> None:
    tr = golden(
        "S01.json" if (GOLDEN / "S01.json").exists() else "G01-banker-term2-wins-ru-er.json"
    )["transcript"]
    service = TableService(Ledger(tmp_path / "t.db"))
    start(service, tr)
    before = service.state()
    seat = tr["seats"][1]
    with pytest.raises(IllegalPlay, match="out of turn"):
        service.submit({"seat": seat, "play": ["6-6"]}, "test")
    with pytest.raises(TranscriptError, match="unknown tile"):
        service.submit({"seat": seat, "play": ["9-9"]}, "test")
    assert service.state() == before
    assert [r.type for r in service.ledger.events(service.session_id or 0)] == ["session"]


def test_undo_is_an_event_and_replays(tmp_path: Path) -> None:
    tr = golden("G01-banker-term2-wins-ru-er.json")["transcript"]
    path = tmp_path / "t.db"
    service = TableService(Ledger(path))
    start(service, tr)
    evs = tr["hands"][0]["events"]
    service.submit(evs[0], "test")
    service.submit(evs[1], "test")
    service.undo("operator", "misread")
    assert service.state()["hand"]["to_act"] == evs[1]["seat"]
    service.submit(evs[1], "test")
    types = [r.type for r in service.ledger.events(service.session_id or 0)]
    assert types == ["session", "event", "event", "undo", "event"]
    again = TableService(Ledger(path))
    assert again.state()["hand"] == service.state()["hand"]


def test_a_li_pai_shown_at_a_live_table(tmp_path: Path) -> None:
    service = TableService(Ledger(tmp_path / "t.db"))
    service.start_session(
        {"rules": "hk", "seats": list("ESWN"), "hands": [{"banker": "E"}]}, "test"
    )
    all_white = ["5-5", "5-5", "3-3", "3-3", "2-2", "2-2", "6-5", "6-5"]  # 全白: no red pip
    with pytest.raises(IllegalPlay, match="no deal to check it against"):
        service.submit({"seat": "S", "declare": "quan_bai"}, "test")
    with pytest.raises(IllegalPlay, match="which is not that hand"):
        service.submit(
            {"seat": "S", "declare": "quan_bai", "tiles": ["6-6", *all_white[1:]]}, "test"
        )
    service.submit({"seat": "S", "declare": "quan_bai", "tiles": all_white}, "test")
    result = service.session.last_result()  # type: ignore[union-attr]
    assert result is not None and result["finish"] == ["li_pai"] and result["winner"] == "S"
    assert result["net"] == {"E": -40, "S": 80, "W": -20, "N": -20}  # 5 × 4 each, the banker ×2
    assert referee_json(service.transcript())["totals"] == result["net"]


def test_a_session_of_three_names_its_hand_size_as_a_transcript_does() -> None:
    """§F.3: three players take 8, 9 or 10 tiles. POST /api/session with the rules
    {"preset": "mainland", "hand_size": 9} and three seats was refused as a table of four
    (36 tiles), though the same rules in a transcript referee. Players are fitted to the
    seats (a hub's --rules club.toml is written out naming players = 4)."""
    from hub.table.session import LiveSession

    rules = {"preset": "mainland", "hand_size": 9}
    s = LiveSession(rules, ["A", "B", "C"], "A")
    assert (s.rules.players, s.rules.hand_size) == (3, 9)
    assert (
        LiveSession({"preset": "mainland", "players": 4}, ["A", "B", "C"], "A").rules.players == 3
    )
