"""The table service: the one place where events are checked, committed and applied.

Every change goes the same way, whoever asks (HTTP API, operator, a pad, the
camera, the demo): parse → check against the referee (nothing changes if it is
illegal) → commit to the ledger → apply to the in-memory session → tell the
listeners (SSE stream, pads, MQTT state topic). Callers on other threads are
serialised by one lock.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

from hub.adapters.ledger import Ledger, LedgerError, Row
from hub.referee.hand import Action
from hub.referee.transcript import FORMAT, action_json, parse_action
from hub.rules.errors import IllegalPlay, Refusal, RulesError, TienGowError, TranscriptError
from hub.rules.explain import explain_items
from hub.rules.options import (
    MAX_WHOLE,
    Rules,
    load_rules,
    preset_names,
    resolve_rules,
    rules_json,
)
from hub.rules.tiles import faces_in
from hub.table.session import LiveSession, replay

Listener = Callable[[Row | None, dict[str, Any]], None]

FINISH_MULTIPLIER = {
    "yao_jie": "yao_jie_mult",
    "bao_zun": "bao_zun_mult",
    "qin_zun": "qin_zun_mult",
    "si_da_bao": "final_quad_mult",
    "qin": "qin_mult",
    "qi_zhi": "qi_zhi_mult",
    "ba_zhi": "ba_zhi_mult",
    "quan_ma": "quan_ma_mult",
}
"""Finish label (spec/transcript.md) -> the `Rules` option that holds its multiplier."""


def finish_multipliers(rules: Rules) -> dict[str, int]:
    """The multiplier of each finish label under ``rules`` (``{"ba_zhi": 4, ...}``)."""
    return {label: int(getattr(rules, option)) for label, option in FINISH_MULTIPLIER.items()}


def refusal_json(e: Exception) -> dict[str, Any]:
    """What ``e`` refuses, for a page to say in its own language: its `Refusal` ``kind``, its
    ``tiles`` as faces (``["6-6", "6-6"]``, as a trick's tiles are written) and its ``count``,
    and ``group_names`` when those tiles are one play (天對 / 天对 / Teen pair, as a trick's
    plays are named); an error that is no `IllegalPlay` (a malformed event) is a refusal of no
    known kind."""
    if not isinstance(e, IllegalPlay):
        return {"kind": str(Refusal.OTHER), "tiles": [], "count": 0}
    out = {"kind": str(e.kind), "tiles": faces_in(e.tiles), "count": e.count}
    return {**out, "group_names": e.group_names} if e.group_names else out


def refusal_notice(seat: str, e: Exception) -> dict[str, Any]:
    """The scoreboard's notice of a refusal of ``seat``: ``{"seat", "message"}``, the referee's
    sentence, with `refusal_json` beside it."""
    return {"seat": seat, "message": str(e), **refusal_json(e)}


def replay_ledger(ledger: Ledger, sid: int) -> LiveSession | None:
    """Session ``sid`` of ``ledger`` rebuilt from its events; `LedgerError` naming the file, the
    session and the event if they do not replay (rows written by hand, or by two hubs)."""
    at: list[Row] = []

    def payloads() -> Iterator[dict[str, Any]]:
        for r in ledger.events(sid):
            at[:] = [r]
            yield {"type": r.type, "payload": r.payload}

    try:
        return replay(payloads())
    except (TienGowError, KeyError, TypeError) as e:
        where = f"event {at[0].seq} ({at[0].type!r})" if at else "its events"
        raise LedgerError(
            f"ledger {ledger.path!r}: session {sid} does not replay at {where}: {e}"
        ) from None


class TableService:
    def __init__(
        self, ledger: Ledger, table_id: str = "t1", house_rules: str | dict[str, Any] = "hk"
    ) -> None:
        self.ledger = ledger
        self.table_id = table_id
        self.house_rules = house_rules  # a new session's rules when it names none (hub --rules)
        self.lock = threading.RLock()
        self.session: LiveSession | None = None
        self.session_id: int | None = None
        self.listeners: list[Listener] = []
        self.online: dict[int, bool] = {}
        self.notice: dict[str, Any] | None = None  # the last refusal at the table, if any
        self._resume()

    def _resume(self) -> None:
        """Reopen the latest session of the ledger exactly where it was."""
        sid = self.ledger.latest_session()
        if sid is None:
            return
        self.session = replay_ledger(self.ledger, sid)
        self.session_id = sid if self.session is not None else None

    # -- changes ----------------------------------------------------------------------------
    def start_session(self, body: Any, source: str) -> Row:
        """Start a session from a transcript with no events (rules, seats, first banker)."""
        if not isinstance(body, dict):
            raise TranscriptError(
                f"a session is a JSON object like a transcript with no events, got {body!r}"
            )
        if body.get("format", FORMAT) != FORMAT:
            raise TranscriptError(f"'format' is {body.get('format')!r}; expected {FORMAT!r}")
        hands = body.get("hands") or [{}]
        if not isinstance(hands, list):
            raise TranscriptError(f"'hands' must be a list, got {hands!r}")
        first = hands[0] if hands and isinstance(hands[0], dict) else {}
        if any(h.get("events") for h in hands if isinstance(h, dict)):
            raise TranscriptError("a new session starts with no events; post them to /api/events")
        seats = body.get("seats")
        banker = first.get("banker", body.get("banker"))
        term = first.get("banker_term")
        if term is not None and (
            not isinstance(term, int) or isinstance(term, bool) or not 1 <= term <= MAX_WHOLE
        ):
            raise TranscriptError(
                f"hands[0].banker_term: a whole number from 1 to {MAX_WHOLE} (1 = the banker's "
                f"first hand), got {term!r}"
            )
        deal = first.get("deal")  # optional, as in a transcript: then the hand is refereed on it
        rules = body.get("rules", self.house_rules)
        try:
            if isinstance(rules, str) and rules not in preset_names():
                # a club's .toml file: its options, as a transcript names rules, so neither
                # the ledger nor the exported transcript depends on a file of this machine
                rules = rules_json(load_rules(rules))
            session = LiveSession(rules, seats, banker, term, deal)  # type: ignore[arg-type]
        except RulesError as e:
            raise TranscriptError(str(e)) from None
        payload = {
            "rules": rules,
            "rules_resolved": session.rules.to_dict(),
            "seats": seats,
            "banker": banker,
        }
        if term is not None:
            payload["banker_term"] = term
        if deal is not None:
            payload["deal"] = deal
        with self.lock:
            row = self.ledger.new_session(self.table_id, payload, source)
            self.session, self.session_id = session, row.session_id
            self._notify(row)
        return row

    def _current(self) -> LiveSession:
        if self.session is None or self.session_id is None:
            raise IllegalPlay(
                "no session is running: start one first (POST /api/session)", Refusal.NO_SESSION
            )
        return self.session

    def submit(
        self,
        event: Any,
        source: str,
        *,
        frame_id: int | None = None,
        also: Callable[[Any], object] | None = None,
        record_refusal: bool = False,
    ) -> Row:
        """Check, commit and apply one transcript event (a dict) or `Action`.

        Raises `TranscriptError` for a malformed event and `IllegalPlay` for an
        illegal one; nothing changes then, except that with ``record_refusal``
        the refusal itself is recorded (with ``also``), for pads whose press must
        be acknowledged exactly once.
        """
        with self.lock:
            session = self._current()
            action = (
                event
                if isinstance(event, Action)
                else parse_action(event, tuple(session.seats), "event")
            )
            written = action_json(action, session.seats)
            try:
                session.check(action)
            except IllegalPlay as e:
                if record_refusal:
                    self.ledger.append(
                        self.session_id or 0, "refused", {"event": written, "message": str(e)},
                        source, action.seat, frame_id, also,
                    )  # fmt: skip
                raise
            hand = len(session.hands) if session.opens_hand(action) else len(session.hands) - 1
            row = self.ledger.append(
                self.session_id or 0,
                "event",
                {"hand": hand, "event": written},
                source,
                action.seat,
                frame_id,
                also,
            )
            session.apply(action)
            self.notice = None  # an accepted event supersedes the last refusal
            self._notify(row)
            return row

    def undo(
        self, source: str, reason: str = "", also: Callable[[Any], object] | None = None
    ) -> Row:
        """A correction: take back the last action (recorded as an event of its own)."""
        with self.lock:
            session = self._current()
            if session.ended:  # its totals are final: nothing could be entered again after
                raise IllegalPlay(
                    "the session has ended, so its actions stand; start a new one",
                    Refusal.SESSION_OVER,
                )
            if not any(h.actions for h in session.hands):
                raise IllegalPlay("there is nothing to undo", Refusal.NOTHING_TO_UNDO)
            last = session.hands[-1].actions[-1]
            row = self.ledger.append(
                self.session_id or 0,
                "undo",
                {"undone": action_json(last, session.seats), "reason": reason},
                source,
                also=also,
            )
            session.undo()
            self._notify(row)
            return row

    def end_session(self, source: str) -> Row:
        with self.lock:
            session = self._current()
            if session.ended:
                raise IllegalPlay(
                    "the session has already ended; start a new one", Refusal.SESSION_OVER
                )
            row = self.ledger.append(self.session_id or 0, "end", {}, source)
            session.ended = True
            self._notify(row)
            return row

    def set_notice(self, notice: dict[str, Any] | None) -> None:
        """Show (or clear, with None) a refusal on the scoreboard: ``{"seat", "message"}`` and,
        for a seat's refusal, ``kind``, ``tiles`` and ``count`` (`refusal_notice`); a notice
        with no seat (the camera's trouble) is shown as it is."""
        with self.lock:
            if notice == self.notice:
                return
            self.notice = notice
            self._notify(None)

    def set_online(self, seat: int, online: bool) -> None:
        with self.lock:
            if self.online.get(seat) == online:
                return
            self.online[seat] = online
            self._notify(None)

    # -- views ------------------------------------------------------------------------------
    def _notify(self, row: Row | None) -> None:
        snapshot = self.state()
        for listener in list(self.listeners):
            listener(row, snapshot)

    def state(self) -> dict[str, Any]:
        """``GET /api/state``: the table now."""
        with self.lock:
            s = self.session
            # the pads' presence, whether or not a session runs (seat = pad seat 0-3)
            pads = [{"seat": i, "online": self.online.get(i, False)} for i in range(4)]
            if s is None:
                return {"table": self.table_id, "session": None, "rules": None, "seats": [], "hand": None,
                        "notice": self.notice, "pads": pads, "last_event_id": self.ledger.last_event_id()}  # fmt: skip
            totals = s.totals()
            return {
                "table": self.table_id,
                "session": self.session_id,
                "ended": s.ended,
                "rules": rules_json(s.rules),
                "seats": [
                    {
                        "seat": i,
                        "name": name,
                        "online": self.online.get(i, False),
                        "score": totals[i],
                    }
                    for i, name in enumerate(s.seats)
                ],
                "hand": s.hand_view(),
                "hands_played": len(s.results),
                "multipliers": finish_multipliers(s.rules),
                "notice": self.notice,
                "pads": pads,
                "last_event_id": self.ledger.last_event_id(),
            }

    def hands(self) -> dict[str, Any]:
        """The finished hands of the session in the result format, with running totals."""
        with self.lock:
            s = self.session
            if s is None:
                return {"seats": [], "hands": [], "totals": []}
            out, running = [], [0] * len(s.seats)
            for r in s.results:
                for i, v in enumerate(r.money(len(s.seats), "net")):
                    running[i] += v
                out.append(
                    {
                        **s.result_json(r),
                        "running": dict(zip(s.seats, running, strict=True)),
                    }
                )
            return {
                "seats": s.seats,
                "hands": out,
                "totals": dict(zip(s.seats, running, strict=True)),
            }

    def rules_in_force(self) -> Rules:
        """The session's rules, or with no session the hub's house rules (``hub --rules``)."""
        return self.session.rules if self.session else resolve_rules(self.house_rules)

    def rules_text(self, lang: str) -> dict[str, Any]:
        """The house rules in force, one line per option (``tiengow rules``)."""
        rules = self.rules_in_force()
        return {"lang": lang, "rules": rules_json(rules),
                "lines": [{"option": k, "text": t} for k, t in explain_items(rules, lang)]}  # fmt: skip

    def transcript(self) -> dict[str, Any]:
        with self.lock:
            if self.session is None:
                raise IllegalPlay("no session is running", Refusal.NO_SESSION)
            return self.session.transcript()
