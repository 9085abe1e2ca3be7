"""MQTT pads end to end against a real mosquitto (and the embedded broker)."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hub.pads.embedded import EmbeddedBroker
from hub.pads.intake import PadIntake
from hub.pads.mqtt_pads import MqttPads, parse_mqtt_url
from hub.pads.sim import MqttPadTransport, SimPad

from .conftest import TIMEOUT, Mosquitto, Presence, Recorder, free_port, press_all


@pytest.fixture
def hub(
    mosquitto: Mosquitto, recorder: Recorder, presence: Presence
) -> Iterator[tuple[PadIntake, MqttPads]]:
    intake = PadIntake(recorder, table="t1", on_presence=presence)
    pads = MqttPads(intake, mosquitto.url).start()
    assert pads.connected.wait(TIMEOUT)
    yield intake, pads
    pads.stop()


def pad_on(url: str, seat: int, **kw: object) -> SimPad:
    return SimPad(seat, MqttPadTransport(url, "t1", seat), **kw).start()  # type: ignore[arg-type]


def test_four_pads_press_and_see_their_own_screens(
    mosquitto: Mosquitto, recorder: Recorder, hub: tuple[PadIntake, MqttPads]
) -> None:
    intake, hubpads = hub
    sock = hubpads.client.socket()
    assert isinstance(sock, socket.socket)
    assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
    pads = [pad_on(mosquitto.url, seat, seed=seat) for seat in range(4)]
    try:
        for seat, pad in enumerate(pads):
            pad.press("play")
            pad.press(["ok", "discard", "undo", "forfeit"][seat])
        for pad in pads:
            assert pad.wait_idle(TIMEOUT)
        for seat in range(4):
            intake.show(seat, [f"seat {seat}", "your turn" if seat == 1 else "wait"], "idle")
        for seat, pad in enumerate(pads):
            assert pad.wait_for(lambda p, s=seat: p.screen.lines[:1] == [f"seat {s}"], TIMEOUT)
    finally:
        for pad in pads:
            pad.stop()
    assert recorder.buttons(1) == ["play", "discard"]
    assert sorted(recorder.buttons()) == sorted(["play"] * 4 + ["ok", "discard", "undo", "forfeit"])
    assert intake.presence(3).caps == ("btn", "led", "oled", "buzzer")


def test_thirty_percent_loss_over_mqtt(
    mosquitto: Mosquitto, recorder: Recorder, hub: tuple[PadIntake, MqttPads]
) -> None:
    intake, _ = hub
    pad = pad_on(mosquitto.url, 0, loss=0.3, seed=11)
    presses = ["play", "discard", "ok", "undo", "menu", "forfeit"] * 2
    press_all(pad, presses)
    assert recorder.buttons() == presses
    assert pad.frames_lost > 0 and intake.stats.duplicates > 0


def test_broker_restart_loses_and_doubles_nothing(
    mosquitto: Mosquitto, recorder: Recorder, hub: tuple[PadIntake, MqttPads]
) -> None:
    _, hubpads = hub
    pad = pad_on(mosquitto.url, 2, seed=2)
    transport = pad.transport
    assert isinstance(transport, MqttPadTransport)
    try:
        pad.press("play")
        assert pad.wait_idle(TIMEOUT)
        mosquitto.stop()
        assert pad.wait_for(lambda p: p.screen.link != 0, TIMEOUT)  # the pad shows the loss
        pad.press("discard")
        pad.press("ok")
        mosquitto.start()
        assert pad.wait_idle(TIMEOUT)
        assert hubpads.stats.connects >= 2
    finally:
        pad.stop()
    assert recorder.buttons() == ["play", "discard", "ok"]


def test_last_will_marks_a_vanished_pad_offline(
    mosquitto: Mosquitto, hub: tuple[PadIntake, MqttPads], presence: Presence
) -> None:
    intake, _ = hub
    transport = MqttPadTransport(mosquitto.url, "t1", 3, keepalive=1)
    pad = SimPad(3, transport).start()
    try:
        assert presence.wait(3, True)
        # vanish without a goodbye: close the socket under paho, so the broker fires the will
        transport.client.loop_stop()
        sock = transport.client.socket()
        assert sock is not None
        sock.close()
        assert presence.wait(3, False)
        assert not intake.presence(3).online
    finally:
        pad.stop()


def test_embedded_broker_carries_real_paho_traffic(recorder: Recorder) -> None:
    broker = EmbeddedBroker(0).start()  # a port chosen by listening: no race for it
    assert broker.port > 0 and broker.url == f"mqtt://127.0.0.1:{broker.port}"
    try:
        intake = PadIntake(recorder, table="demo-1")
        hubpads = MqttPads(intake, broker.url).start()
        assert hubpads.connected.wait(TIMEOUT)
        pad = SimPad(1, MqttPadTransport(broker.url, "demo-1", 1), seed=4).start()
        try:
            pad.press("play")
            pad.tile("04a1b2c3")
            assert pad.wait_idle(TIMEOUT)
            intake.show(1, ["refused:", "not your turn"], "error", 1)
            assert pad.wait_for(lambda p: p.screen.led == "error", TIMEOUT)
        finally:
            pad.stop()
            hubpads.stop()
    finally:
        broker.stop()
    assert recorder.buttons() == ["play", "04a1b2c3"]


@pytest.mark.parametrize(
    "url", ["http://x", "mqtt://", "mqtt://h:99999", "mqtt://h/path", "embedded"]
)
def test_bad_mqtt_urls_say_what_is_accepted(url: str) -> None:
    with pytest.raises(ValueError, match=r"mqtt://\[user:pass@\]host\[:port\]"):
        parse_mqtt_url(url)


def test_mqtt_url_with_credentials() -> None:
    u = parse_mqtt_url("mqtt://pad%2D1:s%40cret@127.0.0.1:1999")
    assert (u.host, u.port, u.username, u.password) == ("127.0.0.1", 1999, "pad-1", "s@cret")


def test_embedded_broker_on_a_taken_port_is_refused_clearly(tmp_path: Path) -> None:
    """`tiengow hub --mqtt embedded` listens on 1883; when that port is taken (another broker),
    the hub says so and exits 2 like any bad setting; it crashed with amqtt's traceback."""
    with socket.socket() as holder:
        holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        with contextlib.suppress(OSError):  # taken already: as good for this test
            holder.bind(("127.0.0.1", 1883))
            holder.listen()
        with pytest.raises(OSError, match=r"could not listen on mqtt://127\.0\.0\.1:1883"):
            EmbeddedBroker(1883).start()
        p = subprocess.run(
            [sys.executable, "-m", "hub.cli", "hub", "--db", str(tmp_path / "h.db"),
             "--http", f"127.0.0.1:{free_port()}", "--admin-token", "secret123",
             "--mqtt", "embedded"],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
    assert p.returncode == 2, p.stderr
    assert "could not listen on mqtt://127.0.0.1:1883" in p.stderr
    assert "--mqtt mqtt://127.0.0.1:1883" in p.stderr and "Traceback" not in p.stderr


def test_the_embedded_broker_gives_a_client_only_its_own_retained_topics() -> None:
    """A display subscribed to the table's state, or a pad to its own `down`, gets only those
    topics (pad-protocol.md, transport B). amqtt sends every client that connects the retained
    messages of every client's subscriptions: with the hub subscribed to the seats' `online`,
    each new pad and display first got the retained `1`/`0` of every seat."""
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    broker = EmbeddedBroker(0).start()
    clients: list[mqtt.Client] = []

    def client(name: str, on_message: object = None) -> mqtt.Client:
        c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=name, protocol=mqtt.MQTTv311)
        c.on_message = on_message
        c.connect("127.0.0.1", broker.port)
        c.loop_start()
        clients.append(c)
        return c

    try:
        hub = client("hub")
        hub.subscribe("tiengow/t1/seat/+/online", qos=1)
        hub.publish("tiengow/t1/state", b'{"table":"t1"}', qos=1, retain=True).wait_for_publish(5)
        pad = client("pad-2")
        pad.publish("tiengow/t1/seat/2/online", b"1", qos=1, retain=True).wait_for_publish(5)
        got: list[str] = []
        cond = threading.Condition()

        def on_message(c: mqtt.Client, u: object, message: mqtt.MQTTMessage) -> None:
            with cond:
                got.append(message.topic)
                cond.notify_all()

        display = client("display", on_message)  # listening from the connect on
        display.subscribe("tiengow/t1/state", qos=1)
        with cond:
            assert cond.wait_for(lambda: "tiengow/t1/state" in got, TIMEOUT)
        assert got == ["tiengow/t1/state"]
    finally:
        for c in clients:
            c.disconnect()
            c.loop_stop()
        broker.stop()


