"""One hand of play as events -> state: ``decide`` checks an action, ``evolve`` applies it.

An *action* is what a transcript event (or a pad press) says happened; `decide`
either refuses it with an `IllegalPlay` that a player understands, or returns
the *event*, the checked fact with its tiles resolved to ids. `evolve` folds an
event into the `HandState`, collecting the trick and paying mid-hand bonuses
(賀尊, 擒尊, 四大賀) when a trick completes. Neither does any I/O.

`HandState` is updated in place by `evolve` (take ``state.copy()`` to keep the
old one): a hand is replayed from its events whenever an earlier state is
needed, and in-place updates are what let self-play reach thousands of refereed
hands a second in pure Python. `decide` never changes the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any, NamedTuple

from hub.rules.errors import IllegalPlay, NotYourTurn, Refusal
from hub.rules.groups import (
    COMBOS_CONTAINING,
    GAOJIAO_PAIR_MASK,
    GROUP_BY_MASK,
    SERIES_KINDS,
    ZA8_PAIR_MASK,
    ZUN_CAPTURED,
    Cls,
    GroupTable,
    describe_group,
    group_names,
    group_table,
)
from hub.rules.options import (
    LI_PAI_FIELDS,
    FirstLeader,
    NoSplitLead,
    ResidualDiceFour,
    Rules,
    Variant,
    ZhizunCapture,
)
from hub.rules.play import beats_in, groups_in
from hub.rules.scoring import Payment, each_pays, li_pai_value
from hub.rules.tiles import (
    ALL_TILES,
    FACE_INDEX,
    FACE_MASK,
    FACES,
    TILE_FACE,
    System,
    allocate,
    format_mask,
    parse_face,
    tiles_in,
)

ZHIZUN_CLASSES = (Cls.ZHIZUN, Cls.WENZUN)
_new = tuple.__new__  # builds a NamedTuple without its Python-level __new__ (hot path)
FORFEIT_BLOCKERS = sum(
    FACE_MASK[parse_face(t)] for t in ("6-6", "1-1", "6-3", "5-4", "6-2", "5-3", "6-5", "6-4")
)
HEAVEN = FACE_MASK[parse_face("6-6")]


# -- actions (what is claimed to have happened) --------------------------------------------


class Action(NamedTuple):
    """A seat's action. Tiles are given as face indices, or directly as a mask of ids."""

    seat: int
    kind: str  # 'play' | 'discard' | 'declare' | 'forfeit' | 'dice'
    faces: tuple[int, ...] = ()
    mask: int = -1  # tile ids when already known (self-play); -1: resolve from faces
    n_tiles: int = 0  # discards given only by count
    name: str = ""  # 例牌 name for 'declare'
    dice: tuple[int, ...] = ()


# -- events (checked facts) ---------------------------------------------------------------


class Played(NamedTuple):
    seat: int
    mask: int
    cls: Cls
    strength: int


class Discarded(NamedTuple):
    seat: int
    mask: int  # 0 when only the count is known
    n_tiles: int


class Declared(NamedTuple):
    seat: int
    name: str
    value: int  # 2 (七枝) or 4 (八枝): the best 例牌 the hand qualifies for
    shown: int = 0  # the tiles shown with the claim when the deal is unknown


class Forfeited(NamedTuple):
    seat: int


class DiceThrown(NamedTuple):
    seat: int
    dice: tuple[int, ...]


Event = Played | Discarded | Declared | Forfeited | DiceThrown


# -- state ------------------------------------------------------------------------------------


class TrickPlay(NamedTuple):
    seat: int
    mask: int  # 0 for a discard whose tiles are unknown
    n_tiles: int
    face_up: bool


class Trick(NamedTuple):
    leader: int
    winner: int
    size: int
    lead: int
    lead_cls: Cls
    win: int
    win_cls: Cls
    plays: tuple[TrickPlay, ...]


class Claim(NamedTuple):
    seat: int
    name: str
    value: int
    shown: int = 0  # the tiles shown with the claim when the deal is unknown


