"""Stage 1: pip candidates, the most salient thing on a table of dominoes.

Bright pips on black tiles and dark pips on ivory tiles are found by a morphological top-hat of
the lightness channel, so a lighting gradient or a dark table does not matter.
"""

from __future__ import annotations

import cv2
import numpy as np

from .config import Config
from .types import Image, Pips


def _kernel(size: int) -> Image:
    k: Image = cv2.getStructuringElement(cv2.MORPH_RECT, (size, size))
    return k


def find_pips(lab: Image, cfg: Config) -> tuple[Pips, Pips]:
    """Pip candidates of both polarities in a Lab image: (bright, dark)."""
    lightness = lab[..., 0]
    h, w = lightness.shape
    size = round(float(cfg["kernel_frac"]) * min(h, w))
    lo, hi = (int(v) for v in cfg["kernel_px"])
    size = max(lo, min(hi, size)) | 1
    kernel = _kernel(size)
    out = []
    for bright, op in ((True, cv2.MORPH_TOPHAT), (False, cv2.MORPH_BLACKHAT)):
        response = cv2.morphologyEx(lightness, op, kernel)
        binary = (response >= int(cfg["min_contrast"])).astype(np.uint8)
        pips = _blobs(binary, bright, h * w, cfg)
        xi = np.round(pips.xy[:, 0]).astype(int)
        yi = np.round(pips.xy[:, 1]).astype(int)
        strong = response[yi, xi] >= int(cfg["seed_contrast"])
        red = lab[yi, xi, 1].astype(np.int16) - 128 >= int(cfg["seed_red"])
        out.append(Pips(bright, pips.xy, pips.radius, strong | red))
    return out[0], out[1]


def _blobs(binary: Image, bright: bool, image_area: int, cfg: Config) -> Pips:
    n, _, stats, centroids = cv2.connectedComponentsWithStats(binary, connectivity=8)
    if n <= 1:
        return Pips(bright, np.zeros((0, 2)), np.zeros(0), np.zeros(0, bool))
    stats = stats[1:]
    bw = stats[:, cv2.CC_STAT_WIDTH].astype(np.float64)
    bh = stats[:, cv2.CC_STAT_HEIGHT].astype(np.float64)
    area = stats[:, cv2.CC_STAT_AREA].astype(np.float64)
    fill = area / (bw * bh)
    elong = np.maximum(bw, bh) / np.minimum(bw, bh)
    keep = (
        (area >= float(cfg["min_area_px"]))
        & (area <= float(cfg["max_area_frac"]) * image_area)
        & (fill >= float(cfg["min_fill"]))
        & (elong <= float(cfg["max_elongation"]))
    )
    xy = centroids[1:][keep].astype(np.float64)
    radius = np.sqrt(area[keep] / np.pi)
    return Pips(bright, xy, radius, np.ones(len(radius), bool))