@contextlib.contextmanager
def _plain_pad(mosquitto: Mosquitto, client_id: str, seat: int, on_message: Any) -> Iterator[Any]:
    """A pad written from pad-protocol.md alone (plain paho), connected and subscribed to its
    seat's down topic."""
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    subscribed = threading.Event()
    pad = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id)
    pad.on_message = on_message
    pad.on_subscribe = lambda *args: subscribed.set()
    pad.connect("127.0.0.1", mosquitto.port)
    pad.loop_start()
    try:
        pad.subscribe(f"tiengow/t1/seat/{seat}/down", qos=1)
        assert subscribed.wait(TIMEOUT)
        yield pad
    finally:
        pad.loop_stop()
        pad.disconnect()


def test_an_mqtt_message_over_512_bytes_is_applied_the_limit_is_serials(
    mosquitto: Mosquitto, recorder: Recorder, hub: tuple[PadIntake, MqttPads]
) -> None:
    """pad-protocol.md puts the 512-byte limit on a serial line; an MQTT payload is the JSON
    bytes with no such limit, and a newer pad's optional fields may make a press longer."""
    import json

    import paho.mqtt.client as mqtt

    intake, _ = hub
    acks: list[dict[str, object]] = []
    got = threading.Event()

    def on_message(client: mqtt.Client, userdata: object, message: mqtt.MQTTMessage) -> None:
        acks.append(json.loads(message.payload))
        got.set()

    with _plain_pad(mosquitto, "big-pad", 2, on_message) as pad:
        press = {"v": 1, "seat": 2, "t": "btn", "seq": 1, "boot": 9, "b": "play", "x": "-" * 600}
        payload = json.dumps(press).encode()
        assert len(payload) > 512
        pad.publish("tiengow/t1/seat/2/up", payload, qos=1)
        assert recorder.wait_count(1)
        assert got.wait(TIMEOUT)
    assert recorder.buttons() == ["play"]
    assert {"t": "ack", "ack": 1, "boot": 9}.items() <= acks[0].items()
    assert intake.stats.malformed == 0