@dataclass(slots=True)
class HandState:
    """Everything that changes during a hand. Seats are indices 0..n-1."""

    n: int
    order: tuple[int, ...]  # playing order this hand
    succ: tuple[int, ...]  # succ[seat]: the seat after it in playing order
    banker: int
    term: int
    factor: int  # banker factor f
    known: bool  # the deal is known: every tile can be checked against its holder
    hands: list[int]  # remaining tiles per seat (masks; all 0 when unknown)
    counts: list[int]  # remaining tile counts per seat
    taken: int = 0  # ids already accounted for (the deal, or every named tile so far)
    active: int = 0  # mask of seats still in the hand (a forfeit removes one)
    players: int = 0  # how many seats are still in the hand
    to_act: int = 0  # seat to act; -1: anyone may lead first (heaven holder, deal unknown)
    trick: list[TrickPlay] = field(default_factory=list)  # the trick in progress
    best: int = -1  # index into trick of the best face-up play
    best_key: tuple[Cls, int] = (Cls.SINGLE_CIVIL, 0)
    last: bool = False  # the trick in progress is the last of the hand
    stacks: list[int] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    face_up: int = 0  # every tile shown face up so far
    bonuses: list[Payment] = field(default_factory=list)
    suspended_zun: list[tuple[int, int]] = field(
        default_factory=list
    )  # mainland (leader, capturer)
    claims: list[Claim] = field(default_factory=list)
    dice: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    residual: list[tuple[int, int, int, bool]] = field(default_factory=list)  # see _check_residual
    done: bool = False

    @property
    def started(self) -> bool:
        return bool(self.tricks or self.trick)

    def copy(self) -> HandState:
        """An independent copy (the lists are copied; their items are immutable)."""
        values: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            values[f.name] = list(v) if isinstance(v, list) else v
        return HandState(**values)


def table_for(rules: Rules) -> GroupTable:
    return group_table(
        rules.variant is Variant.MAINLAND,
        rules.wen_zun,
        rules.zhizun_capture is ZhizunCapture.ZA8_PAIR,
        rules.wen_zun_capture,
    )


def next_active(state: HandState, seat: int) -> int:
    """The next seat in playing order that is still in the hand."""
    succ, active = state.succ, state.active
    s = succ[seat]
    while not active >> s & 1 and s != seat:
        s = succ[s]
    return s


@cache
def _successors(order: tuple[int, ...]) -> tuple[int, ...]:
    n = len(order)
    return tuple(order[(order.index(s) + 1) % n] for s in range(n))


def new_hand(
    rules: Rules,
    n: int,
    banker: int,
    term: int,
    factor: int,
    deal: tuple[int, ...] | None,
    reverse: bool = False,
) -> HandState:
    """The state before the first action: hands dealt (when known), nothing played."""
    order = tuple(range(n))
    if reverse:
        order = (order[0], *reversed(order[1:]))
    known = deal is not None
    hands = deal if deal is not None else (0,) * n
    taken = 0
    for h in hands:
        taken |= h
    to_act = banker
    if rules.first_leader is FirstLeader.HEAVEN_HOLDER:
        to_act = -1
        if known:
            i = order.index(banker)
            for k in range(n):
                s = order[(i + k) % n]
                if hands[s] & HEAVEN:
                    to_act = s
                    break
            else:
                to_act = banker  # no one holds one (two or three players leave tiles undealt)
    return HandState(
        n=n,
        order=order,
        succ=_successors(order),
        banker=banker,
        term=term,
        factor=factor,
        known=known,
        hands=list(hands),
        counts=[rules.hand_size] * n,
        taken=taken,
        active=(1 << n) - 1,
        players=n,
        to_act=to_act,
        stacks=[0] * n,
    )


# -- decide -----------------------------------------------------------------------------------


class Namer:
    """How seats are called in messages (the transcript's names)."""

    def __init__(self, names: tuple[str, ...] | list[str]) -> None:
        self.names = tuple(names)

    def __call__(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat}"


