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
        # each pip is cut at a share of its own peak, so that the blurred body between close
        # pips (lighter than the table, darker than a pip) does not join them into one blob
        peak = cv2.dilate(response, _kernel(size // 2 | 1))
        floor = np.maximum(int(cfg["min_contrast"]), (peak * float(cfg["peak_share"])))
        binary = (response >= floor).astype(np.uint8)
        pips = _blobs(binary, bright, h * w, cfg)
        xi = np.round(pips.xy[:, 0]).astype(int)
        yi = np.round(pips.xy[:, 1]).astype(int)
        strong = response[yi, xi] >= int(cfg["seed_contrast"])
        red = lab[yi, xi, 1].astype(np.int16) - 128 >= int(cfg["seed_red"])
        out.append(Pips(bright, pips.xy, pips.radius, strong | red))
    return out[0], out[1]


def _blobs(binary: Image, bright: bool, image_area: int, cfg: Config) -> Pips:
    n, labels, stats, centroids = cv2.connectedComponentsWithStats(binary, connectivity=8)
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
    # pips close together (a 6's columns, a blurred 3) run into one blob: split it at its necks
    merged = ~keep & (area >= 2 * float(cfg["min_area_px"]))
    merged &= area <= float(cfg["max_area_frac"]) * image_area * 6
    parts = [_split(labels, stats[k], k + 1, cfg) for k in np.flatnonzero(merged)]
    found = [p for p in parts if len(p)]
    if found:
        extra = np.concatenate(found)
        xy = np.concatenate([xy, extra[:, :2]])
        radius = np.concatenate([radius, extra[:, 2]])
    return Pips(bright, xy, radius, np.ones(len(radius), bool))


def _split(labels: Image, stat: Image, label: int, cfg: Config) -> Image:
    """Round pips in a blob of several run together, (k, 3) of x, y, radius; or none."""
    x, y, w, h = (int(v) for v in stat[:4])
    parts = split_blob(labels[y : y + h, x : x + w] == label)
    if len(parts):
        parts[:, 0] += x
        parts[:, 1] += y
    return parts


def split_blob(blob: Image) -> Image:
    """The round pips of a blob (a boolean mask) of several run together, (k, 3) of x, y,
    radius in the mask's pixels; empty unless it falls into two or more round pieces.

    The blob's distance to its outside peaks at each pip's centre and dips at the necks where
    pips touch, so cutting it at a share of its peak leaves one piece per pip.
    """
    padded = cv2.copyMakeBorder(blob.astype(np.uint8), 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    dist = cv2.distanceTransform(padded, cv2.DIST_L2, 3)
    peak = float(dist.max())
    for share in (0.6, 0.75):
        core = (dist >= share * peak).astype(np.uint8)
        n, _, st, cen = cv2.connectedComponentsWithStats(core, connectivity=8)
        if n - 1 < 2:
            continue
        bw, bh = st[1:, cv2.CC_STAT_WIDTH], st[1:, cv2.CC_STAT_HEIGHT]
        if np.all(np.maximum(bw, bh) <= 2.2 * np.maximum(np.minimum(bw, bh), 1)):
            out = np.zeros((n - 1, 3))
            out[:, :2] = cen[1:] - 1
            out[:, 2] = peak
            return out
    return np.zeros((0, 3))
