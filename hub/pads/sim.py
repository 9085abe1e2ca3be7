"""A simulated seat pad in CPython, over serial or MQTT, running the firmware's own logic.

``SimPad`` wraps ``padcore.Pad`` (the very module the MicroPython firmware runs) with a thread
that polls it, a transport and optional fault injection (frame loss both ways)::

    pad = SimPad(1, MqttPadTransport("mqtt://127.0.0.1:1883", "t1", 1)).start()
    pad.press("play")
    pad.wait_idle(timeout=5)     # True once every press is acked by the hub
    print(pad.view())            # (lines, led) as the OLED shows them
    pad.stop()
"""

from __future__ import annotations

import contextlib
import os
import random
import select
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

import paho.mqtt.client as mqtt
import serial
from paho.mqtt.enums import CallbackAPIVersion

from hub.pads import padcore, protocol
from hub.pads.intake import PadIntake
from hub.pads.mqtt_pads import MqttUrl, parse_mqtt_url, set_nodelay
from hub.pads.serial_pads import LineSplitter

FW = "sim-1"
HW = "cpython"
CAPS = ["btn", "led", "oled", "buzzer"]
_POLL_S = 0.01  # how often the pad's loop looks at its clock when nothing wakes it


class PadTransport(Protocol):
    """How a ``SimPad`` reaches the hub: ``start(pad)`` delivers, ``send`` transmits."""

    heartbeat_ms: int

    def start(self, pad: SimPad) -> None: ...

    def send(self, payload: bytes) -> None: ...

    def stop(self) -> None: ...


class SimPad:
    """One simulated pad: press buttons, watch the screen, inject faults."""

    def __init__(
        self,
        seat: int,
        transport: PadTransport,
        *,
        boot: int | None = None,
        loss: float = 0.0,
        seed: int | None = None,
        on_screen: Callable[[SimPad], None] | None = None,
    ) -> None:
        self.seat = seat
        self.transport = transport
        self._rng = random.Random(seed)
        self.loss = loss
        self.on_screen = on_screen
        self.pad = padcore.Pad(
            seat, boot if boot is not None else self._rng.getrandbits(32), FW, HW, CAPS,
            transport.heartbeat_ms,
        )  # fmt: skip
        self._cond = threading.Condition()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.frames_out = 0
        self.frames_lost = 0
        self.acks = 0
        self.press_times: dict[int, float] = {}  # seq -> perf_counter at first transmission
        self.ack_times: dict[int, float] = {}  # seq -> perf_counter at ack

    @property
    def boot(self) -> int:
        return self.pad.sender.boot

    def start(self) -> SimPad:
        self.transport.start(self)
        self._thread = threading.Thread(target=self._run, name=f"simpad-{self.seat}", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        with self._cond:
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self.transport.stop()

    def reboot(self, boot: int | None = None) -> None:
        """Power-cycle: a new boot id, seq from 1, whatever was unacked is gone."""
        with self._cond:
            self.pad = padcore.Pad(
                self.seat, boot if boot is not None else self._rng.getrandbits(32), FW, HW, CAPS,
                self.transport.heartbeat_ms,
            )  # fmt: skip
            self.pad.connected(padcore.now_ms())
            self._cond.notify_all()

    # ---- the player's side ---------------------------------------------------------------

    def press(self, button: str) -> bool:
        if button not in protocol.BUTTONS:
            raise ValueError(f"button must be one of {protocol.BUTTONS}, got {button!r}")
        with self._cond:
            ok = self.pad.press(button)
            self._cond.notify_all()
        return ok

    def tile(self, uid: str) -> bool:
        with self._cond:
            ok = self.pad.tile(uid)
            self._cond.notify_all()
        return ok

    def view(self) -> tuple[list[str], str]:
        with self._cond:
            return self.pad.screen.view()

    def wait_idle(self, timeout: float) -> bool:
        """Wait until every queued message has been acked."""
        return self.wait_for(lambda pad: pad.sender.pending() == 0, timeout)

    def wait_for(self, predicate: Callable[[padcore.Pad], bool], timeout: float) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: predicate(self.pad), timeout)

    # ---- the transport's side -------------------------------------------------------------

    def connected(self) -> None:
        with self._cond:
            self.pad.connected(padcore.now_ms())
            self._cond.notify_all()

    def disconnected(self) -> None:
        with self._cond:
            self.pad.disconnected()
            self._cond.notify_all()

    def deliver(self, payload: bytes) -> None:
        """The JSON bytes of one hub -> pad message arrived."""
        if self.loss and self._rng.random() < self.loss:
            self.frames_lost += 1
            return
        with self._cond:
            version = self.pad.screen.version
            msg = self.pad.receive(payload, padcore.now_ms())
            if msg is not None and msg["t"] == protocol.ACK:
                self.acks += 1
                self.ack_times.setdefault(msg["ack"], time.perf_counter())
            changed = self.pad.screen.version != version
            self._cond.notify_all()
        if changed and self.on_screen is not None:
            self.on_screen(self)

    def _run(self) -> None:
        while not self._stop.is_set():
            with self._cond:
                out = self.pad.poll(padcore.now_ms())
                sender = self.pad.sender
                if out is not None and sender.tries == 1:
                    self.press_times[sender.inflight_seq] = time.perf_counter()
                if out is None:
                    self._cond.wait(_POLL_S)
                    continue
            self.frames_out += 1
            if self.loss and self._rng.random() < self.loss:
                self.frames_lost += 1
                continue
            # a failed send is fine: the transport reconnects, the retry timer resends
            with contextlib.suppress(OSError):
                self.transport.send(out)