def _resolve(state: HandState, action: Action, who: str) -> int:
    """The tile ids an action names: from the seat's hand (deal known) or from the unused copies."""
    mask = action.mask
    if mask >= 0:
        if state.known and mask & ~state.hands[action.seat]:
            raise IllegalPlay(
                f"{who} does not hold {format_mask(mask & ~state.hands[action.seat])}; "
                f"holds {format_mask(state.hands[action.seat])}",
                Refusal.NOT_HELD,
                mask & ~state.hands[action.seat],
            )
        if not state.known and mask & state.taken:
            raise IllegalPlay(
                f"{format_mask(mask & state.taken)} has already been played",
                Refusal.ALREADY_PLAYED,
                mask & state.taken,
            )
        return mask
    mask = 0
    within = state.hands[action.seat] if state.known else ALL_TILES
    taken = 0 if state.known else state.taken
    for face in action.faces:
        t = allocate(face, taken | mask, within)
        if t < 0:
            text = FACES[face].text
            one = FACE_MASK[face] & -FACE_MASK[face]  # a tile of that face, to name it
            if state.known:
                raise IllegalPlay(
                    f"{who} does not hold {'another ' if mask & FACE_MASK[face] else ''}{text}; "
                    f"holds {format_mask(state.hands[action.seat]) or 'nothing'}",
                    Refusal.NOT_HELD,
                    one,
                )
            if action.faces.count(face) > 1:
                raise _named_too_often(action, face, taken, who)
            raise IllegalPlay(
                f"{who} names {text}, but every {text} of the set "
                f"({FACES[face].copies}) has already been played",
                Refusal.ALREADY_PLAYED,
                one,
            )
        mask |= 1 << t
    return mask


_HOW_MANY = ("none", "one", "two")
_TIMES = {2: "twice"}


def _named_too_often(action: Action, face: int, taken: int, who: str) -> IllegalPlay:
    """An action naming a face more often than the set has copies left (deal unknown): the
    fault is the action's own, not only what was played before it (§A.1: each civil face
    twice, each military face once)."""
    text, copies = FACES[face].text, FACES[face].copies
    named = action.faces.count(face)
    times = _TIMES.get(named, f"{named} times")
    gone = (FACE_MASK[face] & taken).bit_count()
    if named > copies:
        return IllegalPlay(
            f"{who} names {text} {times}, but the set has only {_HOW_MANY[copies]}",
            Refusal.OTHER,
        )
    one = FACE_MASK[face] & -FACE_MASK[face]
    return IllegalPlay(
        f"{who} names {text} {times}, but the set has {_HOW_MANY[copies]} and "
        f"{_HOW_MANY[gone]} {'has' if gone == 1 else 'have'} already been played",
        Refusal.ALREADY_PLAYED,
        one,
    )


def decide(rules: Rules, table: GroupTable, state: HandState, action: Action, name: Namer) -> Event:
    """The checked event for ``action``, or `IllegalPlay` saying why it is refused."""
    seat = action.seat
    kind = action.kind
    if not 0 <= seat < state.n:
        raise IllegalPlay(f"there is no seat {seat} at this table of {state.n}", Refusal.NO_SEAT)
    who = name.names[seat]
    if seat == state.to_act and not state.done:  # the common case first: the seat to act plays
        if kind == "play":
            return _decide_play(rules, table, state, action, who, name)
        if kind == "discard":
            return _decide_discard(state, action, who)
    if kind == "declare":  # before the hand-over check: every claim of the deal is weighed
        return _decide_declare(rules, state, action, who, name)
    if state.done:
        if state.claims:
            c = state.claims[0]
            raise IllegalPlay(
                f"{who} acted after the hand ended: {name(c.seat)} claimed the 例牌 {c.name!r}",
                Refusal.HAND_OVER,
            )
        raise IllegalPlay(
            f"{who} acted after the hand ended: every tile has been played", Refusal.HAND_OVER
        )
    if kind == "dice":
        if not is_throw(action.dice):
            raise IllegalPlay(
                f"{who} threw {list(action.dice)!r}: dice are two numbers from 1 to 6",
                Refusal.BAD_DICE,
            )
        return DiceThrown(seat, action.dice)
    if kind == "forfeit":
        return _decide_forfeit(rules, state, seat, who, name)
    if not state.active >> seat & 1:
        raise IllegalPlay(f"{who} forfeited this hand and takes no further part", Refusal.FORFEITED)
    if state.to_act >= 0 and seat != state.to_act:
        if (
            kind == "discard"
            and rules.cheng_lao_any_order
            and state.trick
            and all(p.seat != seat for p in state.trick)
            and _is_lao(table, state)
        ):
            return _decide_discard(state, action, who)  # 撑老: discards in any order (§B.4, §F.4)
        if state.trick:
            raise NotYourTurn(
                f"{who} acted out of turn: {name(state.to_act)} is to act after "
                f"{name(state.trick[-1].seat)} (上家不打，下家不墊)"
            )
        raise NotYourTurn(f"{who} acted out of turn: {name(state.to_act)} has the lead")
    if kind == "play":
        return _decide_play(rules, table, state, action, who, name)
    if kind == "discard":
        return _decide_discard(state, action, who)
    raise IllegalPlay(f"unknown action {kind!r}", Refusal.UNKNOWN_ACTION)


