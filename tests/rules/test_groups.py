"""Legal groups and who beats whom (rules.md §B.3-§B.5, §F.1-§F.2, §J S27)."""

from __future__ import annotations

import pytest

from hub.rules.groups import GROUPS, Cls, Kind, describe_group, group_table
from hub.rules.tiles import mask_of, parse_tiles

HK = group_table(False, False, False, True)
HK_WEN = group_table(False, True, False, True)
ML = group_table(True, False, True, True)
ML_WEN = group_table(True, True, True, True)  # a mainland club that agrees 文尊


def m(text: str) -> int:
    return mask_of(parse_tiles(text))


def beats(table: object, cand: str, best: str) -> bool:
    t = table  # type: ignore[assignment]
    key_best = t.classify[m(best)]  # type: ignore[attr-defined]
    return m(cand) in t.beat_sets[key_best]  # type: ignore[attr-defined]


def test_group_census() -> None:
    kinds = [g.kind for g in GROUPS]
    assert kinds.count(Kind.SINGLE) == 32
    assert kinds.count(Kind.CIVIL_PAIR) == 11
    assert kinds.count(Kind.MILITARY_PAIR) == 4
    assert kinds.count(Kind.ZHIZUN) == 1
    assert kinds.count(Kind.MIXED_PAIR) == 16
    assert kinds.count(Kind.SAN_WEN) == kinds.count(Kind.SAN_WU) == 8
    assert kinds.count(Kind.QUAD) == 4


@pytest.mark.parametrize(
    "text", ["6-4 6-1", "6-3 6-2", "6-6 6-2", "4-2 4-1", "6-6 6-3 6-2", "6-6 4-4 6-3"]
)
def test_not_a_legal_group(text: str) -> None:
    assert m(text) not in HK.classify


def test_classes_of_s27() -> None:
    assert HK.classify[m("3-1 3-2")] == HK.classify[m("3-1 4-1")]  # both 和五
    assert HK.classify[m("5-1 5-1")][0] is Cls.PAIR_CIVIL
    assert HK_WEN.classify[m("5-1 5-1")][0] is Cls.WENZUN
    assert HK.classify[m("6-6 6-6 6-3")][0] is Cls.SAN_WEN
    assert HK.classify[m("1-1 1-1 6-2 5-3")][0] is Cls.QUAD


@pytest.mark.parametrize(
    ("table", "cand", "best", "expected"),
    [
        (HK, "1-1 1-1 6-2", "4-4 4-4 4-3", True),  # 三文地八 beats 三文人七
        (HK, "6-6 6-3 5-4", "4-4 4-4 4-3", False),  # 三武 never beats 三文
        (HK, "6-6 6-6", "4-2 2-1", False),
        (HK, "4-2 2-1", "6-6 6-6", False),
        (HK_WEN, "6-1 6-1", "5-1 5-1", True),  # 擒尊
        (HK_WEN, "6-6 6-6", "5-1 5-1", False),
        (HK, "4-2", "4-1", True),
        (HK, "4-1", "2-1", True),
        (HK, "4-2", "4-3", False),
        (HK, "2-2", "6-5", True),
        (HK, "6-5", "2-2", False),
        (HK, "5-4", "6-3", False),  # equal nines tie
        (HK, "6-6 5-4", "6-6 6-3", False),
        (ML, "2-2", "6-5", False),  # different systems
        (ML, "6-5", "2-2", False),
        (ML, "6-2 5-3", "4-2 2-1", True),  # 杂8对 captures 至尊
        (ML, "6-3 5-4", "4-2 2-1", False),
        (ML, "6-3 5-4", "6-2 5-3", True),
        (ML, "6-5 6-5", "6-1 6-1", True),  # 幺 pairs inside their system
        (ML, "2-2 2-2", "6-1 6-1", False),
        (ML_WEN, "6-1 6-1", "5-1 5-1", True),  # §B.5: the 高腳七 pair captures 文尊 (擒尊)
        (ML_WEN, "6-5 6-5", "5-1 5-1", False),  # nothing else does
        (ML_WEN, "6-6 6-6", "5-1 5-1", False),
    ],
)
def test_beats(table: object, cand: str, best: str, expected: bool) -> None:
    assert beats(table, cand, best) is expected


def test_civil_pair_never_beats_a_mixed_pair() -> None:
    assert not beats(HK, "6-6 6-6", "3-1 3-2")


@pytest.mark.parametrize(
    ("text", "hant", "hans", "en"),
    [
        ("6-6", "天", "天", "Teen"),
        ("5-1", "拎冧六", "铜锤六", "Luk"),
        ("3-3 3-3", "長三對", "长三对", "Chong pair"),
        ("6-3 5-4", "雜九對", "杂九对", "Chop Gow pair"),
        ("6-6 5-4", "天九", "天九", "Teen Gow"),
        ("3-1 3-2", "和五", "鹅五", "Gor Ng"),  # 3-1 is 和 in HK, 鹅 on the mainland (§A.1)
        ("2-1", "丁三", "幺二", "Gee Joon three"),
        ("3-1 3-1 3-2", "三文和和5", "三文鹅鹅5", "Gor Gor Ng"),
        ("4-2 2-1", "至尊", "至尊", "Gee Joon"),
        ("4-4 4-4 4-3", "三文人人7", "三文人人7", "Yun Yun Chit"),
        ("1-1 6-2 5-3", "三武地88", "三武地88", "Day Bot Bot"),
        ("6-6 6-6 6-3 5-4", "四大天天99", "四大天天99", "Teen Teen Gow Gow"),
    ],
)
def test_a_group_is_named_in_each_language(text: str, hant: str, hans: str, en: str) -> None:
    """§B.3 names the groups; the pages of each language say them (the names were Traditional
    Chinese only, so the Simplified and English pages named a group play tile by tile)."""
    names = [describe_group(m(text), HK, lang) for lang in ("zh-Hant", "zh-Hans", "en")]
    assert names == [hant, hans, en]
    assert describe_group(m(text), HK) == hant  # Traditional unless asked


def test_wen_zun_is_named_in_each_language() -> None:
    names = [describe_group(m("5-1 5-1"), HK_WEN, lang) for lang in ("zh-Hant", "zh-Hans", "en")]
    assert names == ["文尊", "文尊", "civil Gee Joon"]
    assert describe_group(m("5-1 5-1"), HK, "en") == "Luk pair"  # without 文尊, the lowest pair


def test_a_language_without_names_is_refused() -> None:
    with pytest.raises(ValueError, match=r"'fr'.*zh-Hant, zh-Hans, en"):
        describe_group(m("6-6"), HK, "fr")
