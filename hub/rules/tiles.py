"""The 32 tiles: ids, faces, names, and the tables derived from them at import.

A tile is an ``int`` 0–31, one per physical tile: the two copies of a civil face
have ids ``2*f`` and ``2*f + 1``; military faces have one id each. A set of tiles
(a hand, a play, a trick) is an ``int`` bit mask. The face table below is the
only hand-typed data; everything else is derived from it.

>>> face_of(parse_tiles("6-6")[0])
'6-6'
>>> [face_of(t) for t in parse_tiles("4-5 天 二四")]
['5-4', '6-6', '4-2']
>>> format_mask(mask_of(parse_tiles("2-1 4-2")))
'4-2+2-1'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class Suit(IntEnum):
    """HK suits: civil (文) and military (武)."""

    CIVIL = 0
    MILITARY = 1


class System(IntEnum):
    """The mainland game's three systems ([000]): 宫, 杂, 幺."""

    GONG = 0
    ZA = 1
    YAO = 2


@dataclass(frozen=True, slots=True)
class Face:
    """One of the 21 faces, as written on the table of rules.md §A.1."""

    hi: int
    lo: int
    suit: Suit
    strength: int  # within the suit, higher beats lower; equal military values tie
    system: System
    system_strength: int  # within the mainland system
    series: str  # '' or the 天/地/人/和 series this face belongs to (6-6 and the nines: 'tian')
    name_hant: str
    name_hans: str
    name_en: str
    aliases: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return f"{self.hi}-{self.lo}"

    @property
    def copies(self) -> int:
        return 2 if self.suit is Suit.CIVIL else 1

    @property
    def pips(self) -> int:
        return self.hi + self.lo


C, M = Suit.CIVIL, Suit.MILITARY
G, Z, Y = System.GONG, System.ZA, System.YAO

# The names shown: name_hant the Hong Kong name and name_hans the mainland one, where rules.md
# §A.1 gives a tile's usual names as HK / mainland (和 / 鹅, 斧頭 / 虎头, 拎冧六 / 铜锤六, 丁三 / 幺二);
# the Simplified pages are read on the mainland. 么 is written 幺 in Simplified (幺结, [000]'s 幺门).
# fmt: off
FACES: tuple[Face, ...] = (
    # civil, high to low (rules.md §A.2)
    Face(6, 6, C, 11, G, 7, "tian", "天", "天", "Teen", ("天牌",)),
    Face(1, 1, C, 10, G, 6, "di", "地", "地", "Day", ("地牌",)),
    Face(4, 4, C, 9, G, 5, "ren", "人", "人", "Yun", ("人牌",)),
    Face(3, 1, C, 8, G, 4, "he", "和", "鹅", "Gor", ("鵝", "么鵝", "幺鹅")),
    Face(5, 5, C, 7, G, 3, "", "梅", "梅", "Mooy", ("梅花",)),
    Face(3, 3, C, 6, G, 2, "", "長三", "长三", "Chong", ("長", "长", "長衫", "長牌", "长牌")),
    Face(2, 2, C, 5, G, 1, "", "板凳", "板凳", "Bon", ("板", "板牌")),
    Face(6, 5, C, 4, Y, 4, "", "斧頭", "虎头", "Foo", ("虎頭", "斧头", "斧", "黑十一", "短11")),
    Face(6, 4, C, 3, Y, 3, "", "紅頭十", "红头十", "Ping", ("十", "屏風", "屏风", "瓶", "牌頭", "牌头", "四六", "短10")),
    Face(6, 1, C, 2, Y, 2, "", "高腳七", "高脚七", "Tsit", ("高腳", "高脚", "么六", "幺六", "短7")),
    Face(5, 1, C, 1, Y, 1, "", "拎冧六", "铜锤六", "Luk", ("銅錘六", "零霖六", "零林六", "么五", "幺五", "羽扇")),
    # military, high to low; equal values tie (§A.2)
    Face(6, 3, M, 6, Z, 6, "tian", "雜九", "杂九", "Chop Gow", ("黑九", "白九")),
    Face(5, 4, M, 6, Z, 6, "tian", "雜九", "杂九", "Chop Gow", ("紅九", "红九", "紅頭九", "红头九")),
    Face(6, 2, M, 5, Z, 5, "di", "雜八", "杂八", "Chop Bot", ("平八", "平頭八", "平头八")),
    Face(5, 3, M, 5, Z, 5, "di", "雜八", "杂八", "Chop Bot", ("黑八", "斜頭八", "斜头八")),
    Face(5, 2, M, 4, Z, 4, "ren", "雜七", "杂七", "Chop Chit", ("黑七", "白七")),
    Face(4, 3, M, 4, Z, 4, "ren", "雜七", "杂七", "Chop Chit", ("紅七", "红七", "紅頭七", "红头七")),
    Face(4, 2, M, 3, Z, 3, "", "二四", "二四", "Gee Joon six", ("六", "大雜六", "大杂六", "大雞", "大鸡", "大雞六", "大鸡六", "大猴", "大么", "6點", "6点")),
    Face(4, 1, M, 2, Z, 2, "he", "雜五", "杂五", "Chop Ng", ("紅五", "红五")),
    Face(3, 2, M, 2, Z, 2, "he", "雜五", "杂五", "Chop Ng", ("黑五", "白五")),
    Face(2, 1, M, 1, Z, 1, "", "丁三", "幺二", "Gee Joon three", ("么二", "么雞", "么鸡", "丁雞", "丁鸡", "小雜", "小杂", "細雞", "细鸡", "細么", "细么", "小三", "小猴", "3點", "3点")),
)
# fmt: on