def is_throw(dice: tuple[int, ...]) -> bool:
    """Two dice, each showing 1 to 6: a throw that could have happened."""
    return len(dice) == 2 and all(1 <= d <= 6 for d in dice)


def _is_lao(table: GroupTable, state: HandState) -> bool:
    """The lead is a 老: no tile not yet seen face up can beat it (撑老 is leading one, §B.4,
    §F.4); a lead beaten by an unbeatable play was no 老, and the turn stays strict."""
    if state.best != 0:
        return False
    unseen = ALL_TILES & ~state.face_up
    return not any(g & unseen == g for g in table.beaters.get(state.best_key, ()))


def _decide_play(
    rules: Rules, table: GroupTable, state: HandState, action: Action, who: str, name: Namer
) -> Played:
    seat = action.seat
    mask = _resolve(state, action, who)
    key = table.classify.get(mask)
    if not state.trick:  # a lead
        if key is None:
            raise IllegalPlay(
                f"{who} led {format_mask(mask)}: not a legal group (a lead is one tile, or a pair, "
                f"三文/三武 or 四大 of the 天/地/人/和 series, or 至尊)",
                Refusal.NOT_A_GROUP,
            )
        if mask.bit_count() > state.counts[seat]:
            raise IllegalPlay(
                f"{who} led {mask.bit_count()} tiles but holds only {state.counts[seat]}",
                Refusal.HOLDS_TOO_FEW,
                count=state.counts[seat],
            )
        if rules.no_split_lead is not NoSplitLead.OFF and _holds_for_certain(state, seat):
            _check_no_split(rules, table, state.hands[seat], mask, who)
        return _new(Played, (seat, mask, *key))
    size = state.trick[0].n_tiles
    if mask.bit_count() != size:
        raise IllegalPlay(
            f"{who} played {mask.bit_count()} tile{'s' if mask.bit_count() != 1 else ''} "
            f"({format_mask(mask)}); "
            f"the lead was {size}: play {size} face up to beat, or discard {size} face down",
            Refusal.WRONG_COUNT,
            count=size,
        )
    if key is None or mask not in table.beat_sets[state.best_key]:
        raise _refuse_beat(table, state, key, mask, who, name)
    if state.last and size == 1 and rules.early_death and state.stacks[seat] == 0:
        raise IllegalPlay(
            f"{who} played {format_mask(mask)} face up on the last trick with no stack: a player without "
            f"a stack may not win a last single (early death); {who} must discard",
            Refusal.EARLY_DEATH,
            count=size,
        )
    return _new(Played, (seat, mask, *key))


