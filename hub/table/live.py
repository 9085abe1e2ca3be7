"""The live table: what the camera sees and what the pads press become refereed events.

* A **play** is the tiles the camera sees face up in the seat's play zone,
  confirmed by that seat's ``play`` press (or, if the table sets
  ``auto_confirm_s``, by the tiles staying there that long).
* A **discard** is a ``discard`` press plus the face-down tiles the camera
  counts in that zone (without a camera: as many as were led).
* A read below the confidence threshold is not guessed: the pad asks
  "Play 6-6+6-3?" / "OK/UNDO" (two lines) and waits for ``ok`` or ``undo``.
* ``undo`` takes back the seat's own last action while the next seat has not
  acted yet; an illegal play is refused with the referee's reason on the
  scoreboard and a short one, from the refusal's kind, on the pad.

What a pad shows is printable ASCII, 4 lines of at most 21 characters (hub/table/padtext.py):
its 8x8 font has no Chinese, so seats are called by the ASCII part of their names or "Seat N".

Each pad press is handled exactly once: the pad's key is written in the same
ledger transaction as the event it causes (or as the recorded refusal), through
the ``also`` callback that the pad intake passes in.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hub.adapters.ledger import Row
from hub.rules.errors import IllegalPlay, Refusal, TranscriptError
from hub.rules.tiles import format_mask
from hub.table.padtext import LINE, ascii_line, pad_names, refusal_lines, refusal_text
from hub.table.service import TableService, refusal_notice

log = logging.getLogger("tiengow.live")

ShowFn = Callable[[int, list[str], str, int], None]  # seat, lines, led, beep
Also = Callable[[Any], object] | None


@dataclass(frozen=True, slots=True)
class ZoneView:
    """A seat's play zone as the camera settled on it."""

    seat: int
    faces: tuple[str, ...]  # face-up tiles, H-L
    face_down: int
    confidence: float  # the lowest confidence among the faces read (1.0 if none)
    t: float
    frame_id: int | None = None


@dataclass(frozen=True, slots=True)
class LiveSettings:
    confidence: float = 0.9
    auto_confirm_s: float = 0.0  # 0: a play waits for its seat's `play` press
    camera: bool = True  # False: plays come from the API only, discards are counted by the lead
    seats: int = 4  # pads at the table: those shown before a session names its players


@dataclass(slots=True)
class _Pending:
    faces: tuple[str, ...]
    frame_id: int | None


class Ticker:
    """Calls `LiveTable.tick` on a thread of its own, so a table that sets ``auto_confirm_s``
    confirms a settled play with no press and no other event to wake it."""

    def __init__(self, live: LiveTable) -> None:
        # a play is confirmed at most this late after its interval (0.1 s, or less for
        # an interval shorter than 0.4 s)
        self.every = max(0.01, min(0.1, live.settings.auto_confirm_s / 4))
        self.live = live
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> Ticker:
        self._thread = threading.Thread(target=self.run, name="auto-confirm", daemon=True)
        self._thread.start()
        return self

    def run(self) -> None:
        while not self._stop.wait(self.every):
            try:
                self.live.tick()
            except Exception:  # (a ledger that failed once): the next tick tries again
                log.exception("auto-confirm")

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)


