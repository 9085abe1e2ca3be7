"""Transcripts in, results out (spec/transcript.md).

`parse_transcript` turns JSON into checked actions, raising `TranscriptError`
for anything that is not a transcript at all. `referee` plays every hand
through `decide`/`evolve` and returns the result; the first illegal event
raises `RefereeError` with its position and a message a player understands.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from hub.referee.hand import (
    Action,
    HandState,
    Namer,
    decide,
    evolve,
    is_throw,
    new_hand,
    table_for,
)
from hub.rules.errors import IllegalPlay, RulesError, TienGowError, TranscriptError
from hub.rules.options import (
    LI_PAI_FIELDS,
    MAX_WHOLE,
    Direction,
    Rules,
    Variant,
    resolve_rules,
)
from hub.rules.scoring import (
    LastTrick,
    Payment,
    banker_factor,
    each_pays,
    finish,
    pair_factor,
    settle,
)
from hub.rules.tiles import FACES, N_TILES, TileError, allocate, faces_in, parse_face

FORMAT = "tiengow-transcript/1"
RESULT_FORMAT = "tiengow-result/1"
_SEATS_EG = 'such as ["E", "S", "W", "N"]'
LI_PAI_BASE = 5  # a 例牌 is settled as if every other player had no stack (§E.9)


class RefereeError(TienGowError):
    """The first illegal event of a transcript: where it is and why."""

    def __init__(self, hand: int, event: int, message: str) -> None:
        super().__init__(message)
        self.hand = hand
        self.event = event
        self.message = message

    def to_json(self) -> dict[str, Any]:
        return {"error": {"hand": self.hand, "event": self.event, "message": self.message}}


@dataclass(frozen=True, slots=True)
class HandSpec:
    banker: int | None
    term: int | None
    deal: tuple[int, ...] | None
    actions: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class Transcript:
    rules: Rules
    rules_source: Any  # as written, for writing the transcript back
    seats: tuple[str, ...]
    hands: tuple[HandSpec, ...]


# -- parsing ----------------------------------------------------------------------------------


def _faces(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not value:
        raise TranscriptError(
            f'{where}: expected a non-empty list of tiles such as ["6-6", "5-4"], got {value!r}'
        )
    out = []
    for i, v in enumerate(value):
        if not isinstance(v, str):
            raise TranscriptError(f'{where}[{i}]: a tile is a string such as "6-6", got {v!r}')
        try:
            out.append(parse_face(v))
        except TileError as e:
            raise TranscriptError(f"{where}[{i}]: {e}") from None
    return tuple(out)


def parse_action(ev: Any, seats: tuple[str, ...], where: str) -> Action:
    """One transcript event as an `Action`; `TranscriptError` if malformed."""
    if not isinstance(ev, Mapping):
        raise TranscriptError(
            f'{where}: an event is an object such as {{"seat": "E", "play": ["6-6"]}}, got {ev!r}'
        )
    _require(ev, "seat", where, f"the player who acts, one of {', '.join(map(repr, seats))}")
    name = ev["seat"]
    if name not in seats:
        raise TranscriptError(
            f"{where}: unknown seat {name!r}; seats are {', '.join(map(repr, seats))}"
        )
    seat = seats.index(name)
    keys = [k for k in ev if k != "seat" and not (k == "tiles" and "declare" in ev)]
    if len(keys) != 1:
        raise TranscriptError(
            f"{where}: an event has exactly one action (play, discard, declare, forfeit, dice) "
            f"besides 'seat', got {keys!r}"
        )
    key = keys[0]
    value = ev[key]
    if key == "play":
        return Action(seat, "play", faces=_faces(value, f"{where}.play"))
    if key == "discard":
        if isinstance(value, int) and not isinstance(value, bool):
            if value < 1:
                raise TranscriptError(
                    f"{where}.discard: a count of tiles is at least 1, got {value}"
                )
            return Action(seat, "discard", n_tiles=value)
        if not isinstance(value, list):  # neither form: say both
            raise TranscriptError(
                f'{where}.discard: expected the tiles discarded, a list such as ["6-6"], or their '
                f"count, a whole number ≥ 1; got {value!r}"
            )
        return Action(seat, "discard", faces=_faces(value, f"{where}.discard"))
    if key == "declare":
        if not isinstance(value, str):
            raise TranscriptError(
                f'{where}.declare: expected a 例牌 name such as "quan_bai", got {value!r}'
            )
        shown = _faces(ev["tiles"], f"{where}.tiles") if "tiles" in ev else ()
        return Action(seat, "declare", faces=shown, name=value)
    if key == "forfeit":
        if value is not True:
            raise TranscriptError(f"{where}.forfeit: expected true, got {value!r}")
        return Action(seat, "forfeit")
    if key == "dice":
        if not isinstance(value, list) or not all(
            isinstance(d, int) and not isinstance(d, bool) for d in value
        ):
            raise TranscriptError(
                f"{where}.dice: expected two numbers such as [3, 5], got {value!r}"
            )
        return Action(seat, "dice", dice=tuple(value))
    raise TranscriptError(
        f"{where}: unknown action {key!r}; known: play, discard, declare, forfeit, dice"
    )


def _transcript_action(ev: Any, seats: tuple[str, ...], where: str) -> Action:
    """`parse_action`, with values outside the format refused as not a transcript: dice [1, 7]
    or three dice are no throw, a claim of 'tian_hu' no 例牌, as 7-7 is no tile (interfaces.md:
    exit 2). The live table keeps them for `decide`, whose refusals (BAD_DICE, DECLARE) the
    operator's page says in its words."""
    action = parse_action(ev, seats, where)
    if action.kind == "dice" and not is_throw(action.dice):
        raise TranscriptError(
            f"{where}.dice: two dice, each showing 1 to 6 such as [3, 5]; got {list(action.dice)!r}"
        )
    if action.kind == "declare" and action.name not in LI_PAI_FIELDS:
        raise TranscriptError(
            f"{where}.declare: {action.name!r} is no 例牌; the 例牌 are {', '.join(LI_PAI_FIELDS)}"
        )
    return action