def _refuse_beat(
    table: GroupTable,
    state: HandState,
    key: tuple[Cls, int] | None,
    mask: int,
    who: str,
    name: Namer,
) -> IllegalPlay:
    """Why a face-up follow does not beat the best play of the trick so far."""
    best = state.trick[state.best]
    played = format_mask(mask)
    best_name = describe_group(best.mask, table)
    relation = "led" if state.best == 0 else f"best so far, {name(best.seat)}'s"
    size = mask.bit_count()
    if key is None:
        return IllegalPlay(
            f"{who} played {played}: not a legal group, so it cannot beat the {relation} {best_name}",
            Refusal.NOT_A_GROUP,
        )
    if state.best_key == ZUN_CAPTURED:
        return IllegalPlay(
            f"{who} played {played}: {name(best.seat)}'s {best_name} captured the led 文尊 and "
            f"wins the trick; nothing beats it; discard {size} face down",
            Refusal.NOTHING_BEATS,
            best.mask,
            size,
            group_names(best.mask, table),
        )
    if state.best_key[0] in ZHIZUN_CLASSES:  # only a designated capture beats it, if anything
        only = sorted({describe_group(b, table) for b in table.beaters.get(state.best_key, ())})
        beaten_by = f"only a {' or '.join(only)} beats" if only else "nothing beats"
        return IllegalPlay(
            f"{who} played {played}: {beaten_by} the {relation} {best_name}; "
            f"discard {size} face down",
            Refusal.CANNOT_BEAT if only else Refusal.NOTHING_BEATS,
            best.mask,
            size,
            group_names(best.mask, table),
        )
    return IllegalPlay(
        f"{who} played {played}: {_why_not(state.best_key, key, relation, best_name)}",
        Refusal.CANNOT_BEAT,
        best.mask,
        size,
        group_names(best.mask, table),
    )


def _why_not(best: tuple[Cls, int], cand: tuple[Cls, int], relation: str, best_name: str) -> str:
    if cand[0] in ZHIZUN_CLASSES:
        return f"至尊 beats nothing when it follows; it does not beat the {relation} {best_name}"
    if cand[0] is not best[0]:
        return (
            f"a different kind of group from the {relation} {best_name}; a beat must be the same "
            f"kind and higher"
        )
    if cand[1] == best[1]:
        return f"equal to the {relation} {best_name}, a beat must be higher"
    return f"lower than the {relation} {best_name}, a beat must be higher"


def _holds_for_certain(state: HandState, seat: int) -> bool:
    """Which tiles the seat still holds is known: the deal is, and every tile it put down was
    named. A discard given only as a count (transcript.md) may have been any of its tiles, so a
    combination dealt to it may be broken already, and a lead is not refused as splitting it."""
    return state.known and state.hands[seat].bit_count() == state.counts[seat]


def _check_no_split(rules: Rules, table: GroupTable, hand: int, mask: int, who: str) -> None:
    """§B.6: a tile of a combination held must be led in the largest such combination."""
    series_only = rules.no_split_lead is NoSplitLead.SERIES_MAX
    rest = mask
    while rest:
        low = rest & -rest
        rest ^= low
        held = [
            c
            for c in COMBOS_CONTAINING[low.bit_length() - 1]
            if c & hand == c and (not series_only or GROUP_BY_MASK[c].kind in SERIES_KINDS)
        ]
        if not held:
            continue
        largest = max(held, key=int.bit_count)
        if mask not in held or mask.bit_count() != largest.bit_count():
            raise IllegalPlay(
                f"{who} led {format_mask(mask)}, splitting {format_mask(largest)} "
                f"({describe_group(largest, table)}): a combination held must be led whole "
                f"(no_split_lead = {str(rules.no_split_lead)!r})",
                Refusal.SPLIT_LEAD,
                largest,
                group_names=group_names(largest, table),
            )


def _decide_discard(state: HandState, action: Action, who: str) -> Discarded:
    seat = action.seat
    if not state.trick:
        raise IllegalPlay(
            f"{who} discarded with the lead: the leader must play face up", Refusal.LEAD_FACE_UP
        )
    size = state.trick[0].n_tiles
    mask = action.mask
    if mask >= 0 and state.known and not mask & ~state.hands[seat] and mask.bit_count() == size:
        return _new(Discarded, (seat, mask, size))  # the common case: tiles of a known hand
    if mask >= 0 or action.faces:
        mask = _resolve(state, action, who)
        count = mask.bit_count()
    else:
        mask, count = 0, action.n_tiles
    if count != size:
        raise IllegalPlay(
            f"{who} discarded {count} tile{'s' if count != 1 else ''}; the lead was {size}: "
            f"a discard is exactly as many tiles as were led",
            Refusal.WRONG_DISCARD,
            count=size,
        )
    if count > state.counts[seat]:
        raise IllegalPlay(
            f"{who} discarded {count} tiles but holds only {state.counts[seat]}",
            Refusal.HOLDS_TOO_FEW,
            count=state.counts[seat],
        )
    return Discarded(seat, mask, count)


