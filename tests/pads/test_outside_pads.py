"""`tiengow hub` as other people's pads and displays meet it (spec/pad-protocol.md).

A real hub process; pads that speak only the page (``tests/pads/outside.py``: plain paho, json
and zlib, no hub code) over MQTT (mosquitto and the embedded broker, ``--table``) and over a pty (``--serial``); the
game state is read back through the HTTP API (spec/interfaces.md).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from hub.pads.embedded import EmbeddedBroker
from tests.web.hubproc import HubProcess
from tests.web.test_hub_e2e import events_of, selfplayed, session_body

from .conftest import Mosquitto
from .outside import TIMEOUT, MqttPad, SerialPad, check_show, envelope, frame, state_stream

TABLE = "club-7"


class Broker(Protocol):
    port: int

    @property
    def url(self) -> str: ...


@pytest.fixture(params=["mosquitto", "embedded"])
def broker(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Broker]:
    """mosquitto, and the amqtt broker that `--mqtt embedded` runs (here on a port of its
    own, as 1883 may be taken; the hub reaches it by URL)."""
    if request.param == "mosquitto":
        mosquitto = Mosquitto(tmp_path)
        yield mosquitto
        mosquitto.stop()
    else:
        embedded = EmbeddedBroker(0).start()
        yield embedded
        embedded.stop()


@pytest.fixture
def mqtt_hub(tmp_path: Path, broker: Broker) -> Iterator[HubProcess]:
    hub = HubProcess(tmp_path / "club.db", None, "--mqtt", broker.url, "--table", TABLE)
    yield hub.start()
    hub.stop()


def start_hand(hub: HubProcess) -> tuple[list[str], int]:
    """A session whose first lead is in; the seats and the seat to act next."""
    tr = selfplayed(1, 3)
    assert hub.post("/api/session", session_body(tr)).status_code == 200
    assert hub.post("/api/events", events_of(tr)[0]).status_code == 200
    seats: list[str] = tr["seats"]
    return seats, seats.index(hub.get("/api/state")["hand"]["to_act"])


def hello(seat: int, seq: int, boot: int) -> dict[str, Any]:
    return envelope(seat, "hello", seq, boot, fw="other-2.1", hw="breadboard", caps=["btn"])


def face_down(state: dict[str, Any]) -> int:
    return sum(p["face_down"] for p in state["hand"]["trick"])


# ---- MQTT --------------------------------------------------------------------------------


def test_hello_over_mqtt_gets_ack_welcome_and_show_on_the_tables_topics(
    broker: Broker, mqtt_hub: HubProcess
) -> None:
    pad = MqttPad(broker.port, TABLE, 2)
    try:
        pad.online()
        pad.send(hello(2, 1, 0xFFFFFFFF))
        ack = pad.inbox.wait_ack(1, 0xFFFFFFFF)
        assert ack == {"v": 1, "seat": 2, "t": "ack", "ack": 1, "boot": 0xFFFFFFFF}
        welcome = pad.inbox.wait(lambda m: m["t"] == "welcome")
        assert welcome == {"v": 1, "seat": 2, "t": "welcome", "table": TABLE}
        after = pad.inbox.msgs.index(welcome)
        check_show(pad.inbox.wait(lambda m: m["t"] == "show", after + 1))
        for msg in pad.inbox.msgs:
            assert msg["seat"] == 2 and msg["v"] == 1
            if msg["t"] == "show":
                check_show(msg)
        assert mqtt_hub.get("/api/state")["pads"][2]["online"] is True
    finally:
        pad.close()


def test_a_display_reads_the_retained_table_state(broker: Broker, mqtt_hub: HubProcess) -> None:
    start_hand(mqtt_hub)
    got: list[tuple[bool, dict[str, Any]]] = []
    cond = threading.Condition()

    def on_message(c: mqtt.Client, u: Any, message: mqtt.MQTTMessage) -> None:
        with cond:
            got.append((bool(message.retain), json.loads(message.payload)))
            cond.notify_all()

    display = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="display", protocol=mqtt.MQTTv311)
    display.on_message = on_message
    display.connect("127.0.0.1", broker.port)
    display.loop_start()
    try:
        display.subscribe(f"tiengow/{TABLE}/state", qos=1)
        with cond:
            assert cond.wait_for(lambda: got, TIMEOUT)
        retained, state = got[0]
        assert retained and state["table"] == TABLE
        assert state["hand"]["trick"] == mqtt_hub.get("/api/state")["hand"]["trick"]
    finally:
        display.disconnect()
        display.loop_stop()


def test_every_copy_is_acked_and_applied_once_and_a_reboot_starts_over(
    broker: Broker, mqtt_hub: HubProcess
) -> None:
    _, seat = start_hand(mqtt_hub)
    pad = MqttPad(broker.port, TABLE, seat)
    try:
        pad.online()
        pad.send(hello(seat, 1, 7))
        pad.inbox.wait_ack(1, 7)
        for _ in range(5):  # a flood of one press: the pad never heard the ack
            pad.send(envelope(seat, "btn", 2, 7, b="discard"))
        pad.inbox.wait(lambda m: len(pad.inbox.acks(2, 7)) == 5)
        assert face_down(mqtt_hub.get("/api/state")) == 1
        # the pad reboots: a new boot, seq from 1 again, and its undo is a new press
        pad.send(hello(seat, 1, 8))
        pad.inbox.wait_ack(1, 8)
        pad.send(envelope(seat, "btn", 2, 8, b="undo"))
        pad.inbox.wait_ack(2, 8)
        assert face_down(mqtt_hub.get("/api/state")) == 0
        # an old copy from before the reboot changes nothing, and is acked
        mark = pad.inbox.mark()
        pad.send(envelope(seat, "btn", 2, 7, b="discard"))
        pad.inbox.wait_ack(2, 7, mark)
        assert face_down(mqtt_hub.get("/api/state")) == 0
    finally:
        pad.close()


def test_malformed_mqtt_messages_are_dropped_and_the_next_press_counts(
    broker: Broker, mqtt_hub: HubProcess
) -> None:
    _, seat = start_hand(mqtt_hub)
    other = (seat + 1) % 4
    pad = MqttPad(broker.port, TABLE, seat)
    try:
        pad.online()
        bad: list[bytes | str] = [
            b"\xff\xfe garbage",
            b'{"v":1,"seat":',  # truncated
            b"[]",
            json.dumps(envelope(seat, "btn", 3, 5, b="discard"))[:-1],
            json.dumps({**envelope(seat, "btn", 3, 5, b="discard"), "v": 2}),
            json.dumps({k: v for k, v in envelope(seat, "btn", 3, 5, b="x").items() if k != "seq"}),
            json.dumps(envelope(other, "btn", 3, 5, b="discard")),  # another seat's body
            json.dumps(envelope(seat, "ack", 3, 5)),  # a hub type from a pad
        ]
        for payload in bad:
            pad.publish(payload)
        pad.publish(json.dumps(envelope(seat, "btn", 3, 5, b="discard")), seat=other)
        # an unknown type and an unknown field are acked; the unknown type is ignored
        pad.send(envelope(seat, "nfc-field", 1, 5, strength=3))
        pad.inbox.wait_ack(1, 5)
        pad.send(envelope(seat, "btn", 2, 5, b="discard", held_ms=120))
        pad.inbox.wait_ack(2, 5)
        assert face_down(mqtt_hub.get("/api/state")) == 1
        assert not pad.inbox.acks(3, 5)
        assert mqtt_hub.proc is not None and mqtt_hub.proc.poll() is None
    finally:
        pad.close()


def test_a_pad_that_vanishes_goes_offline_by_its_last_will(
    broker: Broker, mqtt_hub: HubProcess
) -> None:
    start_hand(mqtt_hub)
    pad = MqttPad(broker.port, TABLE, 3)
    with state_stream(mqtt_hub.url) as wait:
        pad.online()
        pad.send(hello(3, 1, 42))
        pad.inbox.wait_ack(1, 42)
        wait(lambda s: s["seats"][3]["online"] and s["pads"][3]["online"])
        pad.vanish()
        wait(lambda s: not s["seats"][3]["online"] and not s["pads"][3]["online"])
    pad.client.loop_stop()


# ---- serial ------------------------------------------------------------------------------


@pytest.fixture
def serial_pad() -> Iterator[SerialPad]:
    pad = SerialPad()
    yield pad
    pad.close()


@pytest.fixture
def serial_hub(tmp_path: Path, serial_pad: SerialPad) -> Iterator[HubProcess]:
    hub = HubProcess(
        tmp_path / "club.db", None, "--serial", f"1={serial_pad.path}",
        "--serial", f"3={tmp_path / 'no-such-tty'}",
    )  # fmt: skip
    yield hub.start()
    hub.stop()


def hub_log(hub: HubProcess) -> str:
    return (hub.db.parent / f"hub-{hub.port}.log").read_text(encoding="utf-8")


def wait_log(hub: HubProcess, text: str) -> str:
    """The hub's log once it holds ``text`` (it is written as the hub goes)."""
    deadline = time.monotonic() + TIMEOUT
    while text not in (log := hub_log(hub)):
        assert time.monotonic() < deadline, f"{text!r} is not in the hub's log: {log}"
        time.sleep(0.05)
    return log


