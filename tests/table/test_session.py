"""The live session: ledger events in, the same state out after a restart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hub.adapters.ledger import Ledger
from hub.referee.transcript import referee_json
from hub.rules.errors import IllegalPlay, Refusal, TranscriptError
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


LI_PAI_RULES = {"preset": "hk", "li_pai": {"eight_civil": True, "seven_mil": True}}
EIGHT_CIVIL = ["6-6", "6-6", "1-1", "1-1", "4-4", "4-4", "3-1", "3-1"]  # S: 八枝 (8 civil)
SEVEN_MIL = ["5-5", "6-3", "5-4", "6-2", "5-3", "5-2", "4-3", "4-1"]  # E: 七枝 (7 military)


def test_two_li_pai_of_one_deal_are_one_hand_won_by_the_banker(tmp_path: Path) -> None:
    """§E.9: every 例牌 is declared before the first lead, and the banker's beats everyone's.
    S claimed, then the banker E claimed in the same deal: the live table opened a second
    hand for E's claim and scored two hands ((40, 40, -40, -40)) where the referee scores one
    hand won by E (golden O33). Undoing E's claim gives the hand back to S's claim."""
    path = tmp_path / "t.db"
    service = TableService(Ledger(path))
    service.start_session({"rules": LI_PAI_RULES, "seats": list("ESWN"), "hands": [{"banker": "E"}]}, "test")  # fmt: skip
    service.submit({"seat": "S", "declare": "eight_civil", "tiles": EIGHT_CIVIL}, "test")
    s_wins = service.state()
    assert s_wins["hand"]["result"]["net"] == {"E": -40, "S": 80, "W": -20, "N": -20}
    service.submit({"seat": "E", "declare": "seven_mil", "tiles": SEVEN_MIL}, "test")
    state = service.state()
    net = golden("O33-li-pai-banker-precedence.json")["expect"]["hands"][0]["net"]
    assert (state["hands_played"], state["hand"]["number"]) == (1, 1)
    assert state["hand"]["result"]["winner"] == "E" and state["hand"]["result"]["net"] == net
    assert {p["name"]: p["score"] for p in state["seats"]} == net
    exported = service.transcript()
    assert len(exported["hands"]) == 1 and referee_json(exported)["totals"] == net
    assert [r.payload["hand"] for r in service.ledger.events(service.session_id or 0)[1:]] == [0, 0]
    assert TableService(Ledger(path)).state() == state  # the ledger replays to the same table
    service.undo("operator", "E showed the wrong hand")
    assert service.state()["hand"] == s_wins["hand"] and service.state()["seats"] == s_wins["seats"]
    assert TableService(Ledger(path)).state()["hand"] == s_wins["hand"]
    service.submit({"seat": "E", "declare": "seven_mil", "tiles": SEVEN_MIL}, "test")
    service.submit({"seat": "E", "play": ["6-3"]}, "test")  # a lead: the next hand, E term 2
    after = service.state()
    assert (after["hands_played"], after["hand"]["number"], after["hand"]["banker_term"]) == (
        1,
        2,
        2,
    )
    assert referee_json(service.transcript())["totals"] == net


def test_a_li_pai_of_the_next_deal_follows_an_event_that_opens_it(tmp_path: Path) -> None:
    """A seat claims at most once in a deal, so its second 例牌 is of the next deal; another
    seat's 例牌 of the next deal follows that deal's dice throw, which opens the hand."""
    service = TableService(Ledger(tmp_path / "t.db"))
    service.start_session({"rules": LI_PAI_RULES, "seats": list("ESWN"), "hands": [{"banker": "E"}]}, "test")  # fmt: skip
    service.submit({"seat": "S", "declare": "eight_civil", "tiles": EIGHT_CIVIL}, "test")
    service.submit({"seat": "S", "declare": "eight_civil", "tiles": EIGHT_CIVIL}, "test")
    state = service.state()
    assert (state["hands_played"], state["hand"]["number"], state["hand"]["banker"]) == (2, 2, "S")
    service.submit({"seat": "N", "dice": [3, 4]}, "test")
    service.submit({"seat": "E", "declare": "seven_mil", "tiles": SEVEN_MIL}, "test")
    state = service.state()
    assert (state["hands_played"], state["hand"]["number"]) == (3, 3)
    assert state["hand"]["result"]["winner"] == "E"
    exported = service.transcript()
    assert [len(h["events"]) for h in exported["hands"]] == [1, 1, 2]
    assert referee_json(exported)["totals"] == {p["name"]: p["score"] for p in state["seats"]}


def test_the_live_table_refuses_impossible_dice_as_bad_dice(tmp_path: Path) -> None:
    """A transcript with dice no die shows is no transcript (exit 2); the live table still
    refuses such a throw as an illegal event of kind BAD_DICE, which its pages say in words."""
    service = TableService(Ledger(tmp_path / "t.db"))
    service.start_session({"rules": "hk", "seats": list("ESWN"), "hands": [{"banker": "E"}]}, "test")  # fmt: skip
    with pytest.raises(IllegalPlay) as info:
        service.submit({"seat": "E", "dice": [1, 7]}, "test")
    assert info.value.kind is Refusal.BAD_DICE