def _decide_declare(
    rules: Rules, state: HandState, action: Action, who: str, name: Namer
) -> Declared:
    if state.started:
        raise IllegalPlay(
            f"{who} declared {action.name!r} after play began: 例牌 are declared before the first lead",
            Refusal.DECLARE,
        )
    if not state.active >> action.seat & 1:
        raise IllegalPlay(f"{who} forfeited this hand and takes no further part", Refusal.FORFEITED)
    known_names = tuple(LI_PAI_FIELDS)
    if action.name not in known_names:
        raise IllegalPlay(
            f"{who} declared {action.name!r}: not a 例牌; the 例牌 are {', '.join(known_names)}",
            Refusal.DECLARE,
        )
    if not getattr(rules.li_pai, action.name):
        agreed = [n for n in known_names if getattr(rules.li_pai, n)]
        raise IllegalPlay(
            f"{who} declared {action.name!r}, which this table has not agreed "
            f"(li_pai.{action.name} = false); agreed: {', '.join(agreed) or 'none'}",
            Refusal.DECLARE,
        )
    if any(c.seat == action.seat for c in state.claims):
        raise IllegalPlay(f"{who} declared twice", Refusal.DECLARE)
    if state.known:
        hand = state.hands[action.seat]
        if action.faces and sorted(action.faces) != sorted(
            FACE_INDEX[t] for t in tiles_in(hand)
        ):  # a hand shown beside the deal must be the hand dealt
            written = "+".join(FACES[f].text for f in sorted(action.faces))
            raise IllegalPlay(
                f"{who} showed {written} for {action.name!r} but was dealt {format_mask(hand)}",
                Refusal.DECLARE,
            )
    elif action.faces:  # a live table: the claimant shows the hand (extension: "tiles")
        hand = _resolve(state, action, who)
        _check_shown_beside_claims(state, action, who, name)
        if hand.bit_count() != rules.hand_size:
            raise IllegalPlay(
                f"{who} showed {hand.bit_count()} tiles for {action.name!r}; a hand is {rules.hand_size}",
                Refusal.DECLARE,
            )
    else:
        raise IllegalPlay(
            f"{who} declared {action.name!r}, but the hand has no deal to check it against "
            f'(give the deal, or the hand shown as "tiles")',
            Refusal.DECLARE,
        )
    found = li_pai_value(rules, hand)
    if action.name not in found:
        raise IllegalPlay(
            f"{who} declared {action.name!r} holding {format_mask(hand)}, which is not that hand",
            Refusal.DECLARE,
        )
    shown = 0 if state.known else hand
    return Declared(action.seat, action.name, max(found.values()), shown)


def _check_shown_beside_claims(state: HandState, action: Action, who: str, name: Namer) -> None:
    """The hands shown for the claims of one deal come from one set of 32 tiles (§A.1)."""
    shown = 0
    for c in state.claims:
        shown |= c.shown
    for face in set(action.faces):
        wanted = action.faces.count(face)
        free = (FACE_MASK[face] & ~shown).bit_count()
        if wanted > free:
            owners = [name(c.seat) for c in state.claims if c.shown & FACE_MASK[face]]
            text = FACES[face].text
            raise IllegalPlay(
                f"{who} showed {text} for {action.name!r}, but the set has "
                f"{FACES[face].copies} and {' and '.join(owners)}'s claim showed "
                f"{'them' if free == 0 and FACES[face].copies > 1 else 'it'} already",
                Refusal.DECLARE,
            )


def _decide_forfeit(rules: Rules, state: HandState, seat: int, who: str, name: Namer) -> Forfeited:
    if not rules.allow_forfeit:
        raise IllegalPlay(
            f"{who} forfeited, but these rules do not allow forfeiting (allow_forfeit = false)",
            Refusal.FORFEIT_NOT_ALLOWED,
        )
    if state.started:
        raise IllegalPlay(
            f"{who} forfeited after play began: a forfeit comes before the first lead",
            Refusal.FORFEIT_TOO_LATE,
        )
    if not state.active >> seat & 1:
        raise IllegalPlay(f"{who} already forfeited", Refusal.FORFEIT_TWICE)
    if (state.active & ~(1 << seat)).bit_count() < 2:
        raise IllegalPlay(
            f"{who} forfeited, but at least two players must stay in the hand",
            Refusal.FORFEIT_TOO_FEW,
        )
    if state.known and state.hands[seat] & FORFEIT_BLOCKERS:
        raise IllegalPlay(
            f"{who} may not forfeit holding {format_mask(state.hands[seat] & FORFEIT_BLOCKERS)}: only a "
            f"hand with none of 天, 地, 杂9, 杂8, 斧头, 屏风 may drop out",
            Refusal.FORFEIT_BLOCKED,
            state.hands[seat] & FORFEIT_BLOCKERS,
        )
    return Forfeited(seat)


