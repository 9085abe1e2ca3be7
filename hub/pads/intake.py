"""The hub's side of the seat pads, transport-free: de-duplication, acks, presence and `show`.

Transports (``hub.pads.serial_pads``, ``hub.pads.mqtt_pads``) decode frames and hand each pad
message to ``PadIntake.receive`` with a ``PadLink`` to answer on. The live table plugs in with:

* ``sink(PadEvent) -> None``: called once per (seat, boot, seq) for every ``btn`` and ``tile``,
  and must return only once the action is durably committed (or durably refused: an illegal play
  is a recorded outcome, not an exception). The pad is acked only after it returns. If it raises,
  nothing is acked and the pad resends, so the sink is called again with the same event. After
  a hub restart the intake's memory is gone: seed it with ``applied=PadLedger.applied()`` (or
  make the sink skip keys it already holds, e.g. with ``PadLedger.record_in``) so a copy that
  was committed but not yet acked before the restart is not applied twice.
* ``show(seat, lines, led, beep)``: the whole display state of a seat; kept and re-sent after a
  pad's hello and every reconnect (with ``beep`` 0, so a reconnect does not beep again).
* ``presence(seat)`` / ``on_presence``: online, last seen, fw/hw/caps from hello.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol

from hub.pads import protocol
from hub.pads.protocol import ProtocolError

if TYPE_CHECKING:
    from hub.pads.protocol import Message

log = logging.getLogger(__name__)

_REMEMBERED_BOOTS = 64  # (seat, boot) pairs whose last applied seq is kept in memory


@dataclass(frozen=True, slots=True)
class PadEvent:
    """One player action from a pad, applied once per ``key``."""

    seat: int
    boot: int
    seq: int
    kind: str  # protocol.BTN or protocol.TILE
    value: str  # the button (play, discard, undo, ok, forfeit, menu) or the tag uid (hex)
    transport: str  # "serial" or "mqtt"
    received_at: float  # wall-clock seconds

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.seat, self.boot, self.seq)


@dataclass(frozen=True, slots=True)
class PadPresence:
    """What the hub knows about the pad at one seat."""

    seat: int
    online: bool = False
    last_seen: float | None = None  # wall-clock seconds of the last intact message
    transport: str = ""
    boot: int | None = None
    fw: str = ""
    hw: str = ""
    caps: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ShowState:
    lines: tuple[str, ...] = ()
    led: str = "idle"
    beep: int = 0

    def message(self, seat: int, beep: int | None = None) -> Message:
        return protocol.show(seat, list(self.lines), self.led, self.beep if beep is None else beep)


class DropReport:
    """Dropped frames said in the log (pad-protocol.md: dropped and counted; the counts alone
    are seen by nobody): the first at once, then at most one line per ``every_s``, with how
    many were dropped since, so that a noisy cable cannot flood the log."""

    def __init__(
        self, where: str, every_s: float = 5.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.where = where
        self.every_s = every_s
        self._clock = clock
        self._since = 0  # dropped since the last line
        self._said_at: float | None = None
        self._lock = threading.Lock()

    def dropped(self, why: str) -> None:
        with self._lock:
            self._since += 1
            now = self._clock()
            if self._said_at is not None and now - self._said_at < self.every_s:
                return
            n, self._since, self._said_at = self._since, 0, now
        log.warning("%s: dropped %d frame(s); the last: %s", self.where, n, why)


def intact_envelope(data: bytes) -> Message | None:
    """The message in ``data`` when its pad -> hub envelope (``v``, ``seat``, ``t``, ``seq``,
    ``boot``) is good though ``protocol.decode`` refused another of its fields; else None
    (not JSON, another version, no seq: nothing can be acked)."""
    try:
        msg = json.loads(data)
    except ValueError:  # UnicodeDecodeError included
        return None
    if type(msg) is not dict or msg.get("t") in protocol.HUB_TYPES:
        return None
    envelope = {k: msg.get(k) for k in ("v", "seat", "seq", "boot")}
    try:  # a type it does not know needs seq and boot: the envelope is checked whole
        protocol.validate({**envelope, "t": "?"})
    except ProtocolError:
        return None
    return msg if type(msg.get("t")) is str and msg["t"] else None


class DuplicatePadEvent(Exception):
    """Raised by a sink whose durable store already holds the event's key (see
    ``PadLedger.record_in``): the intake then acks without counting it as applied. Raising it
    inside the sink's transaction also rolls that transaction back, so nothing is applied
    twice even when the intake's memory did not know the key."""


