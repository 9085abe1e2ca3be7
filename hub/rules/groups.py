"""Every legal group (rules.md §B.3), classified, and who beats whom (§B.4-§B.5, §F.1-§F.2).

The 84 groups are built once at import as masks. How they are classified
depends on the variant (HK suits or mainland systems) and on 文尊, so a
`GroupTable` is built once per such combination and cached; after that,
classifying a play is one dict lookup and the plays that beat a group are a
precomputed list.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from functools import cache

from hub.rules.tiles import (
    FACE_INDEX,
    FACE_MASK,
    FACES,
    N_TILES,
    TILES_OF_FACE,
    Face,
    Suit,
    System,
    parse_face,
)


class Kind(IntEnum):
    """What a group is, before the variant decides how it compares."""

    SINGLE = 0
    CIVIL_PAIR = 1
    MILITARY_PAIR = 2
    MIXED_PAIR = 3  # 天九 地八 人七 和五 (文武)
    ZHIZUN = 4  # 4-2 + 2-1 (至尊, 武尊)
    SAN_WEN = 5  # 2 civil + 1 military of a series (三文)
    SAN_WU = 6  # 1 civil + 2 military of a series (三武)
    QUAD = 7  # 四大


class Cls(IntEnum):
    """Comparison classes: a play beats only a play of the same class (§B.4)."""

    SINGLE_CIVIL = 0
    SINGLE_MILITARY = 1  # also the mainland 杂门
    SINGLE_GONG = 2
    SINGLE_YAO = 3
    PAIR_CIVIL = 4
    PAIR_GONG = 5
    PAIR_YAO = 6
    PAIR_MILITARY = 7
    PAIR_MIXED = 8
    ZHIZUN = 9
    WENZUN = 10
    SAN_WEN = 11
    SAN_WU = 12
    QUAD = 13


SERIES = ("he", "ren", "di", "tian")  # weakest first: strength = index + 1
SERIES_CIVIL = {"tian": "6-6", "di": "1-1", "ren": "4-4", "he": "3-1"}


@dataclass(frozen=True, slots=True)
class Group:
    mask: int
    kind: Kind
    key: int  # face index (single, civil pair), military strength, or series strength


def _bit(t: int) -> int:
    return 1 << t


def _build_groups() -> tuple[Group, ...]:
    out: list[Group] = []
    for t in range(N_TILES):
        out.append(Group(_bit(t), Kind.SINGLE, FACE_INDEX[t]))
    for f, face in enumerate(FACES):
        if face.suit is Suit.CIVIL:
            out.append(Group(FACE_MASK[f], Kind.CIVIL_PAIR, f))
    by_value: dict[int, int] = {}
    for f, face in enumerate(FACES):
        if face.suit is Suit.MILITARY:
            by_value[face.strength] = by_value.get(face.strength, 0) | FACE_MASK[f]
    for strength, mask in sorted(by_value.items()):
        if mask.bit_count() == 2:
            out.append(Group(mask, Kind.MILITARY_PAIR, strength))
    out.append(Group(FACE_MASK[parse_face("4-2")] | FACE_MASK[parse_face("2-1")], Kind.ZHIZUN, 0))
    for s_strength, series in enumerate(SERIES, start=1):
        civil = list(TILES_OF_FACE[parse_face(SERIES_CIVIL[series])])
        mil = [
            t
            for f, face in enumerate(FACES)
            if face.suit is Suit.MILITARY and face.series == series
            for t in TILES_OF_FACE[f]
        ]
        for c in civil:
            for m in mil:
                out.append(Group(_bit(c) | _bit(m), Kind.MIXED_PAIR, s_strength))
        for m in mil:
            out.append(Group(_bit(civil[0]) | _bit(civil[1]) | _bit(m), Kind.SAN_WEN, s_strength))
        for c in civil:
            out.append(Group(_bit(c) | _bit(mil[0]) | _bit(mil[1]), Kind.SAN_WU, s_strength))
        out.append(
            Group(
                _bit(civil[0]) | _bit(civil[1]) | _bit(mil[0]) | _bit(mil[1]), Kind.QUAD, s_strength
            )
        )
    return tuple(out)


GROUPS: tuple[Group, ...] = _build_groups()
GROUP_BY_MASK: dict[int, Group] = {g.mask: g for g in GROUPS}
ZHIZUN_MASK = next(g.mask for g in GROUPS if g.kind is Kind.ZHIZUN)
WENZUN_MASK = FACE_MASK[parse_face("5-1")]
GAOJIAO_PAIR_MASK = FACE_MASK[parse_face("6-1")]
ZA8_PAIR_MASK = FACE_MASK[parse_face("6-2")] | FACE_MASK[parse_face("5-3")]
SERIES_KINDS = frozenset({Kind.MIXED_PAIR, Kind.SAN_WEN, Kind.SAN_WU, Kind.QUAD})


def _by_lowest(groups: tuple[Group, ...]) -> tuple[tuple[int, ...], ...]:
    table: list[list[int]] = [[] for _ in range(N_TILES)]
    for g in groups:
        low = (g.mask & -g.mask).bit_length() - 1
        table[low].append(g.mask)
    return tuple(tuple(x) for x in table)


COMBOS_BY_LOWEST = _by_lowest(tuple(g for g in GROUPS if g.kind is not Kind.SINGLE))
"""COMBOS_BY_LOWEST[t]: the masks of every group of 2+ tiles whose lowest tile id is t."""

COMBOS_CONTAINING: tuple[tuple[int, ...], ...] = tuple(
    tuple(g.mask for g in GROUPS if g.mask & _bit(t) and g.kind is not Kind.SINGLE)
    for t in range(N_TILES)
)
"""COMBOS_CONTAINING[t]: every group of two or more tiles that contains tile t."""


@dataclass(frozen=True, slots=True)
class GroupTable:
    """Classification and beating for one variant: play mask -> (class, strength)."""

    classify: dict[int, tuple[Cls, int]]
    beaters: dict[tuple[Cls, int], tuple[int, ...]]  # strongest last
    beat_sets: dict[tuple[Cls, int], frozenset[int]]
    single_beats: dict[tuple[Cls, int], int]  # for a single: the mask of every tile that beats it
    mainland: bool
    wen_zun: bool


def _classify(g: Group, mainland: bool, wen_zun: bool) -> tuple[Cls, int]:
    if g.kind is Kind.SINGLE:
        face = FACES[g.key]
        if not mainland:
            cls = Cls.SINGLE_CIVIL if face.suit is Suit.CIVIL else Cls.SINGLE_MILITARY
            return cls, face.strength
        cls = {System.GONG: Cls.SINGLE_GONG, System.ZA: Cls.SINGLE_MILITARY}.get(
            face.system, Cls.SINGLE_YAO
        )
        return cls, face.system_strength
    if g.kind is Kind.CIVIL_PAIR:
        if wen_zun and g.mask == WENZUN_MASK:
            return Cls.WENZUN, 0
        face = FACES[g.key]
        if not mainland:
            return Cls.PAIR_CIVIL, face.strength
        cls = Cls.PAIR_GONG if face.system is System.GONG else Cls.PAIR_YAO
        return cls, face.system_strength
    simple = {
        Kind.MILITARY_PAIR: Cls.PAIR_MILITARY,
        Kind.MIXED_PAIR: Cls.PAIR_MIXED,
        Kind.ZHIZUN: Cls.ZHIZUN,
        Kind.SAN_WEN: Cls.SAN_WEN,
        Kind.SAN_WU: Cls.SAN_WU,
        Kind.QUAD: Cls.QUAD,
    }
    return simple[g.kind], g.key


ZA8_STRENGTH = 5  # the military eights (6-2, 5-3)
GAOJIAO_PAIR_KEYS = frozenset(  # the 高腳七 pair among the HK civil pairs, or the mainland 幺 pairs
    {
        (Cls.PAIR_CIVIL, FACES[parse_face("6-1")].strength),
        (Cls.PAIR_YAO, FACES[parse_face("6-1")].system_strength),
    }
)


def can_capture(
    best: tuple[Cls, int], cand: tuple[Cls, int], za8_captures: bool, wen_zun_capture: bool
) -> bool:
    """Whether ``cand`` beats ``best``: same class and higher, or a designated capture.

    至尊 is beaten by nothing, except a 杂8对 in the mainland game (§F.2); a led
    文尊 only by the 高腳七 pair (擒尊, §B.5).
    """
    bcls, bstr = best
    ccls, cstr = cand
    if bcls is Cls.ZHIZUN:
        return za8_captures and ccls is Cls.PAIR_MILITARY and cstr == ZA8_STRENGTH
    if bcls is Cls.WENZUN:
        return wen_zun_capture and cand in GAOJIAO_PAIR_KEYS
    return ccls is bcls and cstr > bstr


ZUN_CAPTURED: tuple[Cls, int] = (Cls.WENZUN, -1)
"""The best play of a trick once a 高腳七 pair has captured its led 文尊 (擒尊): that pair wins
the trick, for only it beats 文尊 (§B.5) and a beat must be of the lead's class (§B.4), so no
pair of its own class may overtake it as the higher pairs would a led 高腳七 pair."""


@cache
def group_table(
    mainland: bool, wen_zun: bool, za8_captures: bool, wen_zun_capture: bool
) -> GroupTable:
    classify = {g.mask: _classify(g, mainland, wen_zun) for g in GROUPS}
    size_of = {key: m.bit_count() for m, key in classify.items()}
    beaters = {
        key: tuple(
            m
            for m, cand in classify.items()
            if m.bit_count() == size and can_capture(key, cand, za8_captures, wen_zun_capture)
        )
        for key, size in size_of.items()
    }
    beaters[ZUN_CAPTURED] = ()
    beat_sets = {key: frozenset(ms) for key, ms in beaters.items()}
    single_beats = {key: sum(ms) for key, ms in beaters.items() if size_of.get(key) == 1}
    return GroupTable(classify, beaters, beat_sets, single_beats, mainland, wen_zun)


GROUP_LANGS = ("zh-Hant", "zh-Hans", "en")
"""The languages `describe_group` names a group in."""

# How each language names the groups of §B.3: {f} the face's own name (a pair), {c} the civil
# tile of a series (天 / Teen), {m} its military value (九 / Gow), {d} that value as a digit.
_GROUP_WORDS: dict[str, dict[Kind | str, str]] = {
    "zh-Hant": {
        Kind.CIVIL_PAIR: "{f}對", Kind.MILITARY_PAIR: "{f}對", Kind.MIXED_PAIR: "{c}{m}",
        Kind.SAN_WEN: "三文{c}{c}{d}", Kind.SAN_WU: "三武{c}{d}{d}", Kind.QUAD: "四大{c}{c}{d}{d}",
        Kind.ZHIZUN: "至尊", "wen_zun": "文尊",
    },
    "zh-Hans": {
        Kind.CIVIL_PAIR: "{f}对", Kind.MILITARY_PAIR: "{f}对", Kind.MIXED_PAIR: "{c}{m}",
        Kind.SAN_WEN: "三文{c}{c}{d}", Kind.SAN_WU: "三武{c}{d}{d}", Kind.QUAD: "四大{c}{c}{d}{d}",
        Kind.ZHIZUN: "至尊", "wen_zun": "文尊",
    },
    "en": {  # the Cantonese readings the tile names use: 天九 Teen Gow, 雜九 Chop Gow
        Kind.CIVIL_PAIR: "{f} pair", Kind.MILITARY_PAIR: "{f} pair", Kind.MIXED_PAIR: "{c} {m}",
        Kind.SAN_WEN: "{c} {c} {m}", Kind.SAN_WU: "{c} {m} {m}", Kind.QUAD: "{c} {c} {m} {m}",
        Kind.ZHIZUN: "Gee Joon", "wen_zun": "civil Gee Joon",
    },
}  # fmt: skip


def _face_name(face: Face, lang: str) -> str:
    return {"zh-Hant": face.name_hant, "zh-Hans": face.name_hans}.get(lang, face.name_en)


def _series_military(series: str) -> Face:
    return next(f for f in FACES if f.suit is Suit.MILITARY and f.series == series)


def describe_group(mask: int, table: GroupTable, lang: str = "zh-Hant") -> str:
    """A group's usual name (§B.3) in ``lang``: 天, 天對, 天九, 三文天天9, 三武天99, 四大天天99,
    至尊 …; in English Teen, Teen pair, Teen Gow, Teen Teen Gow, Teen Gow Gow, Gee Joon …"""
    if lang not in _GROUP_WORDS:
        raise ValueError(f"no group names in {lang!r}; names are in {', '.join(GROUP_LANGS)}")
    g = GROUP_BY_MASK.get(mask)
    if g is None:
        return "not a group"
    words = _GROUP_WORDS[lang]
    if g.kind is Kind.SINGLE:
        return _face_name(FACES[g.key], lang)
    if g.kind is Kind.CIVIL_PAIR and table.wen_zun and mask == WENZUN_MASK:
        return words["wen_zun"]
    if g.kind in (Kind.CIVIL_PAIR, Kind.MILITARY_PAIR):
        face = FACES[FACE_INDEX[(mask & -mask).bit_length() - 1]]
        return words[g.kind].format(f=_face_name(face, lang))
    if g.kind is Kind.ZHIZUN:
        return words[g.kind]
    series = SERIES[g.key - 1]
    civil, mil = FACES[parse_face(SERIES_CIVIL[series])], _series_military(series)
    # the military value in words: 九 (雜九 less its 雜), Gow (Chop Gow less its Chop)
    value = mil.name_en.split()[-1] if lang == "en" else _face_name(mil, lang)[1:]
    return words[g.kind].format(c=_face_name(civil, lang), m=value, d=mil.pips)


def group_names(mask: int, table: GroupTable) -> dict[str, str]:
    """A play's name in each of `GROUP_LANGS` (天九 / 天九 / Teen Gow): what the pages say for
    a face-up play, and for the play a refusal names."""
    return {lang: describe_group(mask, table, lang) for lang in GROUP_LANGS}
