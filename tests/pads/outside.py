"""Pads and displays from outside the project: they speak only spec/pad-protocol.md.

Nothing here imports the hub's codec or pad core: frames are built with ``json`` and
``zlib.crc32`` as the spec says, MQTT with plain paho, so the tests that use these check the
hub against the page, not against its own code. Every wait is for a message or a state change,
with a timeout.
"""

from __future__ import annotations

import json
import os
import select
import threading
import time
import tty
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

import httpx2 as httpx
import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

TIMEOUT = 20.0
Msg = dict[str, Any]


def envelope(seat: int, t: str, seq: int, boot: int, **fields: Any) -> Msg:
    return {"v": 1, "seat": seat, "t": t, "seq": seq, "boot": boot, **fields}


def frame(payload: bytes) -> bytes:
    """``<json bytes>*<crc>\\n``: CRC-32 (IEEE) as 8 lowercase hex digits."""
    return payload + b"*" + b"%08x" % (zlib.crc32(payload) & 0xFFFFFFFF) + b"\n"


def check_show(msg: Msg) -> None:
    """A `show` as the page describes it: the complete display state."""
    assert msg["t"] == "show" and msg["v"] == 1
    lines = msg["lines"]
    assert isinstance(lines, list) and len(lines) <= 4, msg
    assert all(isinstance(line, str) and len(line) <= 21 for line in lines), msg
    assert msg["led"] in ("idle", "turn", "error", "win", "off"), msg
    assert msg["beep"] in (0, 1) and type(msg["beep"]) is int, msg


class Inbox:
    """Hub -> pad messages as they arrive; tests wait on them."""

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.msgs: list[Msg] = []
        self.raw: list[bytes] = []

    def put(self, raw: bytes, msg: Msg) -> None:
        with self.cond:
            self.raw.append(raw)
            self.msgs.append(msg)
            self.cond.notify_all()

    def wait(self, pred: Callable[[Msg], bool], start: int = 0, timeout: float = TIMEOUT) -> Msg:
        """The first message from index ``start`` on that satisfies ``pred``."""

        def found() -> Msg | None:
            return next((m for m in self.msgs[start:] if pred(m)), None)

        with self.cond:
            self.cond.wait_for(lambda: found() is not None, timeout)
            got = found()
        assert got is not None, f"no such message from the hub; got {self.msgs[start:]}"
        return got

    def mark(self) -> int:
        with self.cond:
            return len(self.msgs)

    def acks(self, seq: int, boot: int, start: int = 0) -> list[Msg]:
        with self.cond:
            return [
                m
                for m in self.msgs[start:]
                if m.get("t") == "ack" and m.get("ack") == seq and m.get("boot") == boot
            ]

    def wait_ack(self, seq: int, boot: int, start: int = 0, timeout: float = TIMEOUT) -> Msg:
        return self.wait(
            lambda m: m.get("t") == "ack" and m.get("ack") == seq and m.get("boot") == boot,
            start,
            timeout,
        )


class MqttPad:
    """A pad on MQTT 3.1.1: QoS 1, retained ``online`` 1 and a last will of retained 0."""

    def __init__(self, port: int, table: str, seat: int, *, name: str = "") -> None:
        self.table, self.seat = table, seat
        self.base = f"tiengow/{table}/seat/{seat}/"
        self.inbox = Inbox()
        self.subscribed = threading.Event()
        self.client = mqtt.Client(
            CallbackAPIVersion.VERSION2,
            client_id=f"outside-pad-{table}-{seat}-{name}-{os.getpid()}",
            protocol=mqtt.MQTTv311,
        )
        self.client.will_set(self.base + "online", b"0", qos=1, retain=True)
        self.client.on_message = self._on_message
        self.client.on_subscribe = lambda *a: self.subscribed.set()
        self.client.connect("127.0.0.1", port, keepalive=2)
        self.client.loop_start()
        self.client.subscribe(self.base + "down", qos=1)
        assert self.subscribed.wait(TIMEOUT)

    def _on_message(self, c: mqtt.Client, u: Any, message: mqtt.MQTTMessage) -> None:
        raw = bytes(message.payload)
        self.inbox.put(raw, json.loads(raw))

    def online(self, value: bytes = b"1") -> None:
        self.client.publish(self.base + "online", value, qos=1, retain=True).wait_for_publish(
            TIMEOUT
        )

    def publish(self, payload: bytes | str, seat: int | None = None) -> None:
        topic = self.base + "up" if seat is None else f"tiengow/{self.table}/seat/{seat}/up"
        self.client.publish(topic, payload, qos=1).wait_for_publish(TIMEOUT)

    def send(self, msg: Msg) -> None:
        self.publish(json.dumps(msg, separators=(",", ":")))

    def vanish(self) -> None:
        """Gone without a goodbye: the socket closes under the client, the will fires."""
        self.client.loop_stop()
        sock = self.client.socket()
        if sock is not None:
            sock.close()

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


class SerialPad:
    """A pad on the master end of a pty; the hub opens ``path`` (``--serial SEAT=path``)."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.master)
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.inbox = Inbox()
        self.bad_lines: list[bytes] = []  # hub lines that break the framing rules
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        buf = b""
        while not self._stop.is_set():
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if not ready:
                continue
            try:
                buf += os.read(self.master, 4096)
            except OSError:
                return
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                self._line(line + b"\n")

    def _line(self, line: bytes) -> None:
        body = line[:-1]
        payload, star, crc = body.rpartition(b"*")
        ok = (
            star == b"*"
            and len(line) <= 512
            and len(crc) == 8
            and crc == b"%08x" % (zlib.crc32(payload) & 0xFFFFFFFF)
        )
        if not ok:
            self.bad_lines.append(line)
            return
        self.inbox.put(payload, json.loads(payload.decode("utf-8")))

    def write(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            view = view[os.write(self.master, view) :]

    def send(self, msg: Msg, ending: bytes = b"\n") -> None:
        self.write(frame(json.dumps(msg, separators=(",", ":")).encode())[:-1] + ending)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)
        for fd in (self.master, self.slave):
            with suppress(OSError):
                os.close(fd)


@contextmanager
def state_stream(url: str) -> Iterator[Callable[[Callable[[Msg], bool]], Msg]]:
    """``GET /api/stream`` open; yields ``wait(pred)``: the first state (the one now, then each
    change) that satisfies ``pred``."""
    with httpx.stream("GET", url + "/api/stream", timeout=TIMEOUT) as r:
        lines = r.iter_lines()

        def wait(pred: Callable[[Msg], bool], timeout: float = TIMEOUT) -> Msg:
            deadline = time.monotonic() + timeout
            event, seen = "", None
            for line in lines:
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: ") and event == "state":
                    seen = json.loads(line[6:])
                    if pred(seen):
                        return seen
                assert time.monotonic() < deadline, f"no such state; the last was {seen}"
            raise AssertionError(f"the stream ended; the last state was {seen}")

        yield wait