N_TILES = 32
ALL_TILES = (1 << N_TILES) - 1


def _build_ids() -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    face_of_tile: list[int] = []
    tiles_of_face: list[tuple[int, ...]] = []
    for f, face in enumerate(FACES):
        ids = tuple(range(len(face_of_tile), len(face_of_tile) + face.copies))
        face_of_tile.extend([f] * face.copies)
        tiles_of_face.append(ids)
    return tuple(face_of_tile), tuple(tiles_of_face)


FACE_INDEX, TILES_OF_FACE = _build_ids()
"""FACE_INDEX[tile] -> index into FACES; TILES_OF_FACE[face] -> its tile ids."""

FACE_MASK: tuple[int, ...] = tuple(sum(1 << t for t in ids) for ids in TILES_OF_FACE)
TILE_FACE: tuple[Face, ...] = tuple(FACES[f] for f in FACE_INDEX)
IS_CIVIL: tuple[bool, ...] = tuple(f.suit is Suit.CIVIL for f in TILE_FACE)
STRENGTH: tuple[int, ...] = tuple(f.strength for f in TILE_FACE)
CIVIL_MASK = sum(1 << t for t in range(N_TILES) if IS_CIVIL[t])
MILITARY_MASK = ALL_TILES & ~CIVIL_MASK

_BY_TEXT: dict[str, int] = {}
for _f, _face in enumerate(FACES):
    _BY_TEXT[f"{_face.hi}-{_face.lo}"] = _f
    _BY_TEXT[f"{_face.lo}-{_face.hi}"] = _f