def test_hello_over_serial_with_crlf_gets_crc_framed_answers(
    serial_pad: SerialPad, serial_hub: HubProcess
) -> None:
    serial_pad.send(hello(1, 1, 3), ending=b"\r\n")
    assert serial_pad.inbox.wait_ack(1, 3)["seat"] == 1
    welcome = serial_pad.inbox.wait(lambda m: m["t"] == "welcome")
    assert welcome["table"] == "t1" and welcome["seat"] == 1
    check_show(serial_pad.inbox.wait(lambda m: m["t"] == "show"))
    assert serial_pad.bad_lines == []
    assert serial_hub.get("/api/state")["pads"][1]["online"] is True


def test_bad_serial_lines_are_dropped_and_the_next_frame_counts(
    serial_pad: SerialPad, serial_hub: HubProcess
) -> None:
    _, seat = start_hand(serial_hub)
    assert seat == 1  # the serial pad's seat acts next
    good = json.dumps(envelope(1, "btn", 1, 9, b="discard"), separators=(",", ":")).encode()
    line = frame(good)
    serial_pad.write(b"\x00\xff\xfe random garbage\n")
    serial_pad.write(line[:-12] + b"\n")  # truncated
    serial_pad.write(line[:-9] + b"00000000\n")  # bad CRC
    serial_pad.write(line.replace(b"*", b"*X")[:-2] + b"\n")  # not 8 hex digits
    serial_pad.write(frame(good.replace(b"}", b',"pad":"' + b"x" * 520 + b'"}')))  # too long
    serial_pad.write(frame(json.dumps(envelope(2, "btn", 1, 9, b="discard")).encode()))
    serial_pad.write(b"x" * 2000)  # a flood with no newline, then the good line after one
    serial_pad.write(b"\n" + line)
    serial_pad.inbox.wait_ack(1, 9)
    assert len(serial_pad.inbox.acks(1, 9)) == 1
    assert face_down(serial_hub.get("/api/state")) == 1


