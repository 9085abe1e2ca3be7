"""The referee's judgement of plays against an oracle written from rules.md alone (hypothesis).

Random hands are played with random actions, most of them plausible (a group held, a discard of
the lead's size, by the seat to act) and some not (a seat out of turn, a wrong count, tiles not
held, a group that does not beat). The oracle below knows nothing of hub.rules.groups: it reads
the faces as §B.3 lists the groups, compares them as §B.4-§B.5 and §F.1-§F.2 say, keeps the turn
(上家不打，下家不墊; 撑老: discards in any order under a led 老), the eligibility rule of §C and
who wins each trick (§B.7). Every action the referee accepts must be one the oracle allows, and
every action it refuses one the oracle refuses; at the end the winner, the tricks and the stacks
must agree, and every dealt tile must have been played or discarded exactly once.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hub.referee.hand import Action, HandState, Namer, decide, evolve, new_hand, table_for
from hub.rules.errors import IllegalPlay
from hub.rules.options import Rules, preset
from hub.rules.tiles import FACES, TILE_FACE, parse_face

# -- the oracle: rules.md §A-§C and §F read directly, on faces written H-L -----------------

CIVIL = ["6-6", "1-1", "4-4", "3-1", "5-5", "3-3", "2-2", "6-5", "6-4", "6-1", "5-1"]  # §A.2
MILITARY_VALUE = {
    "6-3": 9, "5-4": 9, "6-2": 8, "5-3": 8, "5-2": 7, "4-3": 7,
    "4-2": 6, "4-1": 5, "3-2": 5, "2-1": 3,
}  # fmt: skip
SERIES = {
    "6-6": 9,
    "1-1": 8,
    "4-4": 7,
    "3-1": 5,
}  # 天九 地八 人七 和五: civil face -> military value
GONG = CIVIL[:7]  # §F.1: 宫门 天地人和梅長板; the other four civil faces are 幺门


def civil_rank(face: str) -> int:
    return len(CIVIL) - CIVIL.index(face)


def classify(faces: list[str], mainland: bool, wen_zun: bool) -> tuple[str, int] | None:
    """(class, rank) of a play per §B.3 (§F.1 in the mainland game), None if not a group."""
    fs = sorted(faces)
    civ = [f for f in fs if f in CIVIL]
    mil = [f for f in fs if f in MILITARY_VALUE]
    if len(fs) == 1:
        f = fs[0]
        if f in MILITARY_VALUE:
            return "single-military", MILITARY_VALUE[f]
        if mainland:
            return ("single-gong" if f in GONG else "single-yao"), civil_rank(f)
        return "single-civil", civil_rank(f)
    if len(fs) == 2:
        if len(civ) == 2 and civ[0] == civ[1]:
            if wen_zun and civ[0] == "5-1":
                return "wenzun", 0
            if mainland:
                return ("pair-gong" if civ[0] in GONG else "pair-yao"), civil_rank(civ[0])
            return "pair-civil", civil_rank(civ[0])
        if len(mil) == 2:
            if set(mil) == {"4-2", "2-1"}:
                return "zhizun", 0
            v = MILITARY_VALUE[mil[0]]
            if v == MILITARY_VALUE[mil[1]] and mil[0] != mil[1]:
                return "pair-military", v
            return None
        if len(civ) == 1 and civ[0] in SERIES and MILITARY_VALUE[mil[0]] == SERIES[civ[0]]:
            return "mixed", SERIES[civ[0]]
        return None
    # three or four tiles: one civil face of a series, once or twice, with distinct military
    # tiles of its value (三文 = 2 + 1, 三武 = 1 + 2, quad = 2 + 2)
    series = civ[0] if civ and civ[0] in SERIES and len(set(civ)) == 1 else ""
    matched = bool(series) and len(set(mil)) == len(mil)
    matched = matched and all(MILITARY_VALUE[m] == SERIES[series] for m in mil)
    shape = {(2, 1): "san-wen", (1, 2): "san-wu", (2, 2): "quad"}.get((len(civ), len(mil)))
    if matched and shape and len(fs) >= 3:
        return shape, SERIES[series]
    return None


def beats(
    best: tuple[str, int], cand: tuple[str, int] | None, rules: Rules, captured: bool
) -> bool:
    """§B.4: same class and strictly higher; §B.5/§F.2: what beats 至尊 and 文尊."""
    if cand is None or captured:
        return False  # a 高腳七 pair that captured 文尊 wins the trick (§B.5, §E.2)
    if best[0] == "zhizun":
        return str(rules.zhizun_capture) == "za8_pair" and cand == ("pair-military", 8)
    if best[0] == "wenzun":
        return (
            rules.wen_zun_capture
            and cand[0] in ("pair-civil", "pair-yao")
            and (cand[1] == civil_rank("6-1"))
        )
    return cand[0] == best[0] and cand[1] > best[1]


@dataclass
class Oracle:
    rules: Rules
    seats: int
    hands: list[list[str]]
    to_act: int
    stacks: list[int] = field(default_factory=list)
    trick: list[tuple[int, list[str], bool]] = field(default_factory=list)  # seat, faces, face up
    best: tuple[str, int] = ("", 0)
    best_seat: int = -1
    captured: bool = False
    shown: list[str] = field(default_factory=list)  # every face shown face up so far
    tricks: list[tuple[int, int, int]] = field(default_factory=list)  # leader, winner, size

    def __post_init__(self) -> None:
        self.stacks = [0] * self.seats

    @property
    def mainland(self) -> bool:
        return str(self.rules.variant) == "mainland"

    def lead_is_lao(self) -> bool:
        """§B.4/§F.4 撑老: no group of tiles not yet shown face up could beat the lead."""
        leader, led, _ = self.trick[0]
        lead = classify(led, self.mainland, self.rules.wen_zun)
        assert lead is not None
        if self.best_seat != leader:
            return False  # it was beaten: it was no 老
        unseen = list(ALL_FACES)
        for f in self.shown:
            unseen.remove(f)
        return not any(
            beats(lead, classify(list(c), self.mainland, self.rules.wen_zun), self.rules, False)
            for c in _groups_of(unseen, len(led))
        )

    def allows(self, seat: int, kind: str, faces: list[str]) -> bool:
        hand = list(self.hands[seat])
        for f in faces:
            if f not in hand:
                return False  # not held (the deal is known)
            hand.remove(f)
        if not self.trick:
            if seat != self.to_act or kind != "play":
                return False  # the lead is the to-act seat's, face up
            return classify(faces, self.mainland, self.rules.wen_zun) is not None
        if len(faces) != len(self.trick[0][1]):
            return False  # exactly as many tiles as were led
        if seat != self.to_act:
            cheng_lao = self.rules.cheng_lao_any_order and kind == "discard"
            if not (cheng_lao and all(s != seat for s, _, _ in self.trick) and self.lead_is_lao()):
                return False
        if kind == "discard":
            return True
        cand = classify(faces, self.mainland, self.rules.wen_zun)
        if not beats(self.best, cand, self.rules, self.captured):
            return False
        last = len(self.hands[self.trick[0][0]]) == 0  # the leader has no tile left
        return not (last and len(faces) == 1 and self.rules.early_death and self.stacks[seat] == 0)

    def apply(self, seat: int, kind: str, faces: list[str]) -> None:
        for f in faces:
            self.hands[seat].remove(f)
        face_up = kind == "play"
        if face_up:
            self.shown += faces
            cand = classify(faces, self.mainland, self.rules.wen_zun)
            assert cand is not None
            if self.trick and self.best[0] == "wenzun":
                self.captured = True
            self.best, self.best_seat = cand, seat
        self.trick.append((seat, faces, face_up))
        acted = {s for s, _, _ in self.trick}
        if len(acted) < self.seats:
            s = self.trick[0][0]
            while s in acted:
                s = (s + 1) % self.seats
            self.to_act = s
            return
        k = len(self.trick[0][1])
        self.stacks[self.best_seat] += k
        self.tricks.append((self.trick[0][0], self.best_seat, k))
        self.to_act = self.best_seat
        self.trick, self.best, self.captured = [], ("", 0), False

    @property
    def done(self) -> bool:
        return not self.trick and all(not h for h in self.hands)


ALL_FACES = [f for f in CIVIL for _ in range(2)] + list(MILITARY_VALUE)


def _groups_of(faces: list[str], n: int) -> set[tuple[str, ...]]:
    return {tuple(sorted(c)) for c in combinations(faces, n)}


# -- driving both with random actions -------------------------------------------------------

VARIANTS: list[Rules] = [
    preset("hk"),
    dataclasses.replace(preset("hk"), wen_zun=True),
    dataclasses.replace(preset("hk"), wen_zun=True, wen_zun_capture=False),
    dataclasses.replace(preset("hk"), early_death=False),
    dataclasses.replace(preset("hk"), zhizun_capture="za8_pair"),  # type: ignore[arg-type]
    preset("mainland"),
    dataclasses.replace(preset("mainland"), players=3, hand_size=9),
    dataclasses.replace(preset("mainland"), players=2, hand_size=10),
]


def _faces(mask: int) -> list[str]:
    return [TILE_FACE[t].text for t in range(32) if mask >> t & 1]


def _proposal(rng: random.Random, oracle: Oracle) -> tuple[int, str, list[str]]:
    """A seat, an action and its tiles: mostly plausible, sometimes not."""
    n = oracle.seats
    seat = oracle.to_act if rng.random() < 0.7 else rng.randrange(n)
    hand = oracle.hands[seat]
    size = len(oracle.trick[0][1]) if oracle.trick else rng.choice([1, 1, 2, 2, 3, 4, 4])
    if rng.random() < 0.05:
        size = rng.randint(1, 4)
    size = min(size, len(hand)) or 1
    kind = "play" if not oracle.trick or rng.random() < 0.45 else "discard"
    if rng.random() < 0.05:
        kind = "discard" if kind == "play" else "play"
    pool = hand if rng.random() < 0.97 or not hand else [*hand, rng.choice(ALL_FACES)]
    candidates = sorted(_groups_of(pool, size)) if len(pool) >= size else []
    if kind == "play" and candidates and rng.random() < 0.8:
        groups = [
            c
            for c in candidates
            if classify(list(c), oracle.mainland, oracle.rules.wen_zun) is not None
        ]
        candidates = groups or candidates
        if oracle.trick and rng.random() < 0.6:  # a follower: most often something that beats
            beating = [c for c in groups if oracle.allows(oracle.to_act, "play", list(c))]
            candidates = beating or candidates
    if not candidates:
        return seat, kind, list(hand[:1])
    return seat, kind, list(rng.choice(candidates))


BLOCKS = [  # tiles that make groups together, for deals rich in combinations
    "6-6 6-6 6-3 5-4", "1-1 1-1 6-2 5-3", "4-4 4-4 5-2 4-3", "3-1 3-1 4-1 3-2", "4-2 2-1",
    "5-1 5-1", "6-1 6-1", "5-5 5-5", "3-3 3-3", "2-2 2-2", "6-5 6-5", "6-4 6-4",
]  # fmt: skip


def _deal(rng: random.Random, rules: Rules) -> tuple[int, ...]:
    tiles = list(range(32))
    rng.shuffle(tiles)
    if rng.random() < 0.5:  # blocks kept whole or halved, in random order
        parts = []
        for block in BLOCKS:
            faces = block.split()
            rng.shuffle(faces)
            cut = rng.choice([0, len(faces) // 2])
            parts += [faces[:cut], faces[cut:]] if cut else [faces]
        rng.shuffle(parts)
        used = 0
        tiles = []
        for faces in parts:
            for f in faces:
                copies = [t for t in range(32) if TILE_FACE[t].text == f and not used >> t & 1]
                used |= 1 << copies[0]
                tiles.append(copies[0])
    hands = []
    for s in range(rules.players):
        m = 0
        for t in tiles[s * rules.hand_size : (s + 1) * rules.hand_size]:
            m |= 1 << t
        hands.append(m)
    return tuple(hands)


def play_against_oracle(rules: Rules, seed: int) -> tuple[Oracle, HandState, int]:
    """One hand refereed and judged by the oracle side by side; the tiles dealt, as a mask."""
    rng = random.Random(seed)
    deal = _deal(rng, rules)
    banker = rng.randrange(rules.players)
    state = new_hand(rules, rules.players, banker, 1, 2, deal)
    table = table_for(rules)
    oracle = Oracle(rules, rules.players, [_faces(m) for m in deal], banker)
    name = Namer("ESWN"[: rules.players])
    for _ in range(2000):
        if oracle.done:
            break
        seat, kind, faces = _proposal(rng, oracle)
        allowed = oracle.allows(seat, kind, faces)
        action = Action(seat, kind, faces=tuple(parse_face(f) for f in faces))
        try:
            event = decide(rules, table, state, action, name)
        except IllegalPlay as e:
            assert not allowed, f"refused {kind} {faces} by seat {seat}: {e}"
            continue
        assert allowed, f"accepted {kind} {faces} by seat {seat} (oracle: illegal)"
        state = evolve(rules, table, state, event)
        oracle.apply(seat, kind, faces)
        if not oracle.done:
            assert state.to_act == oracle.to_act, (state.to_act, oracle.to_act)
    return oracle, state, sum(deal)


@settings(max_examples=400, deadline=None)
@given(v=st.sampled_from(range(len(VARIANTS))), seed=st.integers(0, 2**32 - 1))
def test_the_referee_judges_every_action_as_the_rules_say(v: int, seed: int) -> None:
    rules = VARIANTS[v]
    oracle, state, dealt = play_against_oracle(rules, seed)
    assert oracle.done and state.done
    assert [(t.leader, t.winner, t.size) for t in state.tricks] == oracle.tricks
    assert state.stacks == oracle.stacks and sum(state.stacks) == rules.hand_size
    seen = 0
    for m in (p.mask for t in state.tricks for p in t.plays):
        assert seen & m == 0  # no tile is played twice ...
        seen |= m
    assert seen == dealt and state.hands == [0] * rules.players  # ... and none is lost


@pytest.mark.parametrize("v", [0, 1, 2, 4, 5])
def test_every_group_and_every_beat_is_the_rules(v: int) -> None:
    """Every set of 1-4 tiles: a legal lead exactly when §B.3 says; every group over every
    other of its size: a beat exactly when §B.4-§B.5 (§F.1-§F.2) say."""
    rules = VARIANTS[v]
    table = table_for(rules)
    mainland = str(rules.variant) == "mainland"
    groups = []
    for n in range(1, 5):
        for tiles in combinations(range(32), n):
            mask = sum(1 << t for t in tiles)
            ours = classify([TILE_FACE[t].text for t in tiles], mainland, rules.wen_zun)
            assert (ours is not None) == (mask in table.classify), _faces(mask)
            if ours is not None:
                groups.append((mask, ours))
    for best_mask, best in groups:
        key = table.classify[best_mask]
        for mask, cand in groups:
            if mask.bit_count() == best_mask.bit_count() and not mask & best_mask:
                expected = beats(best, cand, rules, False)
                assert (mask in table.beat_sets[key]) == expected, (_faces(best_mask), _faces(mask))


def test_the_oracle_knows_the_groups_of_s27() -> None:
    assert classify(["6-4", "6-1"], False, False) is None
    assert classify(["6-6", "6-3", "6-2"], False, False) is None
    assert classify(["3-1", "3-2"], False, False) == classify(["3-1", "4-1"], False, False)
    assert classify(["1-1", "1-1", "6-2", "5-3"], False, False) == ("quad", 8)
    assert sorted(FACES[parse_face(f)].text for f in ALL_FACES) == sorted(ALL_FACES)
