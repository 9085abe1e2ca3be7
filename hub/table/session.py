"""A session at the live table: the referee folded over the ledger's events.

`LiveSession` is the projection that the hub keeps in memory: the transcript so
far (hands with their actions) and the referee state of the hand in play. It is
rebuilt by `replay` from the ledger; each new event is first checked with
`check` (which changes nothing), committed to the ledger by the caller, then
applied with `apply`. Corrections are new events: ``undo`` takes back the last
action, never rewriting history.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from hub.referee.hand import Action, Event, HandState, Namer, decide, evolve, table_for
from hub.referee.transcript import (
    FORMAT,
    HandResult,
    HandSpec,
    check_named_table,
    check_seats,
    finish_hand,
    fit_table,
    hand_json,
    hand_json_in,
    parse_action,
    parse_deal,
    resolve_table_rules,
    start_hand,
)
from hub.rules.errors import IllegalPlay, Refusal, TranscriptError
from hub.rules.groups import GROUP_LANGS, describe_group
from hub.rules.options import Rules
from hub.rules.tiles import faces_in


@dataclass
class HandLog:
    banker: int | None
    term: int | None
    actions: list[Action] = field(default_factory=list)
    deal: tuple[int, ...] | None = None  # the tiles dealt, when the session was given them


class LiveSession:
    """The transcript of one session and the referee state of its hand in play."""

    def __init__(
        self,
        rules_source: Any,
        seats: list[str],
        banker: str,
        banker_term: int | None = None,
        deal: Any = None,
    ) -> None:
        """``deal`` is the first hand's deal as a transcript writes it (``{"E": ["6-6", ...]}``),
        or None: with it the first hand is refereed on its tiles, as `tiengow referee` does."""
        names = check_seats(seats)
        if banker not in names:
            raise TranscriptError(f"'banker' must be one of the seats {seats}, got {banker!r}")
        dealt = None if deal is None else parse_deal(deal, names, "hands[0].deal")
        first = HandSpec(names.index(banker), banker_term, dealt, ())
        if isinstance(rules_source, dict):
            check_named_table(rules_source, names, [first])
        rules = resolve_table_rules(rules_source, names, "session rules")
        rules = fit_table(rules, names, [first])  # a mainland deal of 9 or 10 sets the hand size
        self.rules: Rules = rules
        self.rules_source = rules_source
        self.seats = list(seats)
        self.names = Namer(self.seats)
        self.table = table_for(rules)
        self.hands: list[HandLog] = [HandLog(first.banker, banker_term, deal=dealt)]
        self.results: list[HandResult] = []
        self.ended = False
        self.state: HandState = self._start(0, self.hands[0])

    # -- the referee ------------------------------------------------------------------------
    def _start(self, index: int, log: HandLog) -> HandState:
        previous = self.results[index - 1] if index > 0 else None
        spec = HandSpec(log.banker, log.term, log.deal, ())
        return start_hand(self.rules, len(self.seats), index, spec, previous)

    def check(self, action: Action) -> Event:
        """The event ``action`` would be, or `IllegalPlay`; changes nothing."""
        if self.ended:
            raise IllegalPlay("the session has ended; start a new one", Refusal.SESSION_OVER)
        state = self.state
        if self.opens_hand(action):
            state = self._start(len(self.hands), HandLog(None, None))
        return decide(self.rules, self.table, state, action, self.names)

    def opens_hand(self, action: Action) -> bool:
        """Whether ``action`` is the first of the next hand: the first action after a finished
        hand opens the next one, except another seat's 例牌 after a hand that only 例牌 ended,
        before any lead: every 例牌 of a deal is declared before its first lead and precedence
        picks the winner among them (§E.9), as the referee does with the claims of one hand.
        A seat claims once in a deal, so its second claim is of the next deal."""
        st = self.state
        if not st.done:
            return False
        return not (
            action.kind == "declare"
            and st.claims
            and not st.started
            and all(c.seat != action.seat for c in st.claims)
        )

    def apply(self, action: Action) -> None:
        """Apply an action that `check` accepted."""
        if self.opens_hand(action):
            self.hands.append(HandLog(None, None))  # the winner of the last hand is banker
            self.state = self._start(len(self.hands) - 1, self.hands[-1])
        elif self.state.done:
            self.results.pop()  # one more 例牌 of the same deal: the hand is settled again
        event = decide(self.rules, self.table, self.state, action, self.names)
        self.state = evolve(self.rules, self.table, self.state, event)
        self.hands[-1].actions.append(action)
        if self.state.done:
            self.results.append(finish_hand(self.rules, self.state))

    def undo(self) -> Action:
        """Take back the last action (of the hand in play, or of the hand just finished)."""
        log = self.hands[-1]
        if not log.actions:
            raise IllegalPlay("there is nothing to undo", Refusal.NOTHING_TO_UNDO)
        action = log.actions.pop()
        if len(self.results) == len(self.hands):
            self.results.pop()  # the hand is open again
        if not log.actions and len(self.hands) > 1:
            self.hands.pop()  # back to the end of the previous hand
        index = len(self.hands) - 1
        state = self._start(index, self.hands[index])
        for a in self.hands[index].actions:
            state = evolve(
                self.rules, self.table, state, decide(self.rules, self.table, state, a, self.names)
            )
        if state.done and len(self.results) < len(self.hands):
            self.results.append(finish_hand(self.rules, state))  # an earlier 例牌 stands again
        self.state = state
        return action

    # -- views ------------------------------------------------------------------------------
    def totals(self) -> list[int]:
        totals = [0] * len(self.seats)
        for r in self.results:
            for s, v in enumerate(r.money(len(self.seats), "net")):
                totals[s] += v
        return totals

    def transcript(self) -> dict[str, Any]:
        hands = [hand_json_in(self.seats, h.banker, h.term, h.deal, h.actions) for h in self.hands]
        return {"format": FORMAT, "rules": self.rules_source, "seats": self.seats, "hands": hands}

    def hand_view(self) -> dict[str, Any]:
        """The hand in play (or the one just finished) for the scoreboard and pads."""
        st = self.state
        seats = self.seats
        index = len(self.hands) - 1
        view: dict[str, Any] = {
            "number": index + 1,
            "banker": seats[st.banker],
            "banker_term": st.term,
            "banker_factor": st.factor,
            "to_act": seats[st.to_act] if st.to_act >= 0 and not st.done else None,
            "leader": seats[st.trick[0].seat] if st.trick else None,
            "trick": [
                {
                    "seat": seats[p.seat],
                    "tiles": faces_in(p.mask) if p.face_up else None,
                    "face_down": 0 if p.face_up else p.n_tiles,
                    "group": describe_group(p.mask, self.table) if p.face_up else None,
                    "group_names": self._group_names(p.mask) if p.face_up else None,
                }
                for p in st.trick
            ],
            "tricks": [
                {
                    "leader": seats[t.leader],
                    "winner": seats[t.winner],
                    "size": t.size,
                    "win": faces_in(t.win),
                    "group_names": self._group_names(t.win),
                }
                for t in st.tricks
            ],
            "stacks": {seats[s]: st.stacks[s] for s in range(st.n)},
            "remaining": {seats[s]: st.counts[s] for s in range(st.n)},
            "forfeited": [seats[s] for s in range(st.n) if not st.active >> s & 1],
            "complete": st.done,
        }
        if st.done and self.results:
            view["result"] = self.result_json(self.results[-1])
        return view

    def _group_names(self, mask: int) -> dict[str, str]:
        """A face-up play's name in each page language (天九, Teen Gow ...): the pages say
        the group rules.md §B.3 names, not its tiles one by one."""
        return {lang: describe_group(mask, self.table, lang) for lang in GROUP_LANGS}

    def last_result(self) -> dict[str, Any] | None:
        return self.result_json(self.results[-1]) if self.results else None

    def result_json(self, result: HandResult) -> dict[str, Any]:
        """A hand's result for the pages: the result format, and for a 例牌 which one won
        (``li_pai``: its option name), since the format's finish says only ``li_pai``."""
        out = hand_json(result, tuple(self.seats))
        if "li_pai" in result.finish:
            out["li_pai"] = next(c.name for c in result.state.claims if c.seat == result.winner)
        return out


def replay(rows: Iterable[dict[str, Any]]) -> LiveSession | None:
    """Rebuild a session from its ledger payloads (``type`` included), in order."""
    session: LiveSession | None = None
    for row in rows:
        kind = row["type"]
        p = row["payload"]
        if kind == "session":
            session = LiveSession(
                p["rules"], p["seats"], p["banker"], p.get("banker_term"), p.get("deal")
            )
        elif session is None:
            raise TranscriptError(f"ledger: a {kind!r} event comes before the session started")
        elif kind == "event":
            session.apply(parse_action(p["event"], tuple(session.seats), "ledger"))
        elif kind == "undo":
            session.undo()
        elif kind == "end":
            session.ended = True
        # "refused" and other audit-only events change nothing
    return session


__all__ = ["HandLog", "LiveSession", "replay"]