def test_a_silent_serial_pad_goes_offline(serial_pad: SerialPad, serial_hub: HubProcess) -> None:
    with state_stream(serial_hub.url) as wait:
        serial_pad.send(hello(1, 1, 11))
        serial_pad.inbox.wait_ack(1, 11)
        wait(lambda s: s["pads"][1]["online"])
        # no heartbeat (every 2 s) for much longer than that: the pad is gone
        wait(lambda s: not s["pads"][1]["online"])
        serial_pad.send(envelope(1, "hb", 2, 11))
        serial_pad.inbox.wait_ack(2, 11)
        wait(lambda s: s["pads"][1]["online"])


def test_an_intact_message_with_a_field_the_hub_cannot_use_is_acked_and_ignored(
    broker: Broker, mqtt_hub: HubProcess, tmp_path: Path
) -> None:
    """`ack` is sent for every pad message received intact (pad-protocol.md): a press of a
    button this hub does not know (a newer pad's), or a tag uid it cannot read, is acked and
    ignored, with a line in the log. Left unacked, the pad resent it for ever, and every press
    after it waited behind it (one in flight per pad)."""
    _, seat = start_hand(mqtt_hub)
    pad = MqttPad(broker.port, TABLE, seat)
    try:
        pad.online()
        pad.send(envelope(seat, "btn", 1, 6, b="pass"))
        pad.inbox.wait_ack(1, 6)
        pad.send(envelope(seat, "tile", 2, 6, uid="not hex"))
        pad.inbox.wait_ack(2, 6)
        assert face_down(mqtt_hub.get("/api/state")) == 0
        pad.send(envelope(seat, "btn", 3, 6, b="discard"))
        pad.inbox.wait_ack(3, 6)
        assert face_down(mqtt_hub.get("/api/state")) == 1
    finally:
        pad.close()
    log = (tmp_path / f"hub-{mqtt_hub.port}.log").read_text(encoding="utf-8")
    assert f"seat {seat}" in log and "'b' must be one of" in log and "'pass'" in log


