"""Money: the banker factor, end-of-hand settlement, finishes and bonuses (§D, §E, §F.6, §G).

Pure functions of explicit inputs. Amounts are in units (棟); a payment is a
transfer ``(payer, receiver, amount, reason)`` with a positive amount.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from hub.rules.groups import (
    GAOJIAO_PAIR_MASK,
    GROUPS,
    WENZUN_MASK,
    ZA8_PAIR_MASK,
    ZHIZUN_MASK,
    Cls,
    Kind,
)
from hub.rules.options import (
    BankerBaZhiRule,
    BankerMultiplier,
    Rules,
    Settlement,
    Slam,
)
from hub.rules.tiles import (
    CIVIL_MASK,
    FACE_INDEX,
    FACE_MASK,
    FACES,
    N_TILES,
    TILE_FACE,
    parse_face,
    red_pips,
)


@dataclass(frozen=True, slots=True)
class Payment:
    payer: int
    receiver: int
    amount: int
    reason: str


def banker_factor(rules: Rules, term: int, streak_began_at_session_start: bool) -> int:
    """f for a banker in his ``term``-th consecutive hand (§D.1, §D.3, §I 1-2)."""
    n = term
    if not rules.first_hand_counts_as_term and streak_began_at_session_start:
        n -= 1  # the very first hand of a session is not a term: x1 there
    return _BANKER_FACTOR[rules.banker_multiplier](n)


_BANKER_FACTOR: dict[BankerMultiplier, Callable[[int], int]] = {
    BankerMultiplier.STREAK_PLUS_ONE: lambda n: n + 1,
    BankerMultiplier.DOUBLE: lambda n: 2,
    BankerMultiplier.STREAK: lambda n: max(n, 1),
    BankerMultiplier.NONE: lambda n: 1,
}


def pair_factor(payer: int, receiver: int, banker: int, f: int, banker_mult: bool) -> int:
    """The banker rule for a transfer between two seats: ×f when the banker is one of them."""
    return f if banker_mult and banker in (payer, receiver) else 1


def each_pays(
    receiver: int,
    payers: Iterable[int],
    amount: int,
    reason: str,
    banker: int,
    f: int,
    banker_mult: bool,
) -> list[Payment]:
    """Every payer pays ``amount`` (×f between banker and anyone) to ``receiver``."""
    return [
        Payment(p, receiver, amount * pair_factor(p, receiver, banker, f, banker_mult), reason)
        for p in payers
        if p != receiver and amount
    ]


# -- end-of-hand units per loser --------------------------------------------------------------


def _units_hk(stacks: int, rules: Rules) -> int:
    return 5 if stacks == 0 else 4 - stacks  # 空棟 pays one extra; >4 stacks is paid (入)


def _units_culin(stacks: int, rules: Rules) -> int:
    return {0: 5, 1: 3, 2: 2, 3: 1}.get(stacks, 0)  # 4 or more: neither pay nor receive


def _units_base_table(stacks: int, rules: Rules) -> int:
    base = 4 if rules.hand_size == 8 else 5
    return base + 1 if stacks == 0 else base - stacks


UNITS: dict[Settlement, Callable[[int, Rules], int]] = {
    Settlement.HK: _units_hk,
    Settlement.CULIN1893: _units_culin,
    Settlement.BASE_TABLE: _units_base_table,
}


@dataclass(frozen=True, slots=True)
class LastTrick:
    """What the finish labels depend on."""

    leader: int
    winner: int
    size: int
    lead: int  # mask
    lead_cls: Cls
    win: int  # mask of the winning play
    win_cls: Cls


@dataclass(frozen=True, slots=True)
class Finish:
    labels: tuple[str, ...]
    multiplier: int
    bao: int  # the seat that pays everyone's dues (包), or -1
    zun_capture: bool  # mainland: a finishing 至尊 captured by 杂8对


_TOP_FACES = frozenset(parse_face(t) for t in ("6-6", "6-3", "5-4"))


def _is_guaranteed_single(tile: int, face_up_before: int, mainland: bool) -> bool:
    """Every tile of its suit that ranks strictly higher has been seen face up (§E.8)."""
    face = TILE_FACE[tile]
    for t in range(N_TILES):
        other = TILE_FACE[t]
        if mainland:
            same, higher = other.system is face.system, other.system_strength > face.system_strength
        else:
            same, higher = other.suit is face.suit, other.strength > face.strength
        if same and higher and not face_up_before >> t & 1:
            return False
    return True


def finish(
    rules: Rules,
    last: LastTrick,
    winner_stacks: int,
    face_up_before_last: int,
    banker: int,
    banker_opening_lead: int,
) -> Finish:
    """The finish labels and multiplier F of a completed hand (§E.4-§E.8, §F.6)."""
    labels: list[str] = []
    mult = 1
    bao = -1
    zun_capture = False
    yao = rules.yao_faces()
    single_lead = last.size == 1
    lead_face = FACE_INDEX[(last.lead & -last.lead).bit_length() - 1] if single_lead else -1
    won_by_leader = last.winner == last.leader
    if single_lead and lead_face in yao:
        if won_by_leader:
            labels.append("yao_jie")
            mult *= rules.yao_jie_mult
        else:
            win_face = FACES[FACE_INDEX[(last.win & -last.win).bit_length() - 1]].text
            if (FACES[lead_face].text, win_face) in (("5-1", "6-1"), ("2-1", "4-2")):
                labels.append("qin")
                mult *= rules.qin_mult
                if rules.qin_bao:
                    bao = last.leader
    if last.lead_cls in (Cls.ZHIZUN, Cls.WENZUN):
        if won_by_leader:
            if rules.bao_zun_mult > 1:
                labels.append("bao_zun")
                mult *= rules.bao_zun_mult
        elif last.lead_cls is Cls.WENZUN and last.win == GAOJIAO_PAIR_MASK:
            labels.append("qin_zun")
            mult *= rules.qin_zun_mult
            bao = last.leader
        elif last.lead_cls is Cls.ZHIZUN and last.win == ZA8_PAIR_MASK:
            zun_capture = True
    if last.win_cls is Cls.QUAD and rules.final_quad_mult > 1:
        labels.append("si_da_bao")
        mult *= rules.final_quad_mult
    if winner_stacks == rules.stacks_per_hand:
        slam, slam_mult = _slam(
            rules, last, lead_face, face_up_before_last, banker, banker_opening_lead, yao
        )
        if slam:
            labels.append(slam)
            mult *= slam_mult
    return Finish(tuple(labels) or ("normal",), mult, bao, zun_capture)


def _slam(
    rules: Rules,
    last: LastTrick,
    lead_face: int,
    face_up_before_last: int,
    banker: int,
    banker_opening_lead: int,
    yao: frozenset[int],
) -> tuple[str, int]:
    if rules.slam is Slam.NONE:
        return "", 1
    if rules.slam is Slam.QUAN_MA:
        return "quan_ma", rules.quan_ma_mult
    combo = last.size >= 2
    tile = (last.lead & -last.lead).bit_length() - 1
    mainland = rules.variant == "mainland"
    ba = (
        combo
        or _is_guaranteed_single(tile, face_up_before_last, mainland)
        or (rules.yao_single_is_ba_zhi and lead_face in yao)
    )
    if ba and last.winner == banker:
        top_opening = _is_top_lead(banker_opening_lead, rules.wen_zun)
        ba = _BANKER_BA_ZHI[rules.banker_ba_zhi_rule](last, lead_face, top_opening)
    return ("ba_zhi", rules.ba_zhi_mult) if ba else ("qi_zhi", rules.qi_zhi_mult)


def _is_top_lead(lead: int, wen_zun: bool) -> bool:
    """A lead of a top tile (天, 9) or of 至尊 (§E.8 (a)); with 文尊 played, a led 5-1 pair
    counts as 至尊 (§B.5), so it is one too."""
    if lead == ZHIZUN_MASK or (wen_zun and lead == WENZUN_MASK):
        return True
    return any(FACE_INDEX[t] in _TOP_FACES for t in range(N_TILES) if lead >> t & 1)


def _top_or_bottom_or_combo(last: LastTrick, lead_face: int, top_opening: bool) -> bool:
    return last.size >= 2 or FACES[lead_face].text in ("6-6", "6-3", "5-4", "5-1", "2-1")


def _no_top_opening_and_combo(last: LastTrick, lead_face: int, top_opening: bool) -> bool:
    return last.size >= 2 and not top_opening


_BANKER_BA_ZHI: dict[BankerBaZhiRule, Callable[[LastTrick, int, bool], bool]] = {
    BankerBaZhiRule.SAME_AS_OTHERS: lambda last, face, top_opening: True,
    BankerBaZhiRule.TOP_BOTTOM_OR_COMBO: _top_or_bottom_or_combo,
    BankerBaZhiRule.NO_TOP_OPENING_AND_COMBO: _no_top_opening_and_combo,
}


def settle(
    rules: Rules,
    seats: Iterable[int],
    winner: int,
    stacks: Sequence[int],
    banker: int,
    f: int,
    fin: Finish,
) -> list[Payment]:
    """End-of-hand transfers between the 結 player and every other (active) seat (§D.1, §E.5)."""
    units = UNITS[rules.settlement]
    dues: dict[int, int] = {}
    for loser in seats:
        if loser == winner:
            continue
        u = units(stacks[loser], rules)
        if winner == banker or (loser == banker and (u > 0 or rules.banker_surplus_multiplied)):
            b = f
        else:
            b = 1
        m = fin.multiplier if (u > 0 or rules.finish_mult_applies_to_surplus) else 1
        dues[loser] = u * b * m
    payments: list[Payment] = []
    if fin.bao >= 0:
        total = sum(d for d in dues.values() if d > 0)
        if total:
            payments.append(Payment(fin.bao, winner, total, "settlement"))
    for loser, due in dues.items():
        if due > 0 and fin.bao < 0:
            payments.append(Payment(loser, winner, due, "settlement"))
        elif due < 0:
            payments.append(Payment(winner, loser, -due, "settlement"))
    return payments


_RED_PIPS = tuple(red_pips(f, 0) for f in TILE_FACE)  # the 6-6 is added per the rules
_HEAVEN = FACE_MASK[parse_face("6-6")]


def li_pai_value(rules: Rules, hand: int) -> dict[str, int]:
    """Every agreed 例牌 the 8-tile ``hand`` qualifies for, with its value (2 = 七枝, 4 = 八枝)."""
    civil = (hand & CIVIL_MASK).bit_count()
    military = hand.bit_count() - civil
    red = (hand & _HEAVEN).bit_count() * rules.six_six_red_pips
    rest = hand & ~_HEAVEN
    while rest and red < 2:
        low = rest & -rest
        red += _RED_PIPS[low.bit_length() - 1]
        rest ^= low
    agreed = rules.li_pai
    found: dict[str, int] = {}
    if agreed.quan_bai and red == 0:
        found["quan_bai"] = 4
    if agreed.yi_dian_hong and red == 1:
        found["yi_dian_hong"] = 2
    if agreed.seven_civil and civil == 7:
        found["seven_civil"] = 2
    if agreed.eight_civil and civil == 8:
        found["eight_civil"] = 4
    if agreed.seven_mil and military == 7:
        found["seven_mil"] = 2
    if agreed.eight_mil and military == 8:
        found["eight_mil"] = 4
    if agreed.four_pairs and _is_four_pairs(hand, rules.four_pairs_counts_zhizun, rules.wen_zun):
        found["four_pairs"] = 4
    return found


def _is_four_pairs(hand: int, zhizun_counts: bool, wen_zun: bool) -> bool:
    """The hand splits into four natural pairs: civil doubles or same-value military pairs.

    至尊, and the 5-1 pair when it is played as 文尊, count only if the table agreed
    (``four_pairs_counts_zhizun``, §E.9, §I #34)."""
    pairs = [
        g.mask
        for g in GROUPS
        if (
            g.kind in (Kind.CIVIL_PAIR, Kind.MILITARY_PAIR)
            and (zhizun_counts or not wen_zun or g.mask != WENZUN_MASK)
        )
        or (zhizun_counts and g.kind is Kind.ZHIZUN)
    ]

    def split(rest: int) -> bool:
        if not rest:
            return True
        low = rest & -rest
        return any(p & low and p & rest == p and split(rest & ~p) for p in pairs)

    return hand.bit_count() % 2 == 0 and split(hand)
