"""The mat layout (``config/mat.toml``): markers, seat zones and the known tile size.

>>> mat = load_layout()
>>> mat.zone_at((420.0, 300.0))
'centre'
>>> mat.zone_at((5.0, 5.0)) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2

from .config import Config, config_path, load_config
from .errors import RecognitionError


@dataclass(frozen=True, slots=True)
class Zone:
    """A named rectangle on the mat, millimetres."""

    name: str
    x0: float
    y0: float
    x1: float
    y1: float

    def contains(self, point: tuple[float, float]) -> bool:
        x, y = point
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1

    @property
    def center(self) -> tuple[float, float]:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)


@dataclass(frozen=True, slots=True)
class MatLayout:
    width_mm: float
    height_mm: float
    tile_mm: tuple[float, float]
    dictionary: str
    marker_mm: float
    #: marker id -> its four corners on the sheet (TL, TR, BR, BL, as ArUco reports them)
    markers: dict[int, tuple[tuple[float, float], ...]]
    zones: tuple[Zone, ...]
    colour: tuple[int, int, int]  # RGB of the printed ground
    ink: tuple[int, int, int]  # RGB of the zone lines and labels
    quiet_mm: float  # white margin around each marker

    def zone_at(self, point: tuple[float, float]) -> str | None:
        """The zone holding a point of the sheet, or None (off every zone)."""
        for zone in self.zones:
            if zone.contains(point):
                return zone.name
        return None

    def zone(self, name: str) -> Zone:
        for zone in self.zones:
            if zone.name == name:
                return zone
        raise RecognitionError("unknown zone", name, f"one of {[z.name for z in self.zones]}")


def load_layout(path: Path | None = None) -> MatLayout:
    """The mat of ``config/mat.toml`` (or ``path``); a file without a key this needs, or with a
    value of the wrong kind, raises `RecognitionError` naming the file and the key."""
    cfg = load_config("mat", path)
    file = str(config_path("mat", path))
    try:
        return _layout(cfg)
    except KeyError as e:
        raise RecognitionError(
            f"mat layout without {e}", file, "the keys of the shipped vision/config/mat.toml"
        ) from e
    except (TypeError, ValueError) as e:
        if isinstance(e, RecognitionError):
            what = f"{e.what} ({e.value!r}) in the mat layout"
            raise RecognitionError(what, file, e.accepted) from e
        raise RecognitionError(
            f"mat layout with a value of the wrong kind ({e})",
            file,
            "numbers in millimetres, as in the shipped vision/config/mat.toml",
        ) from e


def _layout(cfg: Config) -> MatLayout:
    size = float(cfg["markers"]["size_mm"])
    markers: dict[int, tuple[tuple[float, float], ...]] = {}
    for marker_id, (x, y) in enumerate(cfg["markers"]["origin_mm"]):
        x, y = float(x), float(y)
        markers[marker_id] = ((x, y), (x + size, y), (x + size, y + size), (x, y + size))
    zones = tuple(_zone(name, rect) for name, rect in cfg["zones"].items())
    for zone in zones:
        if not (zone.x0 < zone.x1 and zone.y0 < zone.y1):
            raise RecognitionError(f"empty zone {zone.name!r}", zone, "x0 < x1 and y0 < y1")
    dictionary = str(cfg["markers"]["dictionary"])
    if not (dictionary.startswith("DICT_") and hasattr(cv2.aruco, dictionary)):
        raise RecognitionError(
            "unknown ArUco dictionary", dictionary, "an OpenCV one such as 'DICT_4X4_50'"
        )
    tw, tl = cfg["tile_mm"]
    return MatLayout(
        width_mm=float(cfg["width_mm"]),
        height_mm=float(cfg["height_mm"]),
        tile_mm=(float(tw), float(tl)),
        dictionary=dictionary,
        marker_mm=size,
        markers=markers,
        zones=zones,
        colour=_rgb(cfg["print"]["colour"]),
        ink=_rgb(cfg["print"]["ink"]),
        quiet_mm=float(cfg["markers"]["quiet_mm"]),
    )


def _zone(name: str, rect: object) -> Zone:
    if not (isinstance(rect, list) and len(rect) == 4):
        raise RecognitionError(f"zone {name!r} is no rectangle", rect, "[x0, y0, x1, y1] in mm")
    try:
        return Zone(name, *(float(v) for v in rect))
    except (TypeError, ValueError) as e:
        raise RecognitionError(
            f"zone {name!r} is no rectangle", rect, "[x0, y0, x1, y1] in mm"
        ) from e


def _rgb(value: object) -> tuple[int, int, int]:
    if not (isinstance(value, list) and len(value) == 3 and all(isinstance(v, int) for v in value)):
        raise RecognitionError("not an RGB colour", value, "three integers 0..255")
    return (int(value[0]), int(value[1]), int(value[2]))