class FdPort:
    """A pyserial-like port over a raw file descriptor (the master end of a pty)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def read(self, size: int, timeout: float = 0.05) -> bytes:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return b""
        data = os.read(self.fd, size)
        if not data:
            raise OSError(f"fd {self.fd} closed")
        return data

    def write(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            view = view[os.write(self.fd, view) :]

    def close(self) -> None:
        pass  # the owner of the fd closes it


class SerialPadTransport:
    """Frames over a serial device (pyserial) or a pty master; reopens after a failure."""

    heartbeat_ms = padcore.HEARTBEAT_MS

    def __init__(self, open_port: str | Callable[[], Any], *, reopen_s: float = 0.1) -> None:
        if isinstance(open_port, str):
            device = open_port
            self._open: Callable[[], Any] = lambda: serial.serial_for_url(
                device, baudrate=115200, timeout=0.05
            )
        else:
            self._open = open_port
        self.reopen_s = reopen_s
        self._port: Any = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.bad = 0

    def start(self, pad: SimPad) -> None:
        self._thread = threading.Thread(target=self._run, args=(pad,), daemon=True)
        self._thread.start()

    def send(self, payload: bytes) -> None:
        with self._lock:
            if self._port is None:
                raise OSError("serial pad is not connected")
            self._port.write(protocol.frame(payload))

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _run(self, pad: SimPad) -> None:
        while not self._stop.is_set():
            try:
                port = self._open()
            except (OSError, serial.SerialException):
                self._stop.wait(self.reopen_s)
                continue
            with self._lock:
                self._port = port
            pad.connected()
            splitter = LineSplitter()
            try:
                while not self._stop.is_set():
                    data = port.read(256)
                    for line in splitter.feed(data):
                        try:
                            payload = protocol.unframe(line)
                        except protocol.ProtocolError:
                            self.bad += 1
                            continue
                        pad.deliver(payload)
            except (OSError, serial.SerialException):
                pass
            with self._lock:
                self._port = None
            port.close()
            pad.disconnected()


class MqttPadTransport:
    """A pad's MQTT client: retained ``online`` 1 on connect, last will 0, QoS 1, reconnects."""

    heartbeat_ms = 0  # MQTT uses its keepalive and the last will instead

    def __init__(self, url: str | MqttUrl, table: str, seat: int, *, keepalive: int = 5) -> None:
        self.url = parse_mqtt_url(url) if isinstance(url, str) else url
        self.up = protocol.topic(table, seat, "up")
        self.down = protocol.topic(table, seat, "down")
        self.online = protocol.topic(table, seat, "online")
        self.keepalive = keepalive
        self.client = mqtt.Client(
            CallbackAPIVersion.VERSION2,
            client_id=f"tiengow-pad-{table}-{seat}-{os.getpid()}-{id(self):x}",
            protocol=mqtt.MQTTv311,
        )
        if self.url.username is not None:
            self.client.username_pw_set(self.url.username, self.url.password)
        self.client.will_set(self.online, b"0", qos=1, retain=True)
        self.client.reconnect_delay_set(min_delay=1, max_delay=2)
        self.client.on_socket_open = set_nodelay
        self.connected = threading.Event()

    def start(self, pad: SimPad) -> None:
        client = self.client

        def on_connect(c: mqtt.Client, u: Any, flags: Any, reason: Any, props: Any) -> None:
            if reason.is_failure:
                return
            c.subscribe(self.down, qos=1)
            c.publish(self.online, b"1", qos=1, retain=True)
            self.connected.set()
            pad.connected()

        def on_disconnect(c: mqtt.Client, u: Any, flags: Any, reason: Any, props: Any) -> None:
            self.connected.clear()
            pad.disconnected()

        def on_message(c: mqtt.Client, u: Any, message: mqtt.MQTTMessage) -> None:
            pad.deliver(bytes(message.payload))

        client.on_connect = on_connect
        client.on_disconnect = on_disconnect
        client.on_message = on_message
        client.connect_async(self.url.host, self.url.port, keepalive=self.keepalive)
        client.loop_start()

    def send(self, payload: bytes) -> None:
        info = self.client.publish(self.up, payload, qos=1)
        if info.rc != mqtt.MQTT_ERR_SUCCESS:
            raise OSError(f"publish to {self.up} failed: {mqtt.error_string(info.rc)}")

    def stop(self, clean: bool = True) -> None:
        """Disconnect; with ``clean`` the pad says it is leaving (retained ``online`` 0)."""
        if clean and self.connected.is_set():
            info = self.client.publish(self.online, b"0", qos=1, retain=True)
            with contextlib.suppress(RuntimeError, ValueError):  # the connection is gone
                info.wait_for_publish(2)
        self.client.disconnect()
        self.client.loop_stop()


class _HubToPad:
    """The PadLink of a loopback pad: hub -> pad messages as JSON bytes."""

    def __init__(self, pad: SimPad) -> None:
        self.pad = pad

    def send(self, msg: protocol.Message) -> None:
        self.pad.deliver(protocol.encode(msg))


class LoopbackPadTransport:
    """A pad wired straight into a ``PadIntake`` in the same process (the demo, tests): every
    message still goes through the real codec (JSON bytes both ways), only the wire is gone."""

    heartbeat_ms = 0

    def __init__(self, intake: PadIntake, name: str = "loopback") -> None:
        self.intake = intake
        self.name = name
        self._link: _HubToPad | None = None

    def start(self, pad: SimPad) -> None:
        self._link = _HubToPad(pad)
        self.intake.attach(pad.seat, self._link, self.name)
        pad.connected()

    def send(self, payload: bytes) -> None:
        """Pad -> hub: decode as a transport would and hand the message to the intake."""
        link = self._link
        if link is None:
            raise OSError("loopback pad transport not started")
        self.intake.receive(link.pad.seat, protocol.decode(payload), link, self.name)

    def stop(self) -> None:
        if self._link is not None:
            self.intake.detach(self._link.pad.seat, self._link)
            self._link.pad.disconnected()
