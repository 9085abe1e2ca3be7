"""Faults at a live table: a misread corrected by the operator, a pad gone mid-hand, a lost camera."""

from __future__ import annotations

import json
import threading
from pathlib import Path

from hub.adapters.camera import Camera
from hub.adapters.ledger import Ledger
from hub.config import HubConfig
from hub.main import build
from hub.pads import protocol
from hub.referee.transcript import referee_json
from hub.table.live import LiveSettings, LiveTable, ZoneView
from hub.table.service import TableService

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
TR = json.loads((GOLDEN / "G01-banker-term2-wins-ru-er.json").read_text(encoding="utf-8"))[
    "transcript"
]
EVENTS = TR["hands"][0]["events"]


def live_table(tmp_path: Path) -> LiveTable:
    service = TableService(Ledger(tmp_path / "t.db"))
    first = TR["hands"][0]
    service.start_session(
        {
            "rules": TR["rules"],
            "seats": TR["seats"],
            "hands": [{"banker": first["banker"], "banker_term": first["banker_term"]}],
        },
        "test",
    )
    return LiveTable(service, LiveSettings())


def seat_of(ev: dict) -> int:  # type: ignore[type-arg]
    return TR["seats"].index(ev["seat"])


def test_a_misread_tile_corrected_by_the_operator(tmp_path: Path) -> None:
    live = live_table(tmp_path)
    lead = EVENTS[0]
    wrong = "6-5" if lead["play"] != ["6-5"] else "6-4"
    live.on_zone(ZoneView(seat_of(lead), (wrong,), 0, 0.99, 0.0))
    live.on_press(seat_of(lead), "play")  # the camera misread: a legal but wrong lead was recorded
    live.service.undo("operator", "misread")
    live.service.submit(lead, "operator")
    for ev in EVENTS[1:]:
        live.service.submit(ev, "test")
    types = [r.type for r in live.service.ledger.events(live.service.session_id or 0)]
    assert types[:4] == ["session", "event", "undo", "event"]  # history kept, never rewritten
    assert referee_json(live.service.transcript())["totals"] == referee_json(TR)["totals"]


def test_a_pad_gone_mid_hand(tmp_path: Path) -> None:
    live = live_table(tmp_path)
    for ev in EVENTS[:3]:
        live.service.submit(ev, "test")
    gone = seat_of(EVENTS[3])
    live.service.set_online(gone, False)
    assert live.service.state()["seats"][gone]["online"] is False
    live.service.submit(EVENTS[3], "operator")  # the operator enters the absent pad's action
    live.service.set_online(gone, True)
    for ev in EVENTS[4:]:
        live.service.submit(ev, "test")
    assert referee_json(live.service.transcript())["totals"] == referee_json(TR)["totals"]


def test_camera_frames_lost(tmp_path: Path) -> None:
    live = live_table(tmp_path)
    messages: list[str] = []

    def frames():  # type: ignore[no-untyped-def]
        raise OSError("USB camera unplugged")
        yield

    said = threading.Event()
    camera = Camera(frames, live.on_zone, on_error=lambda m: messages.append(m) or said.set())
    camera.start()  # (it opens the source again every retry_s, until stopped)
    try:
        assert said.wait(10)
    finally:
        camera.stop()
    assert (messages and "camera stopped" in messages[0]) or "mat not found" in messages[0]
    lead = EVENTS[0]
    live.on_press(seat_of(lead), "play")  # nothing seen: refused with the reason, nothing lost
    assert live.notice is not None and "no tiles seen" in live.notice["message"]
    live.service.submit(lead, "operator")
    assert len(live.service.session.hands[-1].actions) == 1  # type: ignore[union-attr]


class _Link:
    """A pad's transport back from the hub: what the intake sends it."""

    def __init__(self) -> None:
        self.sent: list[dict] = []  # type: ignore[type-arg]

    def send(self, msg: dict) -> None:  # type: ignore[type-arg]
        self.sent.append(msg)


def test_an_undo_pressed_just_before_a_crash_is_not_applied_again(tmp_path: Path) -> None:
    """The hub commits a pad's undo and dies before the ack: the pad resends the same
    (seat, boot, seq) to the restarted hub, which acks it and does nothing more (pad-protocol.md:
    the hub applies a message once per (seat, boot, seq) and acks every copy)."""
    config = HubConfig(db=str(tmp_path / "club.db"))
    hub = build(config)
    first = TR["hands"][0]
    hub.service.start_session({"rules": TR["rules"], "seats": TR["seats"],
                               "hands": [{"banker": first["banker"], "banker_term": first["banker_term"]}]}, "test")  # fmt: skip
    lead = EVENTS[0]
    hub.service.submit(lead, "operator")
    undo = protocol.btn(seat_of(lead), 7, 1, "undo")
    hub.intake.receive(seat_of(lead), undo, _Link(), "serial")
    rows = [r.type for r in hub.ledger.events(hub.service.session_id or 0)]
    assert rows == ["session", "event", "undo"]
    hub.close()  # the ack never reached the pad

    hub = build(config)
    try:
        link = _Link()
        hub.intake.receive(seat_of(lead), undo, link, "serial")  # the pad resends it
        assert [m["ack"] for m in link.sent if m["t"] == "ack"] == [1]
        assert hub.intake.stats.duplicates == 1 and hub.intake.stats.applied == 0
        assert [r.type for r in hub.ledger.events(hub.service.session_id or 0)] == rows
        assert hub.live.screen(seat_of(lead))[1] != "error"
    finally:
        hub.close()


def test_the_hub_confirms_a_settled_play_by_itself_when_the_table_sets_auto_confirm(
    tmp_path: Path,
) -> None:
    """`tiengow hub` with ``auto_confirm_s``: tiles left in the zone of the seat to act are
    its play once they have stayed that long, with no press (issue 5: "or confirmed
    automatically after a stable interval, a table setting")."""
    import time

    config = HubConfig(db=str(tmp_path / "club.db"), camera="0", auto_confirm_s=0.2)
    hub = build(config, with_camera=False)  # the views come from this test
    try:
        first = TR["hands"][0]
        hub.service.start_session({"rules": TR["rules"], "seats": TR["seats"],
                                   "hands": [{"banker": first["banker"], "banker_term": first["banker_term"]}]}, "test")  # fmt: skip
        lead = EVENTS[0]
        hub.live.on_zone(ZoneView(seat_of(lead), tuple(lead["play"]), 0, 0.99, 0.0))
        deadline = time.monotonic() + 5
        session = hub.service.session
        assert session is not None
        while not session.hands[-1].actions and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(session.hands[-1].actions) == 1
    finally:
        hub.close()