def _require(data: Mapping[str, Any], key: str, where: str, holds: str) -> None:
    """A required field is there; else say which is missing and what it holds, not None."""
    if key not in data:
        raise TranscriptError(f"{where + ': ' if where else ''}{key!r} is missing: {holds}")


def parse_deal(value: Any, seats: tuple[str, ...], where: str) -> tuple[int, ...]:
    if not isinstance(value, Mapping):
        raise TranscriptError(f"{where}: a deal maps every seat to its tiles, got {value!r}")
    missing = [s for s in seats if s not in value]
    extra = [s for s in value if s not in seats]
    if missing or extra:
        raise TranscriptError(
            f"{where}: the deal must name exactly the seats {list(seats)}; "
            f"missing {missing}, unknown {extra}"
        )
    taken = 0
    hands = []
    sizes = set()
    for s in seats:
        mask = 0
        faces = _faces(value[s], f"{where}.{s}")
        for f in faces:
            t = allocate(f, taken)
            if t < 0:
                raise TranscriptError(
                    f"{where}.{s}: {FACES[f].text} is dealt more often than the set has copies "
                    f"({FACES[f].copies})"
                )
            taken |= 1 << t
            mask |= 1 << t
        hands.append(mask)
        sizes.add(len(faces))
    if len(sizes) != 1:
        raise TranscriptError(
            f"{where}: every seat is dealt the same number of tiles, got {sorted(sizes)}"
        )
    return tuple(hands)


def check_seats(seats: Any) -> tuple[str, ...]:
    """The players' names in playing order, or `TranscriptError` saying what is wrong."""
    if not isinstance(seats, list) or not all(isinstance(s, str) and s for s in seats):
        raise TranscriptError(f"'seats' must be a list of player names, got {seats!r}")
    if len(set(seats)) != len(seats) or not 2 <= len(seats) <= 4:
        raise TranscriptError(f"'seats' must be 2 to 4 different names, got {seats!r}")
    return tuple(seats)


