"""Array aliases and the small value types passed between stages."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

Image = npt.NDArray[np.uint8]
Floats = npt.NDArray[np.float64]
Array = npt.NDArray[Any]  # any OpenCV result array
Contour = npt.NDArray[np.int32]
Bools = npt.NDArray[np.bool_]
Quad = tuple[tuple[float, float], ...]


@dataclass(frozen=True, slots=True)
class Pips:
    """Pip candidates of one polarity: ``bright`` (white/red on black) or dark (on ivory)."""

    bright: bool
    xy: Floats  # (n, 2) centres
    radius: Floats  # (n,) equivalent radii
    seed: Bools  # (n,) strong or red enough to grow a tile region from


@dataclass(frozen=True, slots=True)
class Reading:
    """What one tile shows: pips per half (high first), or blank; and how sure we are."""

    high: int
    low: int
    confidence: float
    defects: tuple[str, ...] = ()
    #: how strongly a line across the middle stands out, clear of the pips (a seam's or a
    #: set's line; 0 where not measured; infinite where the line was found as a blob, as
    #: strong as the pips: see _seams_in_doubt)
    middle: float = 0.0
    #: how many pip-like blobs were too faint to count (a glare greying a pip)
    washed: int = 0
    #: a 3 laid in a column along the centre line was read: the set lays its 3s so (no
    #: cell off its tile, nor one turned, shows a 3 so; see read._a_column_beside)
    along: bool = False

    @property
    def is_blank(self) -> bool:
        return self.high == 0 and self.low == 0

    @property
    def face(self) -> str | None:
        if 1 <= self.low <= self.high <= 6:
            return f"{self.high}-{self.low}"
        return None


#: cells of a region as read: each a quad and its reading
Cells = list[tuple[Quad, Reading]]


@dataclass(frozen=True, slots=True)
class Tile:
    """A face-up tile found in a frame, in input-image pixels."""

    face: str
    confidence: float
    center: tuple[float, float]
    corners: Quad
    zone: str | None = None

    def as_json(self) -> dict[str, object]:
        return {
            "face": self.face,
            "confidence": round(self.confidence, 3),
            "center": [round(self.center[0], 1), round(self.center[1], 1)],
            "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners],
        }


@dataclass(slots=True)
class Observation:
    """The recogniser's answer for one frame."""

    tiles: list[Tile] = field(default_factory=list)
    face_down: int = 0
    #: on the mat: the face-down tiles in each zone (those in no zone are in ``face_down`` only)
    face_down_zones: dict[str, int] = field(default_factory=dict)
    uncertain: int = 0  # tile-like things found but not read with enough confidence
    #: where those lie (input-image pixels); on the mat, how many in each zone
    uncertain_at: list[tuple[float, float]] = field(default_factory=list)
    uncertain_zones: dict[str, int] = field(default_factory=dict)
    tile_px: float = 0.0  # the tile width used, working pixels
    debug: dict[str, object] = field(default_factory=dict)
