"""Invariants over random legal games (hypothesis): every self-played game referees cleanly."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from hub.referee.hand import HandState, Namer, decide, evolve, legal_leads, table_for
from hub.referee.transcript import (
    HandSpec,
    parse_transcript,
    referee,
    referee_json,
    start_hand,
    transcript_json,
)
from hub.rules.options import LiPai, NoSplitLead, Rules, preset
from hub.selfplay import PlayedHand, play_session, transcript_of

VARIANTS: list[Rules] = [
    preset("hk"),
    preset("mainland"),
    preset("culin1893"),
    dataclasses.replace(preset("mainland"), players=3, hand_size=9),
    dataclasses.replace(preset("mainland"), players=2, hand_size=10),
    dataclasses.replace(preset("mainland"), players=3, hand_size=10, residual_dice_four="yao"),  # type: ignore[arg-type]
    Rules(wen_zun=True, no_split_lead=NoSplitLead.ALL_COMBOS, banker_multiplier="double"),  # type: ignore[arg-type]
    Rules(
        no_split_lead=NoSplitLead.SERIES_MAX,
        first_leader="heaven_holder",  # type: ignore[arg-type]
        direction="alternate",  # type: ignore[arg-type]
        li_pai=LiPai(seven_civil=True, eight_civil=True, four_pairs=True, seven_mil=True),
    ),
    Rules(early_death=False, zun_requires_first_lead=True, si_da_he="n_players", qin_bao=False),
]

seeds = st.integers(min_value=0, max_value=2**32 - 1)
variants = st.sampled_from(range(len(VARIANTS)))


def session(v: int, seed: int, hands: int = 3) -> tuple[Rules, list[str], list[PlayedHand]]:
    rules = VARIANTS[v]
    seats = ["E", "S", "W", "N"][: rules.players]
    return rules, seats, list(play_session(rules, hands, random.Random(seed)))


def replay(rules: Rules, played: PlayedHand, index: int, previous: Any) -> HandState:
    table = table_for(rules)
    state = start_hand(
        rules,
        rules.players,
        index,
        HandSpec(played.result.banker, played.result.term, played.deal, ()),
        previous,
    )
    for a in played.actions:
        state = evolve(rules, table, state, decide(rules, table, state, a, Namer("ESWN")))
    return state


@settings(max_examples=40, deadline=None)
@given(v=variants, seed=seeds)
def test_all_tiles_accounted_and_money_zero_sum(v: int, seed: int) -> None:
    rules, _, played = session(v, seed)
    for ph in played:
        st_ = ph.result.state
        dealt = 0
        for m in ph.deal:
            assert dealt & m == 0  # hands are disjoint
            dealt |= m
        assert dealt.bit_count() == rules.players * rules.hand_size
        if st_.claims:
            continue  # a 例牌 ends the hand before play
        seen = 0
        for t in st_.tricks:
            assert len(t.plays) == st_.players
            for p in t.plays:
                assert p.n_tiles == t.size and seen & p.mask == 0
                seen |= p.mask
        assert seen == dealt and st_.hands == [0] * rules.players
        assert sum(st_.stacks) == rules.hand_size
        for key in ("settlement", "bonuses", "net"):
            assert sum(ph.result.money(rules.players, key)) == 0


@settings(max_examples=40, deadline=None)
@given(v=variants, seed=seeds)
def test_the_referee_accepts_every_self_played_game_and_agrees(v: int, seed: int) -> None:
    rules, seats, played = session(v, seed)
    tr = json.loads(json.dumps(transcript_of(rules, seats, played)))
    result = referee_json(tr)
    for ph, hand in zip(played, result["hands"], strict=True):
        net = ph.result.money(rules.players, "net")
        assert hand["net"] == {seats[s]: net[s] for s in range(rules.players)}
        assert hand["finish"] == list(ph.result.finish)


@settings(max_examples=30, deadline=None)
@given(v=variants, seed=seeds)
def test_replay_gives_the_same_state(v: int, seed: int) -> None:
    rules, _, played = session(v, seed)
    previous = None
    for i, ph in enumerate(played):
        a = replay(rules, ph, i, previous)
        b = replay(rules, ph, i, previous)
        assert a == b == ph.result.state
        assert a.copy() == a
        previous = ph.result


@settings(max_examples=30, deadline=None)
@given(v=variants, seed=seeds)
def test_transcripts_round_trip(v: int, seed: int) -> None:
    rules, seats, played = session(v, seed)
    data = transcript_of(rules, seats, played)
    parsed = parse_transcript(data)
    again = parse_transcript(json.loads(json.dumps(transcript_json(parsed))))
    assert again == parsed


@settings(max_examples=30, deadline=None)
@given(v=variants, seed=seeds)
def test_named_and_counted_discards_give_the_same_result(v: int, seed: int) -> None:
    rules = dataclasses.replace(VARIANTS[v], li_pai=LiPai(quan_bai=False, yi_dian_hong=False))
    rules = dataclasses.replace(rules, no_split_lead=NoSplitLead.OFF, first_leader="banker")  # type: ignore[arg-type]
    seats = ["E", "S", "W", "N"][: rules.players]
    played = list(play_session(rules, 3, random.Random(seed)))
    named = transcript_of(rules, seats, played)
    counted = json.loads(json.dumps(named))
    for h in counted["hands"]:
        h.pop("deal")
        for ev in h["events"]:
            if "discard" in ev:
                ev["discard"] = len(ev["discard"])
    a, b = referee_json(named), referee_json(counted)
    assert a["totals"] == b["totals"]
    for ha, hb in zip(a["hands"], b["hands"], strict=True):
        assert ha == hb


@settings(max_examples=30, deadline=None)
@given(v=variants, seed=seeds)
def test_the_seat_to_act_always_has_a_legal_play(v: int, seed: int) -> None:
    rules, _, played = session(v, seed, hands=2)
    table = table_for(rules)
    previous = None
    for i, ph in enumerate(played):
        state = start_hand(
            rules,
            rules.players,
            i,
            HandSpec(ph.result.banker, ph.result.term, ph.deal, ()),
            previous,
        )
        for a in ph.actions:
            if not state.trick and not state.done and a.kind == "play":
                assert legal_leads(rules, table, state, state.to_act)
            state = evolve(rules, table, state, decide(rules, table, state, a, Namer("ESWN")))
        previous = ph.result


def test_the_same_seed_plays_the_same_games() -> None:
    a = [ph.actions for ph in play_session(preset("hk"), 5, random.Random(9))]
    b = [ph.actions for ph in play_session(preset("hk"), 5, random.Random(9))]
    assert a == b
    assert referee(
        parse_transcript(
            transcript_of(
                preset("hk"), list("ESWN"), list(play_session(preset("hk"), 2, random.Random(1)))
            )
        )
    )