class PadLink(Protocol):
    """A transport's way back to one pad."""

    def send(self, msg: Message) -> None: ...


Sink = Callable[[PadEvent], None]
PresenceCallback = Callable[[PadPresence], None]


@dataclass
class IntakeStats:
    received: int = 0  # intact pad messages
    applied: int = 0  # events the sink committed
    duplicates: int = 0  # copies of messages already applied (acked again, not applied)
    acks: int = 0
    ignored: int = 0  # unknown message types (acked, not applied)
    malformed: int = 0  # intact envelope, a field unusable (acked, not applied, logged)
    sink_errors: int = 0  # sink raised: not acked, the pad resends
    by_type: dict[str, int] = field(default_factory=dict)


class PadIntake:
    """Applies each pad action once, acks it after the sink commits, keeps presence and shows."""

    def __init__(
        self,
        sink: Sink,
        *,
        table: str = "t1",
        seats: int = protocol.SEATS,
        on_presence: PresenceCallback | None = None,
        applied: dict[tuple[int, int], int] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if not protocol.is_table_id(table):
            raise ProtocolError(f"table id must be letters, digits and '-', got {table!r}")
        self.table = table
        self.seats = seats
        self._sink = sink
        self._on_presence = on_presence
        self._clock = clock
        # Two kinds of lock, never held the other way round: a seat's RLock serialises that
        # seat's messages (dedup, sink, ack); ``_state`` guards the shared tables for a moment
        # and is never held while calling out (sink, callbacks, transports). So a sink that
        # refreshes every seat's screen (show) cannot deadlock with another seat's sink.
        self._locks = [threading.RLock() for _ in range(seats)]
        self._state = threading.Lock()
        self._applied: dict[tuple[int, int], int] = dict(applied or {})
        self._presence = [PadPresence(seat) for seat in range(seats)]
        self._shows = [ShowState(("waiting for the table",), "idle", 0) for _ in range(seats)]
        self._links: list[PadLink | None] = [None] * seats
        self.stats = IntakeStats()

    # ---- for the live table -------------------------------------------------------------

    def show(self, seat: int, lines: list[str], led: str = "idle", beep: int = 0) -> None:
        """Set the complete display state of ``seat`` and push it to the pad if it is there.
        Safe from any thread, and from inside the sink or a presence callback."""
        state = ShowState(tuple(lines), led, beep)
        protocol.validate(state.message(self._seat(seat)))  # ProtocolError says what is wrong
        with self._state:
            self._shows[seat] = state
            link = self._links[seat]
        if link is not None:
            self._send(link, state.message(seat))

    def shown(self, seat: int) -> ShowState:
        return self._shows[self._seat(seat)]

    def presence(self, seat: int) -> PadPresence:
        return self._presence[self._seat(seat)]

    # ---- for transports -----------------------------------------------------------------

    def attach(self, seat: int, link: PadLink, transport: str) -> None:
        """A transport can reach ``seat`` (port opened, pad online): send it the display state."""
        with self._state:
            self._links[self._seat(seat)] = link
            changed = self._set_presence(seat, online=True, transport=transport)
            state = self._shows[seat]
        self._announce(changed)
        self._send(link, state.message(seat, beep=0))

    def detach(self, seat: int, link: PadLink | None = None) -> None:
        """The pad at ``seat`` went away (port closed, last will, silence)."""
        changed = None
        with self._state:
            if link is None or self._links[self._seat(seat)] is link:
                self._links[seat] = None
                changed = self._set_presence(seat, online=False)
        self._announce(changed)

    def receive(self, seat: int, msg: Message, link: PadLink, transport: str) -> None:
        """Handle one intact, validated pad -> hub message that arrived for ``seat``."""
        self._seat(seat)
        if msg["seat"] != seat:
            raise ProtocolError(f"message for seat {msg['seat']} arrived on seat {seat}'s link")
        kind: str = msg["t"]
        boot: int = msg["boot"]
        seq: int = msg["seq"]
        with self._locks[seat]:
            self._count("received", kind)
            now = self._clock()
            with self._state:
                was_linked = self._links[seat] is link
                self._links[seat] = link
                changed = self._set_presence(
                    seat, online=True, last_seen=now, transport=transport, boot=boot
                )
                if kind == protocol.HELLO:
                    caps = tuple(str(c) for c in msg["caps"])
                    fw = self._set_presence(seat, fw=msg["fw"], hw=msg["hw"], caps=caps)
                    changed = fw or (self._presence[seat] if changed else None)
                last = self._applied.get((seat, boot), 0)
            self._announce(changed)
            if seq <= last:
                self._count("duplicates")
            elif kind in (protocol.BTN, protocol.TILE):
                value = msg["b"] if kind == protocol.BTN else msg["uid"]
                event = PadEvent(seat, boot, seq, kind, value, transport, now)
                try:
                    self._sink(event)
                    self._count("applied")
                except DuplicatePadEvent:  # the sink's ledger already holds this key
                    self._count("duplicates")
                except Exception:
                    self._count("sink_errors")
                    log.exception("pad event %r was not recorded; the pad will resend it", event)
                    return
                self._remember(seat, boot, seq)
            else:
                if kind not in (protocol.HELLO, protocol.HB):
                    self._count("ignored")
                self._remember(seat, boot, seq)
            self._count("acks")
            self._send(link, protocol.ack(seat, boot, seq))
            if kind == protocol.HELLO or not was_linked:
                if kind == protocol.HELLO:
                    self._send(link, protocol.welcome(seat, self.table))
                self._send(link, self._shows[seat].message(seat, beep=0))

    def receive_malformed(
        self, seat: int, msg: Message, why: str, link: PadLink, transport: str
    ) -> None:
        """Handle a pad message that arrived intact, with a good envelope (see
        ``intact_envelope``), but a field this hub cannot use (``why``): a button it does not
        know, a uid that is not hex. pad-protocol.md acks every message received intact; this
        one is acked and ignored, as an unknown type is, so the pad moves on to its next
        message instead of resending this one for ever (one in flight per pad)."""
        self._seat(seat)
        if msg["seat"] != seat:
            raise ProtocolError(f"message for seat {msg['seat']} arrived on seat {seat}'s link")
        boot: int = msg["boot"]
        seq: int = msg["seq"]
        with self._locks[seat]:
            with self._state:
                fresh = seq > self._applied.get((seat, boot), 0)
            if fresh:  # said once, not again for each copy the pad resends
                self._count("malformed")
                self._remember(seat, boot, seq)
                log.warning(
                    "seat %d: ignored %s seq %d (boot %d) over %s: %s; acked, so the pad goes on",
                    seat, msg["t"], seq, boot, transport, why,
                )  # fmt: skip
            else:
                self._count("duplicates")
            self._count("acks")
            self._send(link, protocol.ack(seat, boot, seq))

    # ---- inside -------------------------------------------------------------------------

    def _count(self, name: str, kind: str | None = None) -> None:
        stats = self.stats
        with self._state:
            setattr(stats, name, getattr(stats, name) + 1)
            if kind is not None:
                stats.by_type[kind] = stats.by_type.get(kind, 0) + 1

    def _seat(self, seat: int) -> int:
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise ProtocolError(f"seat must be an integer 0..{self.seats - 1}, got {seat!r}")
        return seat

    def _remember(self, seat: int, boot: int, seq: int) -> None:
        with self._state:
            applied = self._applied
            applied.pop((seat, boot), None)  # re-insert: the order is least recent first
            applied[(seat, boot)] = seq
            if len(applied) > _REMEMBERED_BOOTS:
                del applied[next(iter(applied))]

    def _set_presence(self, seat: int, **changes: object) -> PadPresence | None:
        """Update (under ``_state``); the new presence if it is worth announcing."""
        old = self._presence[seat]
        new = replace(old, **changes)  # type: ignore[arg-type]
        self._presence[seat] = new
        if new.online != old.online or new.fw != old.fw or new.boot != old.boot:
            return new
        return None

    def _announce(self, presence: PadPresence | None) -> None:
        if presence is not None and self._on_presence is not None:
            try:
                self._on_presence(presence)
            except Exception:
                log.exception("presence callback failed for %r", presence)

    @staticmethod
    def _send(link: PadLink, msg: Message) -> None:
        try:
            link.send(msg)
        except OSError as exc:  # the transport notices and reconnects on its own
            log.warning("could not send %s to seat %s: %s", msg["t"], msg["seat"], exc)
