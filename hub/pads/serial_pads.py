"""Serial seat pads (transport A): one port per seat, one reader thread per port, pyserial.

The reader splits the byte stream into lines, drops (and counts) every line that is too long,
fails its CRC, does not parse or names another seat, and hands the rest to ``PadIntake``. When
the port fails (cable pulled) it is closed, the seat goes offline, and the port is reopened
every ``reopen_s`` until it comes back. Silence longer than ``padcore.LINK_LOST_MS`` (the pad
sends a heartbeat every 2 s) also marks the seat offline.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import serial

from hub.pads import padcore, protocol
from hub.pads.intake import DropReport, PadIntake, intact_envelope
from hub.pads.protocol import ProtocolError

if TYPE_CHECKING:
    from hub.pads.protocol import Message

log = logging.getLogger(__name__)

BAUD = 115200
_READ_TIMEOUT_S = 0.05
# A line takes 44 ms at 115200 baud; a pad that has taken nothing for this long (its buffers
# and the OS's full) has stopped reading. Without a limit the write waited for ever, holding
# the locks of whoever was showing (the live table shows every change to every pad).
WRITE_TIMEOUT_S = 1.0
_FRAMING = 10  # bytes a line adds to its JSON: "*", the CRC's 8 hex digits, "\n"


@dataclass
class SerialStats:
    lines: int = 0
    too_long: int = 0
    bad: int = 0  # CRC, JSON or field errors
    wrong_seat: int = 0
    not_for_hub: int = 0  # hub -> pad types arriving from a pad
    opens: int = 0
    failures: int = 0


def parse_serial_arg(text: str) -> tuple[int, str]:
    """``SEAT=DEVICE`` (the ``--serial`` flag) as (seat, device)."""
    seat, sep, device = text.partition("=")
    if not sep or not device or not seat.isdigit() or not 0 <= int(seat) < protocol.SEATS:
        raise ValueError(
            f"--serial takes SEAT=DEVICE with SEAT 0..{protocol.SEATS - 1}, "
            f"e.g. 0=/dev/ttyACM0; got {text!r}"
        )
    return int(seat), device


class LineSplitter:
    """Bytes in, complete lines out; a line longer than ``MAX_LINE`` is dropped whole."""

    def __init__(self) -> None:
        self._buf = bytearray()
        self._skipping = False  # inside an over-long line: drop up to the next newline
        self.too_long = 0

    def feed(self, data: bytes) -> list[bytes]:
        out: list[bytes] = []
        buf = self._buf
        buf += data
        while True:
            nl = buf.find(b"\n")
            if nl < 0:
                if len(buf) > protocol.MAX_LINE:
                    if not self._skipping:
                        self.too_long += 1
                    self._skipping = True
                    buf.clear()
                return out
            line = bytes(buf[: nl + 1])
            del buf[: nl + 1]
            if self._skipping:
                self._skipping = False
                continue
            if len(line) > protocol.MAX_LINE:
                self.too_long += 1
                continue
            out.append(line)


class SerialPad:
    """The pad on one serial device, for one seat."""

    def __init__(
        self,
        intake: PadIntake,
        seat: int,
        device: str,
        *,
        baudrate: int = BAUD,
        reopen_s: float = 0.5,
        open_port: Callable[..., Any] = serial.serial_for_url,
    ) -> None:
        self.intake = intake
        self.seat = seat
        self.device = device
        self.baudrate = baudrate
        self.reopen_s = reopen_s
        self._open_port = open_port
        self._port: Any = None
        self._write_lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.stats = SerialStats()
        self.opened = threading.Event()  # set while the port is open
        self.drops = DropReport(f"serial pad, seat {seat} on {device}")

    def start(self) -> SerialPad:
        self._thread = threading.Thread(
            target=self._run, name=f"pad-serial-{self.seat}", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._close()

    def send(self, msg: Message) -> None:
        """Write one hub -> pad message as a frame (PadLink)."""
        line = self._frame(msg)
        with self._write_lock:
            port = self._port
            if port is None:
                raise OSError(f"serial port {self.device} for seat {self.seat} is not open")
            try:
                port.write(line)
            except serial.SerialTimeoutException:
                stalled = True
            else:
                stalled = False
        if stalled:  # offline until its next intact frame, so nothing more waits on it
            self.intake.detach(self.seat, self)
            raise OSError(
                f"the pad on {self.device} (seat {self.seat}) took nothing for "
                f"{WRITE_TIMEOUT_S} s; it is offline until it sends again"
            )

    def _frame(self, msg: Message) -> bytes:
        """``msg`` as a line of at most 512 bytes. A valid `show` can be longer: each of its
        84 characters may take a 6- or 12-byte JSON escape (a control character, an emoji). It
        is then sent as the pad's font draws it (firmware/ui.py), each character outside
        printable ASCII as "?", which fits; a message that still cannot be framed is not sent
        (OSError, as for any message the transport cannot deliver)."""
        try:
            payload = protocol.encode(msg)
            if len(payload) + _FRAMING <= protocol.MAX_LINE or msg["t"] != protocol.SHOW:
                return protocol.frame(payload)
            drawn = ["".join(c if " " <= c <= "~" else "?" for c in x) for x in msg["lines"]]
            line = protocol.encode_line({**msg, "lines": drawn})
        except ProtocolError as exc:
            raise OSError(f"not sent to seat {self.seat} on {self.device}: {exc}") from None
        log.warning(
            "seat %d: a show of %d bytes is over the serial line's %d, so it is sent with each "
            "character outside printable ASCII as '?', as the pad draws it: %r",
            self.seat, len(payload) + _FRAMING, protocol.MAX_LINE, msg["lines"],
        )  # fmt: skip
        return line

    def _close(self) -> None:
        with self._write_lock:
            port, self._port = self._port, None
        self.opened.clear()
        if port is not None:
            with contextlib.suppress(OSError, serial.SerialException):
                port.close()

    def _run(self) -> None:
        unopened = False
        while not self._stop.is_set():
            try:
                port = self._open_port(
                    self.device,
                    baudrate=self.baudrate,
                    timeout=_READ_TIMEOUT_S,
                    write_timeout=WRITE_TIMEOUT_S,
                )
            except (OSError, serial.SerialException, ValueError) as exc:
                if not unopened:  # said once: a wrong path or a pad unplugged at start
                    log.warning(
                        "seat %d: cannot open %s (%s); trying again every %s s",
                        self.seat, self.device, exc, self.reopen_s,
                    )  # fmt: skip
                unopened = True
                self._stop.wait(self.reopen_s)
                continue
            with self._write_lock:
                self._port = port
            unopened = False
            self.stats.opens += 1
            self.opened.set()
            try:
                self._read(port)
            except (OSError, serial.SerialException) as exc:
                self.stats.failures += 1
                log.info("seat %d: serial %s failed (%s); reopening", self.seat, self.device, exc)
            finally:
                self._close()
                self.intake.detach(self.seat, self)
            self._stop.wait(self.reopen_s)

    def _read(self, port: Any) -> None:
        splitter = LineSplitter()
        heard_at = time.monotonic()
        linked = False
        while not self._stop.is_set():
            data = port.read(max(1, port.in_waiting))
            now = time.monotonic()
            if data:
                for line in splitter.feed(data):
                    if self._handle(line):
                        heard_at = now
                        linked = True
                if splitter.too_long > self.stats.too_long:
                    self.drops.dropped(f"a line longer than {protocol.MAX_LINE} bytes")
                self.stats.too_long = splitter.too_long
            if linked and now - heard_at > padcore.LINK_LOST_MS / 1000:
                linked = False
                self.intake.detach(self.seat, self)

    def _handle(self, line: bytes) -> bool:
        stats = self.stats
        stats.lines += 1
        try:
            payload = protocol.unframe(line)
        except ProtocolError as exc:
            stats.bad += 1
            self.drops.dropped(str(exc))
            return False
        try:
            msg = protocol.decode(payload)
        except ProtocolError as exc:
            stats.bad += 1
            intact = intact_envelope(payload)
            if intact is not None and intact["seat"] == self.seat:
                self.intake.receive_malformed(self.seat, intact, str(exc), self, "serial")
                return True
            self.drops.dropped(str(exc))
            return False
        if msg["seat"] != self.seat:
            stats.wrong_seat += 1
            self.drops.dropped(f"a frame for seat {msg['seat']!r} on seat {self.seat}'s port")
            return False
        if msg["t"] in protocol.HUB_TYPES:
            stats.not_for_hub += 1
            self.drops.dropped(f"a {msg['t']!r}, which only the hub sends")
            return False
        self.intake.receive(self.seat, msg, self, "serial")
        return True