def parse_transcript(data: Any, rules_override: Rules | None = None) -> Transcript:
    if not isinstance(data, Mapping):
        raise TranscriptError(
            f"a transcript is a JSON object with format {FORMAT!r}, got {type(data).__name__}"
        )
    _require(data, "format", "", f'a transcript starts with "format": "{FORMAT}"')
    if data.get("format") != FORMAT:
        raise TranscriptError(f"'format' is {data.get('format')!r}; expected {FORMAT!r}")
    _require(data, "seats", "", f"the players' names in playing order, 2 to 4 of them, {_SEATS_EG}")
    seats_t = check_seats(data.get("seats"))
    if "rules" not in data and rules_override is None:
        raise TranscriptError(
            "'rules' is missing: name a preset (hk, mainland, culin1893) or give an object"
        )
    written = data.get("rules")
    try:
        rules = rules_override or resolve_table_rules(written, seats_t, "transcript rules")
    except RulesError as e:
        raise TranscriptError(str(e)) from None
    _require(data, "hands", "", 'a list of hands, each such as {"banker": "E", "events": [...]}')
    hands_data = data.get("hands")
    if not isinstance(hands_data, list):
        raise TranscriptError(f"'hands' must be a list, got {hands_data!r}")
    hands = []
    for i, h in enumerate(hands_data):
        where = f"hands[{i}]"
        if not isinstance(h, Mapping):
            raise TranscriptError(f"{where}: a hand is an object with 'events', got {h!r}")
        banker = h.get("banker")
        if banker is None and i == 0:
            raise TranscriptError(f"{where}: the first hand must name its 'banker'")
        if banker is not None and banker not in seats_t:
            raise TranscriptError(
                f"{where}.banker: unknown seat {banker!r}; seats are {list(seats_t)}"
            )
        term = h.get("banker_term")
        if term is not None and (
            not isinstance(term, int) or isinstance(term, bool) or not 1 <= term <= MAX_WHOLE
        ):
            raise TranscriptError(
                f"{where}.banker_term: a whole number from 1 to {MAX_WHOLE}, got {term!r}"
            )
        deal = (
            parse_deal(h["deal"], seats_t, f"{where}.deal") if h.get("deal") is not None else None
        )
        _require(
            h,
            "events",
            where,
            "the hand's actions in order, a list (empty before the first action)",
        )
        events = h.get("events")
        if not isinstance(events, list):
            raise TranscriptError(f"{where}.events: must be a list, got {events!r}")
        actions = tuple(
            _transcript_action(ev, seats_t, f"{where}.events[{j}]") for j, ev in enumerate(events)
        )
        hands.append(
            HandSpec(None if banker is None else seats_t.index(banker), term, deal, actions)
        )
    if isinstance(written, Mapping) and rules_override is None:
        check_named_table(written, seats_t, hands)
    rules = fit_table(rules, seats_t, hands)
    return Transcript(rules, data.get("rules"), seats_t, tuple(hands))


def resolve_table_rules(written: Any, seats: tuple[str, ...], source: str) -> Rules:
    """The rules a transcript or a new session names, for a table of ``len(seats)``."""
    if isinstance(written, Mapping) and "players" not in written:
        # the seats say how many play: a mainland table of three naming its hand size alone
        # is not checked as one of four
        written = {**written, "players": len(seats)}
    return resolve_rules(written, source)


def check_named_table(
    written: Mapping[str, Any], seats: tuple[str, ...], hands: list[HandSpec]
) -> None:
    """A rules object that names its hand size must agree with the deals: the table is then
    what the club said (a 9-tile hand settles on base 5, an 8-tile one on 4, §N.6), not
    silently what the deal shows. Its players are fitted to the seats, not checked: rules
    written out from a club's file (rules_json, a hub's --rules) name players = 4 for a
    mainland table of any size."""
    size = written.get("hand_size")
    for i, h in enumerate(hands):
        if size is not None and h.deal is not None and h.deal[0].bit_count() != size:
            raise TranscriptError(
                f"hands[{i}].deal: {h.deal[0].bit_count()} tiles each, but the rules name "
                f"hand_size={size!r}; deal {size} tiles to every seat"
            )


