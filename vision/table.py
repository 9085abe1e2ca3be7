"""The table: frames of the calibrated mat -> tiles with the zone each lies in.

On the mat the tile size is known (``tile_mm`` times the camera's pixels per millimetre), so the
recogniser does not have to guess it, and every tile's centre maps to a seat's zone.
"""

from __future__ import annotations

import cv2
import numpy as np

from .calibrate import Calibration
from .config import Config, load_config
from .layout import MatLayout, load_layout
from .recognizer import recognize
from .types import Image, Observation, Tile


class TableRecognizer:
    """Recognises frames of one calibrated camera over the mat."""

    def __init__(
        self, calibration: Calibration, layout: MatLayout | None = None, cfg: Config | None = None
    ) -> None:
        self.calibration = calibration
        self.layout = layout if layout is not None else load_layout()
        self.cfg = cfg if cfg is not None else load_config("recognize")
        tile_w, tile_l = self.layout.tile_mm
        #: the top-down view's pixels per millimetre: tiles this many pixels wide
        self.ppm = float(self.cfg["table"]["tile_px"]) / tile_w
        self.aspect = tile_l / tile_w
        scale = np.diag([self.ppm, self.ppm, 1.0])
        self.to_top = scale @ calibration.to_mat
        self.from_top = np.linalg.inv(self.to_top)
        self.size = (
            round(self.layout.width_mm * self.ppm),
            round(self.layout.height_mm * self.ppm),
        )

    def top_down(self, frame: Image) -> Image:
        """The mat seen straight from above, ``ppm`` pixels per millimetre."""
        top: Image = cv2.warpPerspective(frame, self.to_top, self.size, flags=cv2.INTER_LINEAR)
        return top

    def observe(self, frame: Image) -> Observation:
        """Tiles with corners in the frame's pixels and the zone of the mat each lies in."""
        top = self.top_down(frame)
        tile_px = self.layout.tile_mm[0] * self.ppm
        obs = recognize(top, self.cfg, tile_px=tile_px, aspect=self.aspect)
        tiles = []
        for t in obs.tiles:
            corners = cv2.perspectiveTransform(
                np.array(t.corners, np.float64).reshape(-1, 1, 2), self.from_top
            ).reshape(-1, 2)
            centre = corners.mean(axis=0)
            zone = self.layout.zone_at((t.center[0] / self.ppm, t.center[1] / self.ppm))
            quad = tuple((float(x), float(y)) for x, y in corners)
            tiles.append(
                Tile(t.face, t.confidence, (float(centre[0]), float(centre[1])), quad, zone)
            )
        obs.tiles = tiles
        return obs
