"""The pad's side of protocol v1, pure: reliable sending and the screen model.

Shared, like ``protocol.py``, by the MicroPython firmware (``firmware/padcore.py`` is a link to
this file) and the CPython simulated pad (``hub.pads.sim``), so the simulated pads in tests and
the demo run the very logic the real pads run. No I/O and no clock: callers pass ``now`` in
milliseconds (``time.ticks_ms()`` on a board, a monotonic clock on CPython).

``Sender`` keeps at most one message in flight: it is resent with the same ``seq`` and ``boot``
every ``RETRY_MS`` up to ``RETRIES`` times, then ``link_error`` is raised and it is resent every
``SLOW_RETRY_MS`` until acked. Presses wait in a fixed ring meanwhile (never dropped: a full
ring refuses the press, so the pad can buzz).
"""

import time

try:
    from hub.pads import protocol  # type: ignore[import-not-found,import-untyped,unused-ignore]
except ImportError:  # on the pad, where protocol.py sits beside this file
    import protocol  # type: ignore[import-not-found,no-redef,unused-ignore]

RETRY_MS = 300
RETRIES = 20
SLOW_RETRY_MS = 2000
HEARTBEAT_MS = 2000  # serial only; 0 turns heartbeats off (MQTT)
LINK_LOST_MS = 6000  # serial: no word from the hub for this long means the link is lost
QUEUE = 16

# link states shown on the screen
LINK_OK = 0
LINK_ERROR = 1  # a message went unacked RETRIES times
LINK_LOST = 2  # no transport (serial silent, Wi-Fi or broker down)


def _soft_ticks_diff(a: int, b: int) -> int:
    return a - b


ticks_diff = getattr(time, "ticks_diff", None) or _soft_ticks_diff
_ticks_ms = getattr(time, "ticks_ms", None)
_monotonic_ns = getattr(time, "monotonic_ns", None)


def now_ms() -> int:
    """Milliseconds from a monotonic clock: ``time.ticks_ms()`` on a board (wraps; compare
    with ``ticks_diff``), ``time.monotonic_ns() // 1e6`` on CPython."""
    if _ticks_ms is not None:
        return int(_ticks_ms())
    return int(_monotonic_ns()) // 1000000  # type: ignore[misc,unused-ignore]


class Sender:
    """Sequence numbers, the one message in flight, retransmission and the queue of presses."""

    def __init__(
        self, seat: int, boot: int, hello: "protocol.Message", hb_ms: int = HEARTBEAT_MS
    ) -> None:
        self.seat = seat
        self.boot = boot
        self.seq = 0
        self.hb_ms = hb_ms
        self._hello = hello  # sent at boot and after every reconnect (gets seq/boot filled in)
        self._kinds = [""] * QUEUE  # the ring: message type and value (button, uid)
        self._values = [""] * QUEUE
        self._head = 0
        self._count = 0
        self.inflight: bytes | None = None  # the JSON bytes of the unacked message
        self.inflight_seq = 0
        self.inflight_kind = ""
        self.tries = 0
        self._sent_at = 0
        self._last_tx = 0
        self.link_error = False
        self.refused = 0  # presses refused because the ring was full

    def pending(self) -> int:
        """Messages waiting, the one in flight included."""
        return self._count + (1 if self.inflight is not None else 0)

    def presses(self) -> int:
        """The player's presses and tile reads not yet acked, the one in flight included: what
        the status bar shows; a hello or heartbeat waiting for the hub is not something they
        did, so it is left out."""
        theirs = (protocol.BTN, protocol.TILE)
        n = 1 if self.inflight is not None and self.inflight_kind in theirs else 0
        for i in range(self._count):
            if self._kinds[(self._head + i) % QUEUE] in theirs:
                n += 1
        return n

    def push(self, kind: str, value: str) -> bool:
        """Queue a message (``btn`` with a button, ``tile`` with a uid, ``hello``, ``hb``)."""
        if self._count == QUEUE:
            self.refused += 1
            return False
        i = (self._head + self._count) % QUEUE
        self._kinds[i] = kind
        self._values[i] = value
        self._count += 1
        return True

    def _hello_pending(self) -> bool:
        if self.inflight is not None and self.inflight_kind == protocol.HELLO:
            return True
        for n in range(self._count):
            if self._kinds[(self._head + n) % QUEUE] == protocol.HELLO:
                return True
        return False

    def reconnected(self, now: int) -> None:
        """The transport came back: say hello again (once, however often the link flaps) and
        resend what is in flight at once."""
        if not self._hello_pending() and self._count < QUEUE:
            # first of what waits: presses made while the link was down go after it
            self._head = (self._head - 1) % QUEUE
            self._kinds[self._head] = protocol.HELLO
            self._values[self._head] = ""
            self._count += 1
        self._sent_at = now - RETRY_MS
        self.tries = 0
        self.link_error = False  # a fresh link: 300 ms retries again, the first one now

    def _build(self, kind: str, value: str) -> "protocol.Message":
        seat, boot, seq = self.seat, self.boot, self.seq
        if kind == protocol.BTN:
            return protocol.btn(seat, boot, seq, value)
        if kind == protocol.TILE:
            return protocol.tile(seat, boot, seq, value)
        if kind == protocol.HELLO:
            msg = dict(self._hello)
            msg["seat"], msg["boot"], msg["seq"] = seat, boot, seq
            return msg
        return protocol.hb(seat, boot, seq)

    def poll(self, now: int) -> bytes | None:
        """The JSON bytes to transmit now (a new message or a retransmission), or None."""
        if self.inflight is not None:
            wait = SLOW_RETRY_MS if self.link_error else RETRY_MS
            if ticks_diff(now, self._sent_at) < wait:
                return None
            self.tries += 1
            if self.tries > RETRIES:
                self.link_error = True
            self._sent_at = now
            self._last_tx = now
            return self.inflight
        if self._count == 0:
            if self.hb_ms <= 0 or ticks_diff(now, self._last_tx) < self.hb_ms:
                return None
            self.push(protocol.HB, "")
        kind = self._kinds[self._head]
        value = self._values[self._head]
        self._head = (self._head + 1) % QUEUE
        self._count -= 1
        self.seq += 1
        self.inflight = protocol.encode(self._build(kind, value))
        self.inflight_seq = self.seq
        self.inflight_kind = kind
        self.tries = 1
        self._sent_at = now
        self._last_tx = now
        return self.inflight

    def on_ack(self, boot: int, seq: int) -> bool:
        """An ``ack`` arrived; True when it freed the message in flight."""
        if self.inflight is None or boot != self.boot or seq != self.inflight_seq:
            return False
        self.inflight = None
        self.tries = 0
        self.link_error = False
        return True


