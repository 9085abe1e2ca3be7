"""Computer players that choose uniformly at random among the legal plays, refereed for real.

Used by ``tiengow selfplay`` (speed), the property tests (every game it plays
must referee cleanly) and the demos. Randomness is injected: the same seed
gives the same games.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from hub.referee.hand import (
    Action,
    HandState,
    Namer,
    decide,
    evolve,
    legal_beats,
    legal_leads,
    table_for,
)
from hub.referee.transcript import HandResult, HandSpec, finish_hand, hand_json_in, start_hand
from hub.rules.groups import GroupTable
from hub.rules.options import NoSplitLead, Rules, rules_json
from hub.rules.play import combos_in, discard_count
from hub.rules.scoring import li_pai_value
from hub.rules.tiles import N_TILES


def random_deal(rng: random.Random, rules: Rules) -> tuple[int, ...]:
    # A uniform permutation by sorting on independent random keys: cheaper than shuffle().
    draw = rng.random
    tiles = sorted(range(N_TILES), key=lambda _: draw())
    size = rules.hand_size
    hands = []
    for i in range(rules.players):
        m = 0
        for t in tiles[i * size : (i + 1) * size]:
            m |= 1 << t
        hands.append(m)
    return tuple(hands)


def choose(rules: Rules, table: GroupTable, state: HandState, rng: random.Random) -> Action:
    """A uniformly random legal action for the seat to act."""
    seat = state.to_act
    if not state.trick:
        hand = state.hands[seat]
        if rules.no_split_lead is NoSplitLead.OFF:  # every group held: singles, then combinations
            combos = combos_in(hand)
            singles = hand.bit_count()
            r = int(rng.random() * (singles + len(combos)))
            lead = nth_tile(hand, r) if r < singles else combos[r - singles]
        else:
            leads = legal_leads(rules, table, state, seat)
            lead = leads[int(rng.random() * len(leads))]
        return _new(Action, (seat, "play", (), lead, 0, "", ()))
    hand = state.hands[seat]
    size = state.trick[0].n_tiles
    if size == 1:  # most tricks: pick among tiles directly, without building lists
        beats_mask = 0
        if not (state.last and rules.early_death and state.stacks[seat] == 0):
            beats_mask = hand & table.single_beats[state.best_key]
        n_beats = beats_mask.bit_count()
        r = int(rng.random() * (n_beats + hand.bit_count()))
        if r < n_beats:
            return _new(Action, (seat, "play", (), nth_tile(beats_mask, r), 0, "", ()))
        return _new(Action, (seat, "discard", (), nth_tile(hand, r - n_beats), 0, "", ()))
    beats = legal_beats(rules, table, state, seat)
    r = int(rng.random() * (len(beats) + discard_count(hand, size)))
    if r < len(beats):
        return _new(Action, (seat, "play", (), beats[r], 0, "", ()))
    return _new(Action, (seat, "discard", (), random_subset(hand, size, rng), 0, "", ()))


_new = tuple.__new__  # Action(seat, kind, mask=m) without its Python-level __new__ (hot path)


def nth_tile(mask: int, r: int) -> int:
    """The mask of the r-th lowest tile in ``mask``."""
    for _ in range(r):
        mask &= mask - 1
    return mask & -mask


def random_subset(hand: int, size: int, rng: random.Random) -> int:
    """A uniformly random set of ``size`` tiles of ``hand``."""
    tiles = []
    while hand:
        low = hand & -hand
        tiles.append(low)
        hand ^= low
    m = 0
    for low in rng.sample(tiles, size):
        m |= low
    return m


@dataclass(frozen=True, slots=True)
class PlayedHand:
    deal: tuple[int, ...]
    actions: tuple[Action, ...]
    result: HandResult


def play_session(
    rules: Rules, hands: int, rng: random.Random, first_banker: int = 0
) -> Iterator[PlayedHand]:
    """Play ``hands`` complete hands, the winner of each becoming the next banker."""
    table = table_for(rules)
    names = Namer([str(i) for i in range(rules.players)])
    previous: HandResult | None = None
    declaring = any(getattr(rules.li_pai, k) for k in rules.li_pai.__slots__)
    for i in range(hands):
        deal = random_deal(rng, rules)
        spec = HandSpec(first_banker if i == 0 else None, None, deal, ())
        state = start_hand(rules, rules.players, i, spec, previous)
        actions = (
            [Action(s, "declare", name=nm) for s, nm in _declarers(rules, state)]
            if declaring
            else []
        )
        for a in actions:
            state = evolve(rules, table, state, decide(rules, table, state, a, names))
        # the hot loop: functions bound to locals, every action through decide and evolve
        _choose, _decide, _evolve, record = choose, decide, evolve, actions.append
        while not state.done:
            action = _choose(rules, table, state, rng)
            state = _evolve(rules, table, state, _decide(rules, table, state, action, names))
            record(action)
        previous = finish_hand(rules, state)
        yield PlayedHand(deal, tuple(actions), previous)


def _declarers(rules: Rules, state: HandState) -> list[tuple[int, str]]:
    """Every seat holding an agreed 例牌 claims it (computer players always do)."""
    out = []
    for s in state.order:
        found = li_pai_value(rules, state.hands[s])
        if found:
            out.append((s, max(found, key=lambda k: found[k])))
    return out


def transcript_of(
    rules: Rules, seats: list[str], played: list[PlayedHand], rules_source: Any = None
) -> dict[str, Any]:
    """The transcript (spec/transcript.md) of self-played hands."""
    hands = [
        hand_json_in(
            seats,
            ph.result.banker if i == 0 else None,
            ph.result.term if i == 0 else None,
            ph.deal,
            ph.actions,
        )
        for i, ph in enumerate(played)
    ]
    return {
        "format": "tiengow-transcript/1",
        "rules": rules_source if rules_source is not None else rules_json(rules),
        "seats": seats,
        "hands": hands,
    }