def fit_table(rules: Rules, seats: tuple[str, ...], hands: list[HandSpec]) -> Rules:
    """The rules for this many players, taking the hand size from a deal (mainland)."""
    n = len(seats)
    size = next((h.deal[0].bit_count() for h in hands if h.deal is not None), rules.hand_size)
    if rules.variant is not Variant.MAINLAND:
        if n != 4 or size != 8:
            raise TranscriptError(
                f"{n} seats with {size} tiles each: the {str(rules.variant)!r} game is played by 4 "
                f"players with 8 tiles; 2-3 players or 9-10 tiles are the mainland game"
            )
        return rules
    if size not in (8, 9, 10) or n * size > N_TILES or (n == 4 and size != 8):
        raise TranscriptError(
            f"{n} seats with {size} tiles each is not a mainland table: 2 or 3 players take 8, 9 or 10 "
            f"tiles, 4 players take 8"
        )
    for i, h in enumerate(hands):
        if h.deal is not None and h.deal[0].bit_count() != size:
            raise TranscriptError(
                f"hands[{i}].deal: {h.deal[0].bit_count()} tiles each; this session deals {size}"
            )
    if rules.players == n and rules.hand_size == size:
        return rules
    return dataclasses.replace(rules, players=n, hand_size=size)


# -- refereeing -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandResult:
    complete: bool
    banker: int
    term: int
    state: HandState
    winner: int = -1
    finish: tuple[str, ...] = ()
    settlement: tuple[Payment, ...] = ()
    bonuses: tuple[Payment, ...] = ()
    next_banker: int = -1
    next_term: int = 0
    bao: int = -1  # the seat that paid everyone's dues (包), or -1

    def money(self, n: int, which: str) -> list[int]:
        pays = {
            "settlement": self.settlement,
            "bonuses": self.bonuses,
            "net": (*self.bonuses, *self.settlement),
        }[which]
        out = [0] * n
        for p in pays:
            out[p.payer] -= p.amount
            out[p.receiver] += p.amount
        return out


def start_hand(
    rules: Rules, n: int, index: int, spec: HandSpec, previous: HandResult | None
) -> HandState:
    """The state of hand ``index`` before its first action: banker, term and factor resolved."""
    if spec.banker is not None:
        banker = spec.banker
    elif previous is not None and previous.complete:
        banker = previous.next_banker
    else:
        raise TranscriptError(
            f"hands[{index}]: no banker named and no finished hand before it to derive one"
        )
    if spec.term is not None:
        term = spec.term
    elif previous is None:
        term = 1
    else:
        term = previous.next_term if previous.next_banker == banker else 1
    factor = banker_factor(rules, term, index - (term - 1) <= 0)
    reverse = rules.direction is Direction.ALTERNATE and index % 2 == 1
    return new_hand(rules, n, banker, term, factor, spec.deal, reverse)


def finish_hand(rules: Rules, state: HandState) -> HandResult:
    """Settle a completed hand: winner, finish, payments, next banker (§C-§G)."""
    players = [s for s in state.order if state.active >> s & 1]
    if state.claims:
        return _finish_li_pai(rules, state)
    last = state.tricks[-1]
    winner = last.winner
    face_up_before = state.face_up
    for p in last.plays:
        if p.face_up:
            face_up_before &= ~p.mask
    fin = finish(
        rules,
        LastTrick(last.leader, winner, last.size, last.lead, last.lead_cls, last.win, last.win_cls),
        state.stacks[winner],
        face_up_before,
        state.banker,
        _banker_opening_lead(state),
    )
    settlement = settle(rules, players, winner, state.stacks, state.banker, state.factor, fin)
    if fin.zun_capture:
        settlement += each_pays(
            winner, players, rules.zun_capture_reward, "zun_capture", state.banker, 1, False
        )
    settlement += _forfeits(rules, state, winner)
    bonuses = list(state.bonuses)
    for leader, capturer in state.suspended_zun:
        if capturer != winner:  # the capturer did not 結: the 賀尊 stands (§F.6)
            bonuses += each_pays(
                leader,
                players,
                rules.zun_money,
                "he_zun",
                state.banker,
                state.factor,
                rules.zun_banker_mult,
            )
    return _result(state, winner, fin.labels, settlement, bonuses, fin.bao)


