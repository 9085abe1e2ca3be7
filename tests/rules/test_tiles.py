"""The tile table and everything derived from it (rules.md §A)."""

from __future__ import annotations

import pytest

from hub.rules import tiles as T
from hub.rules.tiles import FACES, TileError, parse_face, parse_tiles, red_pips


def test_the_set_checksums() -> None:
    assert sum(f.copies for f in FACES) == 32
    assert sum(f.copies for f in FACES if f.suit is T.Suit.CIVIL) == 22
    assert sum(f.copies for f in FACES if f.suit is T.Suit.MILITARY) == 10
    assert T.PIP_TOTAL == 227
    assert sum(red_pips(f, 6) * f.copies for f in FACES) == 64
    assert len({f.text for f in FACES}) == 21


def test_derived_tables_match_a_slow_recomputation() -> None:
    ids = [(f, c) for f, face in enumerate(FACES) for c in range(face.copies)]
    assert [f for f, _ in ids] == list(T.FACE_INDEX)
    for t, (f, _) in enumerate(ids):
        assert T.TILE_FACE[t] is FACES[f]
        assert T.IS_CIVIL[t] == (FACES[f].suit is T.Suit.CIVIL)
        assert T.FACE_MASK[f] >> t & 1
    assert T.CIVIL_MASK | T.MILITARY_MASK == T.ALL_TILES
    assert T.CIVIL_MASK & T.MILITARY_MASK == 0
    assert T.CIVIL_MASK.bit_count() == 22


def test_civil_order_and_military_ties() -> None:
    civil = [f.text for f in sorted(FACES, key=lambda f: -f.strength) if f.suit is T.Suit.CIVIL]
    assert civil == ["6-6", "1-1", "4-4", "3-1", "5-5", "3-3", "2-2", "6-5", "6-4", "6-1", "5-1"]
    mil = {f.text: f.strength for f in FACES if f.suit is T.Suit.MILITARY}
    assert mil["6-3"] == mil["5-4"] > mil["6-2"] == mil["5-3"] > mil["5-2"] == mil["4-3"]
    assert mil["4-3"] > mil["4-2"] > mil["4-1"] == mil["3-2"] > mil["2-1"]


@pytest.mark.parametrize(
    ("text", "face"),
    [
        ("6-6", "6-6"),
        ("4-5", "5-4"),
        ("天", "6-6"),
        ("鵝", "3-1"),
        ("长三", "3-3"),
        ("丁三", "2-1"),
        ("二四", "4-2"),
        ("紅九", "5-4"),
        ("高腳七", "6-1"),
        ("斧頭", "6-5"),
        ("虎頭", "6-5"),
    ],
)
def test_parse_faces_and_names(text: str, face: str) -> None:
    assert FACES[parse_face(text)].text == face


@pytest.mark.parametrize(
    ("text", "face"),
    [  # the short names and aliases of rules.md §A.1 that name one face
        ("十", "6-4"),
        ("瓶", "6-4"),
        ("短10", "6-4"),
        ("牌頭", "6-4"),  # [003] ¶1's name, §A.1 and §I #25 (also the wall's taking, §B.2)
        ("牌头", "6-4"),
        ("短11", "6-5"),
        ("短7", "6-1"),
        ("羽扇", "5-1"),
        ("六", "4-2"),
        ("大雞", "4-2"),
        ("大雞六", "4-2"),
        ("大鸡", "4-2"),
        ("小雜", "2-1"),
        ("小杂", "2-1"),
        ("細雞", "2-1"),
        ("细鸡", "2-1"),
        ("小三", "2-1"),
        ("么鸡", "2-1"),
        ("丁鸡", "2-1"),
        ("细么", "2-1"),
    ],
)
def test_every_name_of_one_face_in_the_spec_table_is_read(text: str, face: str) -> None:
    assert FACES[parse_face(text)].text == face


@pytest.mark.parametrize(
    ("face", "hk", "mainland"),
    [
        ("3-1", "和", "鹅"),
        ("6-5", "斧頭", "虎头"),
        ("5-1", "拎冧六", "铜锤六"),
        ("2-1", "丁三", "幺二"),
    ],
)
def test_a_tile_is_named_the_hong_kong_way_in_traditional_and_the_mainland_way_in_simplified(
    face: str, hk: str, mainland: str
) -> None:
    """rules.md §A.1 gives a tile's usual names as HK / mainland where they differ: the
    Simplified pages, read on the mainland, said the HK 和, 斧头 and 丁三 beside the mainland
    铜锤六. (么 is written 幺 in Simplified, as in 幺结 and [000]'s 幺门.)"""
    f = FACES[parse_face(face)]
    assert (f.name_hant, f.name_hans) == (hk, mainland)
    assert [
        T.name_of(T.TILES_OF_FACE[parse_face(face)][0], lang) for lang in ("zh-Hant", "zh-Hans")
    ] == [hk, mainland]
    assert parse_face(mainland) == parse_face(face)  # and a name shown is a name read


@pytest.mark.parametrize("name", ["雜九", "杂八", "大頭六", "銅錘", "猴", "么"])
def test_names_of_two_faces_are_refused_with_the_reason(name: str) -> None:
    with pytest.raises(TileError, match="more than one tile"):
        parse_face(name)


@pytest.mark.parametrize("text", ["7-1", "0-0", "6-0", "x", ""])
def test_unknown_tiles_say_what_is_accepted(text: str) -> None:
    with pytest.raises(TileError, match="H-L"):
        parse_face(text)


def test_copies_are_allocated_and_counted() -> None:
    a, b = parse_tiles("6-6 6-6")
    assert a != b and T.face_of(a) == T.face_of(b) == "6-6"
    with pytest.raises(TileError, match="more often"):
        parse_tiles("5-4 4-5")