# -- evolve -----------------------------------------------------------------------------------


def evolve(rules: Rules, table: GroupTable, state: HandState, event: Event) -> HandState:
    """Apply ``event`` to ``state`` (in place) and return it; never fails for an event of `decide`."""
    # Plays and discards are nearly every event: handled inline, allocating as little as possible.
    trick = state.trick
    kind = type(event)
    if kind is Played:
        played: Played = event  # type: ignore[assignment]  # (narrowed by the type test)
        seat, mask, cls, strength = played
        count = mask.bit_count()
        state.face_up |= mask
        state.best = len(trick)
        if trick and state.best_key[0] is Cls.WENZUN:  # a 高腳七 pair captures the led 文尊
            state.best_key = ZUN_CAPTURED  # ... and wins the trick: nothing beats it (§B.5)
        else:
            state.best_key = (cls, strength)
        trick.append(_new(TrickPlay, (seat, mask, count, True)))
    elif kind is Discarded:
        seat, mask, count = event  # type: ignore[misc]
        trick.append(_new(TrickPlay, (seat, mask, count, False)))
    else:
        return _evolve_other(state, event)  # type: ignore[arg-type]
    if state.known:
        state.hands[seat] &= ~mask
    counts = state.counts
    n_played = len(trick)
    if n_played == 1:
        state.last = counts[seat] == count
        if state.dice and state.dice[-1][0] == seat and mask and rules.residual_dice_in_play:
            _check_residual(rules, state, seat, mask)  # elsewhere dice are only logged (牌頭)
    counts[seat] -= count
    state.taken |= mask
    if n_played < state.players:
        nxt = state.succ[seat]
        # the next seat, unless it is out or already discarded out of order (撑老)
        if state.active >> nxt & 1 and seat == state.to_act and all(p.seat != nxt for p in trick):
            state.to_act = nxt
        else:
            state.to_act = _first_to_act(state)
        return state
    return _collect(rules, table, state)


def residual_system(rules: Rules, total: int) -> System:
    """The system the residual-tile dice send the leader to (§F.5, §N.6)."""
    yao_top = 4 if rules.residual_dice_four is ResidualDiceFour.YAO else 3
    if total <= yao_top:
        return System.YAO
    return System.ZA if total <= 8 else System.GONG


def _check_residual(rules: Rules, state: HandState, seat: int, mask: int) -> None:
    """Record whether a lead after a residual-dice throw came from the drawn system (advisory)."""
    dice = state.dice[-1][1]
    if any(r[0] == seat and r[1] == len(state.dice) for r in state.residual):
        return  # this throw was already used by an earlier lead
    wanted = residual_system(rules, sum(dice))
    systems = {TILE_FACE[t].system for t in range(32) if mask >> t & 1}
    state.residual.append((seat, len(state.dice), int(wanted), systems == {wanted}))


def _first_to_act(state: HandState) -> int:
    """The first seat from the leader on that is in the hand and has not acted in this trick."""
    acted = 0
    for p in state.trick:
        acted |= 1 << p.seat
    s = state.trick[0].seat
    for _ in range(state.n):
        s = state.succ[s]
        if state.active >> s & 1 and not acted >> s & 1:
            return s
    return -2


def _evolve_other(state: HandState, event: Declared | Forfeited | DiceThrown) -> HandState:
    if isinstance(event, Declared):
        state.claims.append(Claim(event.seat, event.name, event.value, event.shown))
        state.done = True
    elif isinstance(event, Forfeited):
        state.active &= ~(1 << event.seat)
        state.players -= 1
        if state.to_act == event.seat:
            state.to_act = next_active(state, event.seat)
    else:
        state.dice.append((event.seat, event.dice))
    return state