def _banker_opening_lead(state: HandState) -> int:
    """The banker's own first lead of the hand (§E.8 (a): "his opening lead"): the first trick's
    unless someone else led it (first_leader = heaven_holder, §I #4); 0 if he never led."""
    return next((t.lead for t in state.tricks if t.leader == state.banker), 0)


def _finish_li_pai(rules: Rules, state: HandState) -> HandResult:
    ranked = sorted(
        state.claims,
        key=lambda c: (
            c.seat != state.banker,
            (state.order.index(c.seat) - state.order.index(state.banker)) % state.n,
        ),
    )
    claim = ranked[0]
    settlement = [
        Payment(
            s,
            claim.seat,
            LI_PAI_BASE
            * claim.value
            * pair_factor(s, claim.seat, state.banker, state.factor, True),
            "li_pai",
        )
        for s in state.order
        if s != claim.seat and state.active >> s & 1
    ]
    settlement += _forfeits(rules, state, claim.seat)
    return _result(state, claim.seat, ("li_pai",), settlement, list(state.bonuses))


def _forfeits(rules: Rules, state: HandState, winner: int) -> list[Payment]:
    """Every seat that forfeited pays the hand's winner (§F.4, §N.6)."""
    return [
        Payment(s, winner, rules.forfeit_payment, "forfeit")
        for s in range(state.n)
        if not state.active >> s & 1
    ]


def _result(
    state: HandState,
    winner: int,
    labels: tuple[str, ...],
    settlement: list[Payment],
    bonuses: list[Payment],
    bao: int = -1,
) -> HandResult:
    next_term = state.term + 1 if winner == state.banker else 1
    return HandResult(
        complete=True,
        banker=state.banker,
        term=state.term,
        state=state,
        winner=winner,
        finish=labels,
        settlement=tuple(settlement),
        bonuses=tuple(bonuses),
        next_banker=winner,
        next_term=next_term,
        bao=bao,
    )


def referee(tr: Transcript) -> list[HandResult]:
    """Every hand's result; `RefereeError` at the first illegal event."""
    rules = tr.rules
    table = table_for(rules)
    name = Namer(tr.seats)
    n = len(tr.seats)
    results: list[HandResult] = []
    previous: HandResult | None = None
    for i, spec in enumerate(tr.hands):
        try:
            state = start_hand(rules, n, i, spec, previous)
        except TranscriptError as e:
            raise RefereeError(i, 0, str(e)) from None
        for j, action in enumerate(spec.actions):
            try:
                state = evolve(rules, table, state, decide(rules, table, state, action, name))
            except IllegalPlay as e:
                raise RefereeError(i, j, str(e)) from None
        if state.done:
            previous = finish_hand(rules, state)
        elif i == len(tr.hands) - 1:
            previous = HandResult(False, state.banker, state.term, state)
        else:
            raise RefereeError(
                i,
                len(spec.actions),
                f"hand {i} stops after {len(spec.actions)} events with tiles still in hand: only the "
                f"last hand of a session may be unfinished",
            )
        results.append(previous)
    return results


# -- output -----------------------------------------------------------------------------------