class Screen:
    """What the pad shows: the hub's last ``show`` with the link state laid over it."""

    def __init__(self) -> None:
        self.lines: list[str] = ["waiting for hub"]
        self.led = "off"
        self.beep = 0
        self.link = LINK_LOST
        self.table = ""
        self.beeps = 0  # shows that asked for a beep, so the buzzer sounds once per show
        self.version = 0  # bumped on every change, so the display task redraws only then

    def apply(self, msg: "protocol.Message") -> None:
        """Take a ``show`` (or ``welcome``) from the hub."""
        kind = msg["t"]
        if kind == protocol.SHOW:
            self.lines = list(msg["lines"])
            self.led = msg["led"]
            self.beep = msg["beep"]
            self.beeps += self.beep
            self.version += 1
        elif kind == protocol.WELCOME:
            self.table = msg["table"]
            self.version += 1

    def set_link(self, link: int) -> None:
        if link != self.link:
            self.link = link
            self.version += 1

    def view(self) -> "tuple[list[str], str]":
        """The four lines and the LED colour to show now."""
        lines = list(self.lines[: protocol.MAX_LINES])
        if self.link == LINK_OK:
            return lines, self.led
        note = "LINK ERROR retrying" if self.link == LINK_ERROR else "NO LINK TO HUB"
        if len(lines) == protocol.MAX_LINES:
            lines[-1] = note
        else:
            lines.append(note)
        return lines, "error"


class Pad:
    """A pad's protocol brain: a ``Sender`` and a ``Screen`` fed by the hub's messages."""

    def __init__(
        self,
        seat: int,
        boot: int,
        fw: str,
        hw: str,
        caps: "list[str]",
        hb_ms: int = HEARTBEAT_MS,
    ) -> None:
        self.seat = seat
        self.sender = Sender(seat, boot, protocol.hello(seat, boot, 1, fw, hw, caps), hb_ms)
        self.screen = Screen()
        self.errors = 0  # hub messages refused (bad CRC, bad fields, another seat)
        self._heard_at = 0
        self._heard = False
        self._lost = False  # serial: the hub fell silent after answering; hello when it is back

    def press(self, button: str) -> bool:
        """A debounced button press; False when the queue is full (tell the player)."""
        return self.sender.push(protocol.BTN, button)

    def tile(self, uid: str) -> bool:
        return self.sender.push(protocol.TILE, uid)

    def poll(self, now: int) -> bytes | None:
        """The JSON bytes to send now, if any; also updates the link state on the screen."""
        out = self.sender.poll(now)
        if self.sender.hb_ms > 0 and (
            not self._heard or ticks_diff(now, self._heard_at) > LINK_LOST_MS
        ):
            self._lost = self._lost or self._heard
            self.screen.set_link(LINK_LOST)
        elif self.sender.link_error:
            self.screen.set_link(LINK_ERROR)
        elif self._heard:
            self.screen.set_link(LINK_OK)
        return out

    def receive(self, payload: bytes, now: int) -> "protocol.Message | None":
        """Take the JSON bytes of one hub message; return it, or None when refused."""
        try:
            msg = protocol.decode(payload, to_pad=True)
        except protocol.ProtocolError:
            self.errors += 1
            return None
        if msg["seat"] != self.seat:
            self.errors += 1
            return None
        self._heard = True
        self._heard_at = now
        if msg["t"] == protocol.ACK:
            self.sender.on_ack(msg["boot"], msg["ack"])
        else:
            self.screen.apply(msg)
        if self._lost:  # the hub answers again: a reconnect, so hello again (pad-protocol.md)
            self._lost = False
            self.sender.reconnected(now)
        if not self.sender.link_error:
            self.screen.set_link(LINK_OK)
        return msg

    def connected(self, now: int) -> None:
        """The transport is up (again): hello again, resend at once."""
        self.sender.reconnected(now)

    def disconnected(self) -> None:
        self._heard = False
        self._lost = False  # the transport says hello itself when it connects again
        self.screen.set_link(LINK_LOST)
