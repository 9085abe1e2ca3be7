"""A pad press through a real mosquitto (and a pty cable) becomes a refereed, ledgered event."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

from hub.config import HubConfig
from hub.main import build
from hub.pads.mqtt_pads import MqttPads
from hub.pads.sim import MqttPadTransport, SerialPadTransport, SimPad
from hub.table.live import ZoneView

from .conftest import Mosquitto, PtyCable

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
TIMEOUT = 20.0


def test_presses_over_mqtt_and_serial_are_refereed(
    tmp_path: Path, mosquitto: Mosquitto, cable: PtyCable
) -> None:
    tr = json.loads((GOLDEN / "G01-banker-term2-wins-ru-er.json").read_text(encoding="utf-8"))[
        "transcript"
    ]
    config = HubConfig(
        db=str(tmp_path / "club.db"), mqtt=mosquitto.url, serial={0: cable.path}, camera="test"
    )
    hub = build(config, with_camera=False)  # the test shows the table what the camera would see
    applied = threading.Condition()
    hub.service.listeners.append(lambda row, snap: _notify(applied))
    pads: list[SimPad] = []
    try:
        first = tr["hands"][0]
        hub.service.start_session({"rules": tr["rules"], "seats": tr["seats"],
                                   "hands": [{"banker": first["banker"], "banker_term": first["banker_term"]}]}, "test")  # fmt: skip
        pads.append(SimPad(0, SerialPadTransport(cable.open_pad_end, reopen_s=0.05)).start())  # type: ignore[arg-type]
        pads += [SimPad(s, MqttPadTransport(mosquitto.url, "t1", s)).start() for s in (1, 2, 3)]
        events = first["events"][:8]  # two tricks
        for i, ev in enumerate(events):
            seat = tr["seats"].index(ev["seat"])
            if "play" in ev:
                hub.live.on_zone(ZoneView(seat, tuple(ev["play"]), 0, 0.99, 0.0))
                button = "play"
            else:
                n = ev["discard"] if isinstance(ev["discard"], int) else len(ev["discard"])
                hub.live.on_zone(ZoneView(seat, (), n, 1.0, 0.0))
                button = "discard"
            assert pads[seat].press(button)
            assert _wait(applied, lambda n=i + 1: _actions(hub) == n), f"event {i} not applied"
            assert pads[seat].wait_idle(TIMEOUT)  # acked once committed
        rows = hub.ledger.events(hub.service.session_id or 0)
        assert [r.source for r in rows[1:]] == [
            f"pad:{tr['seats'].index(e['seat'])}" for e in events
        ]
        with hub.ledger.transaction() as db:
            keys = db.execute("SELECT COUNT(*) FROM pad_actions").fetchone()[0]
        assert keys == len(events)
        lines, _led = pads[0].view()
        assert lines and lines[0].startswith(tr["seats"][0])
    finally:
        for p in pads:
            p.stop()
        hub.close()


def _actions(hub: Any) -> int:
    return sum(len(h.actions) for h in hub.service.session.hands)


def _notify(cond: threading.Condition) -> None:
    with cond:
        cond.notify_all()


def _wait(cond: threading.Condition, predicate: Any) -> bool:
    with cond:
        return cond.wait_for(predicate, TIMEOUT)


def _retained_state(url: str, table: str = "t1") -> dict[str, Any] | None:
    """What a display that subscribes now to ``tiengow/<table>/state`` is given at once."""
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    from hub.pads.mqtt_pads import parse_mqtt_url

    got: list[dict[str, Any]] = []
    cond = threading.Condition()

    def on_connect(c: mqtt.Client, u: Any, flags: Any, reason: Any, props: Any) -> None:
        c.subscribe(f"tiengow/{table}/state", qos=1)

    def on_message(c: mqtt.Client, u: Any, message: mqtt.MQTTMessage) -> None:
        if message.retain:
            with cond:
                got.append(json.loads(message.payload))
                cond.notify_all()

    where = parse_mqtt_url(url)
    display = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311)
    display.on_connect, display.on_message = on_connect, on_message
    display.connect(where.host, where.port)
    display.loop_start()
    try:
        with cond:
            cond.wait_for(lambda: bool(got), 5.0)
    finally:
        display.disconnect()
        display.loop_stop()
    return got[0] if got else None


def test_the_table_state_is_retained_from_the_start_and_after_a_broker_restart(
    tmp_path: Path, mosquitto: Mosquitto
) -> None:
    """spec/pad-protocol.md: ``tiengow/<table>/state`` holds the hub's retained snapshot of the
    table, for displays and the club server: from the hub's start, not from its first change,
    and again after the broker restarts (it keeps no retained messages: persistence false)."""
    hub = build(HubConfig(db=str(tmp_path / "club.db"), mqtt=mosquitto.url, table="club-7"))
    try:
        pads = next(s for s in hub.stoppers if isinstance(s, MqttPads))
        # (a display that subscribes before the broker has the hub's snapshot gets it live,
        # not retained: asked again, once the hub is on the broker, it is retained)
        assert pads.connected.wait(10.0)
        first = _retained_state(mosquitto.url, "club-7") or _retained_state(mosquitto.url, "club-7")
        assert first is not None and first["table"] == "club-7" and first["session"] is None
        reconnected = threading.Event()
        on_connect = pads.client.on_connect

        def connected_again(*args: Any) -> None:
            on_connect(*args)
            reconnected.set()

        pads.client.on_connect = connected_again
        mosquitto.stop()
        mosquitto.start()
        assert reconnected.wait(TIMEOUT) and pads.stats.connects == 2
        again = _retained_state(mosquitto.url, "club-7") or _retained_state(mosquitto.url, "club-7")
        assert again == first
    finally:
        hub.close()