def action_json(action: Action, seats: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """An action as a transcript event (tiles written H-L)."""
    ev: dict[str, Any] = {"seat": seats[action.seat]}
    if action.kind == "declare":
        ev["declare"] = action.name
        if action.faces:
            ev["tiles"] = [FACES[f].text for f in action.faces]
    elif action.kind == "forfeit":
        ev["forfeit"] = True
    elif action.kind == "dice":
        ev["dice"] = list(action.dice)
    elif action.mask >= 0:
        ev[action.kind] = faces_in(action.mask)
    elif action.faces:
        ev[action.kind] = [FACES[f].text for f in action.faces]
    else:
        ev[action.kind] = action.n_tiles
    return ev


def hand_json_in(
    seats: tuple[str, ...] | list[str],
    banker: int | None,
    term: int | None,
    deal: tuple[int, ...] | None,
    actions: Iterable[Action],
) -> dict[str, Any]:
    """One hand of a transcript: banker and term when given, the deal when known, the events."""
    h: dict[str, Any] = {}
    if banker is not None:
        h["banker"] = seats[banker]
    if term is not None:
        h["banker_term"] = term
    if deal is not None:
        h["deal"] = {seats[s]: faces_in(m) for s, m in enumerate(deal)}
    h["events"] = [action_json(a, seats) for a in actions]
    return h


def transcript_json(tr: Transcript) -> dict[str, Any]:
    """A parsed transcript written back in the transcript format."""
    hands = [hand_json_in(tr.seats, h.banker, h.term, h.deal, h.actions) for h in tr.hands]
    return {"format": FORMAT, "rules": tr.rules_source, "seats": list(tr.seats), "hands": hands}


def hand_json(result: HandResult, seats: tuple[str, ...]) -> dict[str, Any]:
    st = result.state
    out: dict[str, Any] = {
        "complete": result.complete,
        "banker": seats[result.banker],
        "banker_term": result.term,
        "tricks": [
            {"leader": seats[t.leader], "winner": seats[t.winner], "size": t.size}
            for t in st.tricks
        ],
        "stacks": {seats[s]: st.stacks[s] for s in range(st.n)},
    }
    if st.residual:  # advisory: did a lead after the residual-tile dice follow them (§F.5)?
        out["residual_dice"] = [
            {
                "seat": seats[seat],
                "dice": list(st.dice[throw - 1][1]),
                "system": ("gong", "za", "yao")[system],
                "followed": followed,
            }
            for seat, throw, system, followed in st.residual
        ]
    if not result.complete:
        return out
    n = st.n
    out["winner"] = seats[result.winner]
    out["finish"] = list(result.finish)
    for key in ("settlement", "bonuses", "net"):
        vec = result.money(n, key)
        out[key] = {seats[s]: vec[s] for s in range(n)}
    out["payments"] = [
        {"from": seats[p.payer], "to": seats[p.receiver], "amount": p.amount, "reason": p.reason}
        for p in (*result.bonuses, *result.settlement)
    ]
    out["next_banker"] = seats[result.next_banker]
    out["next_banker_term"] = result.next_term
    return out


def result_json(results: list[HandResult], seats: tuple[str, ...]) -> dict[str, Any]:
    totals = [0] * len(seats)
    for r in results:
        if r.complete:
            for s, v in enumerate(r.money(len(seats), "net")):
                totals[s] += v
    return {
        "format": RESULT_FORMAT,
        "hands": [hand_json(r, seats) for r in results],
        "totals": {seats[s]: totals[s] for s in range(len(seats))},
    }


def referee_json(data: Any, rules_override: Rules | None = None) -> dict[str, Any]:
    """Referee transcript JSON to result JSON (raises TranscriptError / RefereeError)."""
    tr = parse_transcript(data, rules_override)
    return result_json(referee(tr), tr.seats)


__all__ = [
    "HandResult",
    "HandSpec",
    "RefereeError",
    "Transcript",
    "action_json",
    "check_named_table",
    "finish_hand",
    "parse_action",
    "parse_deal",
    "parse_transcript",
    "referee",
    "referee_json",
    "resolve_table_rules",
    "result_json",
    "start_hand",
    "transcript_json",
]