def test_a_pad_on_a_seat_the_table_does_not_have_is_acked_and_told(
    mosquitto: Mosquitto, recorder: Recorder, caplog: pytest.LogCaptureFixture
) -> None:
    """A pad flashed for seat 3 at a table of three (a 3-player preset): its messages are
    intact, and pad-protocol.md acks every message received intact, but the hub dropped them
    unacked, so the pad resent each one for ever (one in flight per pad), and logged that the
    topic 'names no seat 0-3' though it named seat 3. They are acked and not applied; a hello
    gets a screen saying which seats the table has; the log says the table's seats, 0-2."""
    import json
    import logging

    import paho.mqtt.client as mqtt

    intake = PadIntake(recorder, table="t1", seats=3)
    pads = MqttPads(intake, mosquitto.url).start()
    got: list[dict[str, object]] = []
    cond = threading.Condition()

    def on_message(client: mqtt.Client, userdata: object, message: mqtt.MQTTMessage) -> None:
        with cond:
            got.append(json.loads(message.payload))
            cond.notify_all()

    try:
        assert pads.connected.wait(TIMEOUT)
        with (
            _plain_pad(mosquitto, "seat-3-pad", 3, on_message) as pad,
            caplog.at_level(logging.WARNING, logger="hub.pads.mqtt_pads"),
        ):
            hello = {"v": 1, "seat": 3, "t": "hello", "seq": 1, "boot": 5, "fw": "1", "hw": "x",
                     "caps": ["btn"]}  # fmt: skip
            press = {"v": 1, "seat": 3, "t": "btn", "seq": 2, "boot": 5, "b": "play"}
            for msg in (hello, press, press):  # (the last a retransmission)
                pad.publish("tiengow/t1/seat/3/up", json.dumps(msg).encode(), qos=1)
            with cond:
                assert cond.wait_for(
                    lambda: sum(m["t"] == "ack" for m in got) == 3 and len(got) >= 4, TIMEOUT
                ), got
    finally:
        pads.stop()
    assert [m["ack"] for m in got if m["t"] == "ack"] == [1, 2, 2]
    assert all(m["seat"] == 3 and m.get("boot", 5) == 5 for m in got)
    shows = [m for m in got if m["t"] == "show"]
    assert len(shows) == 1 and shows[0]["led"] == "error", got
    assert "seats 0-2" in " ".join(shows[0]["lines"])  # type: ignore[arg-type]
    assert recorder.buttons() == [] and intake.stats.received == 0  # nothing applied
    logged = " ".join(r.getMessage() for r in caplog.records)
    assert "0-2" in logged and "0-3" not in logged, logged