def _build_names() -> tuple[dict[str, int], dict[str, tuple[int, ...]]]:
    """Chinese names to faces; names shared by several faces are kept apart."""
    owners: dict[str, set[int]] = {}
    for f, face in enumerate(FACES):
        for name in (face.name_hant, face.name_hans, *face.aliases):
            owners.setdefault(name, set()).add(f)
    # Names that rules.md §A.4 records as colliding between sources.
    owners.setdefault("大頭六", set()).update({_BY_TEXT["4-2"], _BY_TEXT["5-1"]})
    owners.setdefault("大头六", set()).update({_BY_TEXT["4-2"], _BY_TEXT["5-1"]})
    owners.setdefault("銅錘", set()).update({_BY_TEXT["5-1"], _BY_TEXT["6-1"]})
    owners.setdefault("铜锤", set()).update({_BY_TEXT["5-1"], _BY_TEXT["6-1"]})
    # 猴: the two Gee Joon tiles together in [ANA] (§H); 么 alone: the lowest tile, 5-1 or 2-1 (§A.4)
    owners.setdefault("猴", set()).update({_BY_TEXT["4-2"], _BY_TEXT["2-1"]})
    owners.setdefault("么", set()).update({_BY_TEXT["5-1"], _BY_TEXT["2-1"]})
    unique = {n: next(iter(fs)) for n, fs in owners.items() if len(fs) == 1}
    shared = {n: tuple(sorted(fs)) for n, fs in owners.items() if len(fs) > 1}
    return unique, shared


_BY_NAME, _SHARED_NAMES = _build_names()


class TileError(ValueError):
    """A tile written in a way that names no face, or more than one."""


def parse_face(text: str) -> int:
    """The face index of a tile written ``H-L``, ``L-H`` or by an unambiguous Chinese name.

    >>> FACES[parse_face("1-3")].text
    '3-1'
    >>> parse_face("雜九")
    Traceback (most recent call last):
    ...
    hub.rules.tiles.TileError: '雜九' names more than one tile (6-3, 5-4): write the face as H-L
    """
    t = text.strip()
    if t in _BY_TEXT:
        return _BY_TEXT[t]
    if t in _BY_NAME:
        return _BY_NAME[t]
    if t in _SHARED_NAMES:
        faces = ", ".join(FACES[f].text for f in _SHARED_NAMES[t])
        raise TileError(f"{text!r} names more than one tile ({faces}): write the face as H-L")
    raise TileError(
        f"unknown tile {text!r}: write a face as H-L with pips 1-6 that exists in the "
        f"Chinese set (e.g. '6-6', '5-4', '2-1') or an unambiguous Chinese name such as 天"
    )


def parse_tiles(text: str) -> list[int]:
    """Tile ids for faces separated by spaces, commas or '+', lowest free copy first."""
    out: list[int] = []
    used = 0
    for part in text.replace(",", " ").replace("+", " ").split():
        t = allocate(parse_face(part), used)
        if t < 0:
            raise TileError(f"{part!r} appears more often than the set has copies")
        used |= 1 << t
        out.append(t)
    return out


def allocate(face: int, taken: int, within: int = ALL_TILES) -> int:
    """The lowest id of ``face`` inside ``within`` and not in ``taken``; -1 if none."""
    free = FACE_MASK[face] & within & ~taken
    return (free & -free).bit_length() - 1


def face_of(tile: int) -> str:
    return TILE_FACE[tile].text


def mask_of(tiles: list[int] | tuple[int, ...]) -> int:
    m = 0
    for t in tiles:
        m |= 1 << t
    return m


def tiles_in(mask: int) -> list[int]:
    """The ids in a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def faces_in(mask: int) -> list[str]:
    return [face_of(t) for t in tiles_in(mask)]


def format_mask(mask: int) -> str:
    """A play written as its faces joined by '+', strongest first (``6-6+5-4``)."""
    return "+".join(faces_in(mask)) if mask else "-"


def name_of(tile: int, lang: str = "zh-Hant") -> str:
    face = TILE_FACE[tile]
    if lang == "zh-Hans":
        return face.name_hans
    if lang == "en":
        return face.name_en
    return face.name_hant


def red_pips(face: Face, six_six_red: int) -> int:
    """Red pips on a face: the 1s and 4s are red; the 6-6 has ``six_six_red`` (§A.3)."""
    if face.hi == face.lo == 6:
        return six_six_red
    return sum(p for p in (face.hi, face.lo) if p in (1, 4))


PIP_TOTAL = sum(f.pips * f.copies for f in FACES)