def test_an_intact_serial_frame_with_a_bad_field_is_acked(
    serial_pad: SerialPad, serial_hub: HubProcess
) -> None:
    serial_pad.send(envelope(1, "btn", 1, 12, b="PLAY"))
    serial_pad.inbox.wait_ack(1, 12)
    serial_pad.send(envelope(1, "hb", 2, 12))
    serial_pad.inbox.wait_ack(2, 12)


def test_dropped_frames_and_a_port_that_will_not_open_are_in_the_log(
    serial_pad: SerialPad, serial_hub: HubProcess, tmp_path: Path
) -> None:
    """Frames the hub drops are counted (pad-protocol.md) and said in the log, as is a
    --serial device that cannot be opened: both were debug lines, so a miswired or mistyped
    pad was never seen to fail."""
    wait_log(serial_hub, f"cannot open {tmp_path / 'no-such-tty'}")
    good = json.dumps(envelope(1, "hb", 1, 13), separators=(",", ":")).encode()
    serial_pad.write(frame(good)[:-9] + b"00000000\n")
    serial_pad.send(envelope(1, "hb", 1, 13))
    serial_pad.inbox.wait_ack(1, 13)
    log = wait_log(serial_hub, "CRC mismatch")
    assert "seat 1" in log and "dropped 1 frame" in log


def test_dropped_mqtt_messages_are_in_the_log(broker: Broker, mqtt_hub: HubProcess) -> None:
    pad = MqttPad(broker.port, TABLE, 0)
    try:
        pad.publish(b"not json at all")
        pad.send(envelope(0, "hb", 1, 14))
        pad.inbox.wait_ack(1, 14)
        log = wait_log(mqtt_hub, "not JSON")
        assert f"seat 0 of table {TABLE}" in log
    finally:
        pad.close()


def test_a_hello_with_long_version_strings_is_welcomed(
    broker: Broker, mqtt_hub: HubProcess
) -> None:
    """`fw` and `hw` are strings (pad-protocol.md), bounded only by the message: a pad that
    sends its MicroPython banner as `fw` is welcomed; the hub refused more than 64
    characters, so that pad got no welcome and its hello went unheard."""
    fw = "MicroPython v1.23.0 on 2024-06-02; Raspberry Pi Pico W with RP2040; tiengow-pad 2.1"
    hw = "Raspberry Pi Pico W with RP2040, SSD1306 128x64 OLED, PN532 NFC on I2C0, buzzer"
    assert len(fw) > 64 and len(hw) > 64
    pad = MqttPad(broker.port, TABLE, 0)
    try:
        pad.send(envelope(0, "hello", 1, 15, fw=fw, hw=hw, caps=["btn", "oled", "nfc"]))
        pad.inbox.wait_ack(1, 15)
        assert pad.inbox.wait(lambda m: m["t"] == "welcome")["table"] == TABLE
    finally:
        pad.close()


def test_an_unplugged_serial_pad_goes_offline_at_once(
    serial_pad: SerialPad, serial_hub: HubProcess
) -> None:
    with state_stream(serial_hub.url) as wait:
        serial_pad.send(hello(1, 1, 16))
        serial_pad.inbox.wait_ack(1, 16)
        wait(lambda s: s["pads"][1]["online"])
        serial_pad.close()  # the cable is pulled: the hub's side of the pty fails
        wait(lambda s: not s["pads"][1]["online"], timeout=5)


