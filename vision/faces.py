"""Domino faces as vision sees them: two pip counts, written high-low (``"6-5"``).

Vision knows dominoes, not the game: the hub maps a face to its tiles.

>>> face_name(3, 5)
'5-3'
>>> parse_face("4-6")
(6, 4)
>>> len(CHINESE_FACES)
21
"""

from __future__ import annotations

from .errors import RecognitionError

#: The 21 faces of the Chinese set (11 civil, then 10 military), high-low.
CHINESE_FACES: tuple[str, ...] = (
    "6-6",
    "1-1",
    "4-4",
    "3-1",
    "5-5",
    "3-3",
    "2-2",
    "6-5",
    "6-4",
    "6-1",
    "5-1",
    "6-3",
    "5-4",
    "6-2",
    "5-3",
    "5-2",
    "4-3",
    "4-2",
    "4-1",
    "3-2",
    "2-1",
)

#: The 11 civil faces, which a set holds twice.
CIVIL_FACES: tuple[str, ...] = CHINESE_FACES[:11]

#: The 32 physical tiles of one Chinese set: civil faces twice, military faces once.
CHINESE_SET: tuple[str, ...] = tuple(
    face for face in CHINESE_FACES for _ in range(2 if face in CIVIL_FACES else 1)
)

#: Pip counts whose pips are red on a Chinese tile (the 6-6 has half of its pips red).
RED_COUNTS = frozenset({1, 4})


def face_name(a: int, b: int) -> str:
    """The face of a tile whose halves show ``a`` and ``b`` pips, written high-low."""
    for n in (a, b):
        if not 1 <= n <= 6:
            raise RecognitionError("pip count out of range", n, "1 to 6")
    return f"{max(a, b)}-{min(a, b)}"


def parse_face(face: str) -> tuple[int, int]:
    """``"H-L"`` or ``"L-H"`` -> ``(high, low)``."""
    parts = face.split("-")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise RecognitionError("not a face", face, "two pip counts like '6-5'")
    a, b = int(parts[0]), int(parts[1])
    name = face_name(a, b)
    return int(name[0]), int(name[2])