class LiveTable:
    def __init__(
        self,
        service: TableService,
        settings: LiveSettings,
        show: ShowFn | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.service = service
        self.settings = settings
        self.show_fn = show
        self.clock = clock
        self.lock = threading.RLock()
        self.zones: dict[int, ZoneView] = {}  # the last settled view of each seat's play zone
        self.played: dict[int, ZoneView] = {}  # the view each seat's last play used up
        self.seen_at: dict[int, float] = {}
        self.tried: dict[int, ZoneView] = {}  # the view of each seat last auto-confirmed
        self.pending: dict[int, _Pending] = {}
        self.settling: frozenset[int] = frozenset()  # seats whose zone changed, not yet settled
        self.waiting: set[int] = set()  # seats whose PLAY waits for their zone to settle
        self.messages: dict[int, tuple[str, str]] = {}  # seat -> (text, led)
        self.notice: dict[str, Any] | None = None  # the last refusal, for the scoreboard
        self.screens: dict[int, tuple[list[str], str]] = {}  # seat -> what its pad shows
        self.beep_owed: set[int] = set()  # seats refused since their pad was last shown
        service.listeners.append(lambda row, snapshot: self._changed(row))

    # -- inputs -----------------------------------------------------------------------------
    def on_zone(self, view: ZoneView) -> None:
        with self.lock:
            self.zones[view.seat] = view
            self.played.pop(view.seat, None)
            self.seen_at[view.seat] = self.clock()  # the camera's clock may be a video's
            self.settling = self.settling - {view.seat}
            if view.seat in self.waiting:  # the press that waited for these tiles
                self.waiting.discard(view.seat)
                self._press_play(view.seat, None)
                return
            pending = self.pending.get(view.seat)
            if pending is not None and pending.faces != view.faces:
                # the pad asks about tiles no longer there: OK must not play them
                del self.pending[view.seat]
                self._tell(view.seat, "tiles moved: PLAY", "")

    def on_settling(self, seats: frozenset[int]) -> None:
        """The camera's word on which seats' zones show something new that has not settled yet
        (their last view is of tiles no longer there); a press that waited on a zone that is
        still again, with nothing new to report, plays the view it has."""
        with self.lock:
            self.settling = seats
            for seat in sorted(self.waiting - seats):
                self.waiting.discard(seat)
                self._press_play(seat, None)

    def on_press(self, seat: int, button: str, also: Also = None) -> None:
        """A pad press (the pad intake's sink): returns once its outcome is durably recorded."""
        with self.lock:
            session = self.service.session
            if session is not None and not 0 <= seat < len(session.seats):
                # the pad of an empty seat (three players at a four-seat mat): no one's action,
                # so neither a refusal on the scoreboard nor a row in the ledger
                return
            handler = {
                "play": self._press_play,
                "discard": self._press_discard,
                "ok": self._press_ok,
                "undo": self._press_undo,
                "forfeit": self._press_forfeit,
            }.get(button)
            if handler is None:  # menu and future buttons: nothing to record
                self.refresh()
                return
            handler(seat, also)

    def tick(self) -> None:
        """Confirm a settled play automatically when the table allows it."""
        if self.settings.auto_confirm_s <= 0:
            return
        with self.lock:
            seat = self._to_act()
            view = self.zones.get(seat) if seat is not None else None
            if view is None or seat is None or seat in self.pending or view is self.tried.get(seat):
                return
            if self.clock() - self.seen_at.get(seat, self.clock()) < self.settings.auto_confirm_s:
                return
            # once: a view refused is not tried (nor its pad beeped) again at every tick
            self.tried[seat] = view
            if view.faces and view.confidence >= self.settings.confidence:
                self._submit(seat, {"play": list(view.faces)}, "camera", view.frame_id, None)
            elif view.faces:  # in doubt: asked, as a press would be, not waited on in silence
                self._ask(seat, view)
            elif not view.faces and view.face_down and view.face_down == self._trick_size():
                self._submit(seat, {"discard": view.face_down}, "camera", view.frame_id, None)

    # -- presses ----------------------------------------------------------------------------
    def _press_play(self, seat: int, also: Also) -> None:
        view = self.zones.get(seat)
        if not self.settings.camera:
            self._refuse(seat, "no camera: the operator enters plays", Refusal.NO_CAMERA, also)
            return
        if seat in self.settling:
            # the tiles were just changed (a swap, then a press at once): the last view is of
            # tiles no longer there, so the press waits for the camera to settle on these
            self.waiting.add(seat)
            self._tell(seat, "reading the tiles...", "turn")
            self._record_only(seat, also, "pressed", {"button": "play", "note": "waits to settle"})
            return
        if view is None and self._has_just_played(seat):
            # a press after the auto-confirm, or a second press: those tiles are in already
            self._tell(seat, "played already", "")
            self._record_only(seat, also, "pressed", {"button": "play", "note": "played already"})
            return
        if view is None or not view.faces:
            self._refuse(seat, "no tiles seen in your play zone", Refusal.NO_TILES_SEEN, also)
            return
        if view.confidence < self.settings.confidence:
            self._ask(seat, view)
            self._record_only(seat, also, "confirm", {"faces": list(view.faces)})
            return
        self._submit(seat, {"play": list(view.faces)}, f"pad:{seat}", view.frame_id, also)

    def _has_just_played(self, seat: int) -> bool:
        """The tiles in the seat's zone are its play recorded, nothing new seen since, and the
        table waits for another seat (at the seat's own turn a press is for a new play, whose
        tiles are not seen yet: that stays a refusal)."""
        return seat in self.played and self._to_act() != seat

    def _ask(self, seat: int, view: ZoneView) -> None:
        """A read in doubt: the pad asks whether those are the tiles played (OK or UNDO)."""
        self.pending[seat] = _Pending(view.faces, view.frame_id)
        # two lines: four tiles fill one ("Play 6-6+6-6+5-5+5-5?"), the keys the other
        self._tell(seat, f"Play {'+'.join(view.faces)}?\nOK/UNDO", "turn")

    def _press_discard(self, seat: int, also: Also) -> None:
        view = self.zones.get(seat)
        count = (
            view.face_down if (self.settings.camera and view is not None) else self._trick_size()
        )
        if count == 0:
            count = self._trick_size()  # nothing counted yet: the discard is as many as were led
        self._submit(seat, {"discard": count}, f"pad:{seat}", view.frame_id if view else None, also)

    def _press_ok(self, seat: int, also: Also) -> None:
        pending = self.pending.pop(seat, None)
        if pending is None:
            self.refresh()
            return
        self._submit(seat, {"play": list(pending.faces)}, f"pad:{seat}", pending.frame_id, also)

    def _press_undo(self, seat: int, also: Also) -> None:
        if self.pending.pop(seat, None) is not None or seat in self.waiting:
            self.waiting.discard(seat)  # (a PLAY waiting for the tiles to settle: not played)
            self._tell(seat, "cancelled", "")  # the LED the seat's state gives (its turn)
            self._record_only(seat, also, "cancel", {})
            return
        session = self.service.session
        last = session.hands[-1].actions[-1] if session and session.hands[-1].actions else None
        if last is None or last.seat != seat:
            self._refuse(
                seat,
                "undo: only your own last action, before the next seat acts",
                Refusal.UNDO_NOT_YOURS,
                also,
            )
            return
        try:
            self.service.undo(f"pad:{seat}", "undo pressed", also=also)
        except IllegalPlay as e:
            self._refuse(seat, str(e), e.kind, also)
            return
        self._tell(seat, "undone", "turn")

    def _press_forfeit(self, seat: int, also: Also) -> None:
        self._submit(seat, {"forfeit": True}, f"pad:{seat}", None, also)

    # -- helpers ----------------------------------------------------------------------------
    def _seat_name(self, seat: int) -> str:
        session = self.service.session
        return session.seats[seat] if session and 0 <= seat < len(session.seats) else str(seat)

    def _submit(
        self, seat: int, action: dict[str, Any], source: str, frame_id: int | None, also: Also
    ) -> None:
        event = {"seat": self._seat_name(seat), **action}
        try:
            self.service.submit(
                event, source, frame_id=frame_id, also=also, record_refusal=also is not None
            )
        except (IllegalPlay, TranscriptError) as e:
            self.notice = {**refusal_notice(self._seat_name(seat), e), "event": event}
            self.service.set_notice(self.notice)
            self._tell(seat, "\n".join(refusal_lines(e)), "error")
            return
        self.messages.pop(seat, None)  # (its view is used up already: see `_changed`)
        self.notice = None

    def _refuse(self, seat: int, message: str, kind: Refusal, also: Also) -> None:
        """Refuse a press: ``message`` for the ledger and the scoreboard, ``kind`` for the pad."""
        self._record_only(seat, also, "refused", {"message": message})
        self.notice = refusal_notice(self._seat_name(seat), IllegalPlay(message, kind))
        self.service.set_notice(self.notice)
        self._tell(seat, "\n".join(refusal_text(kind)), "error")

    def _record_only(self, seat: int, also: Also, kind: str, payload: dict[str, Any]) -> None:
        """A press that changes no game state is still recorded, so it is applied once."""
        if also is None or self.service.session_id is None:
            return
        self.service.ledger.append(
            self.service.session_id, kind, payload, f"pad:{seat}", seat, None, also
        )

    def _tell(self, seat: int, text: str, led: str) -> None:
        """Show ``text`` on the seat's pad: one line, or two ("a\nb") in place of the best play."""
        self.messages[seat] = (text, led)
        if led == "error":
            self.beep_owed.add(seat)
        self.refresh()

    def _to_act(self) -> int | None:
        session = self.service.session
        if session is None or session.ended:
            return None
        st = session.state
        if st.done:
            return session.results[-1].winner  # the winner is the next banker and leads
        return st.to_act if st.to_act >= 0 else None

    def _trick_size(self) -> int:
        session = self.service.session
        if session is None or not session.state.trick:
            return 1
        return session.state.trick[0].n_tiles

    # -- what the pads show -----------------------------------------------------------------
    def screen(self, seat: int) -> tuple[list[str], str]:
        """The four OLED lines and the LED state for a seat."""
        session = self.service.session
        if session is None:
            return ["Tien Gow Table", "waiting for a", "session to start", ""], "idle"
        names = pad_names(session.seats)  # the pad's font is ASCII only
        name = names[seat] if seat < len(names) else f"Seat {seat}"
        score = session.totals()[seat] if seat < len(session.seats) else 0
        st = session.state
        to_act = self._to_act()
        led = "idle"
        if session.ended:
            status = "session over"
        elif st.done and session.results:
            winner = session.results[-1].winner
            status = "you won the hand" if winner == seat else f"{names[winner]} won the hand"
            if len(status) > LINE:
                status = f"{names[winner]} won"
            led = "win" if winner == seat else "idle"
        elif to_act == seat:
            status = (
                "YOUR TURN: lead" if not st.trick else f"YOUR TURN: {st.trick[0].n_tiles} tile(s)"
            )
            led = "turn"
        else:
            status = f"{names[to_act]} to play" if to_act is not None else ""
        best = ""
        if st.trick and 0 <= st.best < len(st.trick):
            b = st.trick[st.best]
            best = f"best {format_mask(b.mask)} {names[b.seat]}"
            if len(best) > LINE:  # four tiles: the tiles before the word
                best = f"{format_mask(b.mask)} {names[b.seat]}"
        message, mled = self.messages.get(seat, ("", ""))
        if "\n" in message:  # a message of two lines takes the place of the best play
            best, message = message.split("\n", 1)
        if mled:
            led = mled
        lines = [f"{name} {score:+d}", status, best, message]
        return [ascii_line(line) for line in lines], led

    def _changed(self, row: Row | None) -> None:
        """The service recorded a row (an event, an undo …) or changed a view (None)."""
        if row is not None:  # the game moved on: refusals on show are out of date, as the
            for seat, (_, led) in list(self.messages.items()):  # scoreboard's notice is
                if led == "error":
                    self.messages.pop(seat, None)
            if row.seat is not None and self.pending.pop(row.seat, None) is not None:
                self.messages.pop(row.seat, None)  # its question: the seat's action is in
            if row.type == "event" and row.seat is not None:
                # its action is in, whoever entered it (the operator too): the tiles the
                # camera saw are played, and a press before new ones are down must not
                # play them again (the next hand's lead of last trick's tiles)
                seen = self.zones.pop(row.seat, None)
                if seen is not None and "play" in row.payload.get("event", {}):
                    self.played[row.seat] = seen
                else:  # (a discard, a play entered unseen: no longer the seat's last play)
                    self.played.pop(row.seat, None)
            if row.type == "undo" and "play" in row.payload.get("undone", {}):
                self._unplay(row.payload["undone"].get("seat"))
        self.refresh()

    def _unplay(self, name: Any) -> None:
        """A play taken back: its tiles lie in the zone as they were seen, and the camera has
        nothing new to report of them, so they are the seat's view again (a PLAY press plays
        them; the auto-confirm does not, as the undo said 'not that')."""
        session = self.service.session
        seat = session.seats.index(name) if session and name in session.seats else None
        seen = self.played.pop(seat, None) if seat is not None else None
        if seat is None or seen is None or seat in self.zones:
            return
        self.zones[seat] = self.tried[seat] = seen
        self.seen_at[seat] = self.clock()

    def refresh(self) -> None:
        if self.show_fn is None:
            return
        session = self.service.session
        for seat in range(len(session.seats) if session else self.settings.seats):
            lines, led = self.screen(seat)
            # the pad beeps when a turn begins and at every refusal; not again for each
            # change elsewhere at the table that leaves its display as it was (a pad coming
            # online, another seat's view), which would beep at the player to act all along,
            # or at the player refused as long as the refusal is on show
            changed = self.screens.get(seat) != (lines, led)
            self.screens[seat] = (lines, led)
            beep = seat in self.beep_owed or (led == "turn" and changed)
            self.beep_owed.discard(seat)
            self.show_fn(seat, lines, led, 1 if beep else 0)