def test_a_copy_resent_to_a_restarted_hub_is_acked_not_applied_again(
    broker: Broker, tmp_path: Path
) -> None:
    args = ("--mqtt", broker.url, "--table", TABLE)
    hub = HubProcess(tmp_path / "club.db", None, *args).start()
    _, seat = start_hand(hub)
    pad = MqttPad(broker.port, TABLE, seat)
    try:
        pad.online()
        pad.send(envelope(seat, "btn", 1, 17, b="discard"))
        pad.inbox.wait_ack(1, 17)
        hub.kill9()  # the pad did not hear that ack: it resends to the hub that comes back
        hub = HubProcess(tmp_path / "club.db", hub.port, *args).start()
        mark = pad.inbox.mark()
        pad.send(envelope(seat, "btn", 1, 17, b="discard"))
        pad.inbox.wait_ack(1, 17, mark)
        assert face_down(hub.get("/api/state")) == 1
    finally:
        pad.close()
        hub.stop()


def test_a_pad_back_after_vanishing_mid_hand_is_shown_the_hand_now(
    broker: Broker, mqtt_hub: HubProcess
) -> None:
    _, seat = start_hand(mqtt_hub)
    pad = MqttPad(broker.port, TABLE, seat, name="first")
    with state_stream(mqtt_hub.url) as wait:
        pad.online()
        pad.send(hello(seat, 1, 18))
        pad.inbox.wait_ack(1, 18)
        wait(lambda s: s["seats"][seat]["online"])
        pad.vanish()
        wait(lambda s: not s["seats"][seat]["online"])
        # the other seats play on: the seat to act is still this one, so its LED says so
        back = MqttPad(broker.port, TABLE, seat, name="back")
        try:
            back.online()
            back.send(hello(seat, 1, 19))  # rebooted: a new boot, seq from 1
            back.inbox.wait_ack(1, 19)
            welcome = back.inbox.wait(lambda m: m["t"] == "welcome")
            shown = back.inbox.wait(lambda m: m["t"] == "show", back.inbox.msgs.index(welcome))
            check_show(shown)
            assert shown["led"] == "turn" and shown["beep"] == 0
            wait(lambda s: s["seats"][seat]["online"])
        finally:
            back.close()


def test_a_serial_line_of_512_bytes_counts_and_one_of_513_is_dropped(
    serial_pad: SerialPad, serial_hub: HubProcess
) -> None:
    def line_of(size: int, seq: int) -> bytes:
        msg = envelope(1, "hb", seq, 20, pad="")
        short = len(frame(json.dumps(msg, separators=(",", ":")).encode()))
        msg["pad"] = "x" * (size - short)  # an unknown field: ignored, but it is counted
        line = frame(json.dumps(msg, separators=(",", ":")).encode())
        assert len(line) == size
        return line

    serial_pad.write(line_of(513, 1))
    serial_pad.write(line_of(512, 2))
    serial_pad.inbox.wait_ack(2, 20)
    assert not serial_pad.inbox.acks(1, 20)


def test_a_refused_press_is_shown_with_the_error_led_and_one_beep(
    broker: Broker, mqtt_hub: HubProcess
) -> None:
    seats, seat = start_hand(mqtt_hub)
    waiting = (seat + 1) % 4  # not this seat's turn
    pad = MqttPad(broker.port, TABLE, waiting)
    try:
        pad.online()
        pad.send(hello(waiting, 1, 21))
        pad.inbox.wait_ack(1, 21)
        pad.send(envelope(waiting, "btn", 2, 21, b="discard"))
        acked = pad.inbox.wait_ack(2, 21)
        shown = pad.inbox.wait(lambda m: m["t"] == "show" and m["led"] == "error")
        check_show(shown)
        assert shown["beep"] == 1
        assert pad.inbox.msgs.index(shown) < pad.inbox.msgs.index(acked)  # the refusal is in
        state = mqtt_hub.get("/api/state")
        assert face_down(state) == 0 and state["notice"]["seat"] == seats[waiting]
    finally:
        pad.close()