def _collect(rules: Rules, table: GroupTable, state: HandState) -> HandState:
    """The trick is complete: its winner takes k stacks, mid-hand bonuses are paid."""
    lead, win = state.trick[0], state.trick[state.best]
    winner = win.seat
    k = lead.n_tiles
    lead_cls = table.classify[lead.mask][0]
    win_cls = table.classify[win.mask][0]
    trick = Trick(lead.seat, winner, k, lead.mask, lead_cls, win.mask, win_cls, tuple(state.trick))
    state.stacks[winner] += k
    if lead_cls in ZHIZUN_CLASSES or win_cls is Cls.QUAD:
        others = [s for s in state.order if state.active >> s & 1]
        first_lead = not any(t.leader == lead.seat for t in state.tricks)
        if lead_cls in ZHIZUN_CLASSES and (first_lead or not rules.zun_requires_first_lead):
            _zun_money(rules, state, trick, others)
        if win_cls is Cls.QUAD and (not state.last or rules.final_quad_collects_si_da_he):
            amount = state.n if rules.si_da_he == "n_players" else int(rules.si_da_he)
            state.bonuses += each_pays(
                winner,
                others,
                amount,
                "si_da_he",
                state.banker,
                state.factor,
                rules.si_da_he_banker_mult,
            )
    state.tricks.append(trick)
    state.trick = []
    state.best = -1
    state.done = state.counts[winner] == 0
    state.to_act = -2 if state.done else winner
    state.last = False
    return state


def _zun_money(rules: Rules, state: HandState, trick: Trick, others: list[int]) -> None:
    """賀尊 / 擒尊 money for a trick led with 至尊 or 文尊 (§E.1, §E.2, §F.6)."""

    def pay(to: int, reason: str) -> None:
        state.bonuses += each_pays(
            to, others, rules.zun_money, reason, state.banker, state.factor, rules.zun_banker_mult
        )

    if trick.winner == trick.leader:  # nothing beat it
        if not state.last or rules.bao_zun_collects_zun_money:
            pay(
                trick.winner, "he_zun"
            )  # on the last trick it is 包尊: the finish is doubled instead
    elif state.last:
        pass  # a capture on the last trick is a finish (擒尊 ×4, or the mainland 杂8 reward)
    elif trick.lead_cls is Cls.WENZUN:
        if trick.win == GAOJIAO_PAIR_MASK:
            pay(trick.winner, "qin_zun")  # the capturer collects (擒尊)
    elif trick.win == ZA8_PAIR_MASK or rules.za9_overtake_voids_zun_if_jie:
        # mainland: void if the capturer goes on to 結, else paid to the leader (§F.6)
        state.suspended_zun.append((trick.leader, trick.winner))
    else:
        pay(trick.leader, "he_zun")


__all__ = [
    "Action",
    "Claim",
    "Declared",
    "DiceThrown",
    "Discarded",
    "Event",
    "Forfeited",
    "HandState",
    "Namer",
    "Played",
    "Trick",
    "TrickPlay",
    "decide",
    "evolve",
    "is_throw",
    "legal_beats",
    "legal_leads",
    "new_hand",
    "table_for",
]


# -- legal actions ----------------------------------------------------------------------------


def legal_leads(rules: Rules, table: GroupTable, state: HandState, seat: int) -> list[int]:
    """Every lead the seat may make (deal known)."""
    hand = state.hands[seat]
    leads = groups_in(hand)  # every group is a legal lead ...
    if rules.no_split_lead is NoSplitLead.OFF:
        return leads  # ... unless combinations must be led whole
    ok = []
    for g in leads:
        try:
            _check_no_split(rules, table, hand, g, "")
        except IllegalPlay:
            continue
        ok.append(g)
    return ok


def legal_beats(rules: Rules, table: GroupTable, state: HandState, seat: int) -> list[int]:
    """Every face-up play that beats the trick so far (empty under early death)."""
    size = state.trick[0].n_tiles
    if state.last and size == 1 and rules.early_death and state.stacks[seat] == 0:
        return []
    return beats_in(table, state.hands[seat], state.best_key)
