"""Stage 1: pip candidates, the most salient thing on a table of dominoes.

Bright pips on black tiles and dark pips on ivory tiles are found by a morphological top-hat of
the lightness channel, so a lighting gradient or a dark table does not matter.
"""

from __future__ import annotations

import itertools
import math

import cv2
import numpy as np

from .config import Config
from .types import Array, Floats, Image, Pips


def _kernel(size: int) -> Image:
    k: Image = cv2.getStructuringElement(cv2.MORPH_RECT, (size, size))
    return k


#: The Lab lightness (0..255) of each grey level: the lightness of an image is its grey levels
#: looked up here, far cheaper than converting the whole frame to Lab.
_LIGHTNESS = cv2.cvtColor(
    np.repeat(np.arange(256, dtype=np.uint8), 3).reshape(1, 256, 3), cv2.COLOR_BGR2LAB
)[0, :, 0].copy()


def components(mask: Image) -> tuple[int, Array, Array, Floats]:
    """The 8-connected blobs of a small mask (fewer than 65536), as
    ``cv2.connectedComponentsWithStats`` gives them: count, labels (16-bit), stats, centres.
    (16-bit labels give the same blobs in half the time of 32-bit ones on a tile's patch.)"""
    n, labels, stats, centres = cv2.connectedComponentsWithStats(
        mask, connectivity=8, ltype=cv2.CV_16U
    )
    return n, labels, stats, centres


def lightness(bgr: Image) -> Image:
    """The Lab lightness of a BGR image (exact for greys, close for colours)."""
    light: Image = cv2.LUT(cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY), _LIGHTNESS)
    return light


def find_pips(
    light: Image,
    bgr: Image,
    cfg: Config,
    kernel_px: int | None = None,
    tile_px: float | None = None,
) -> tuple[Pips, Pips]:
    """Pip candidates of both polarities, (bright, dark), from an image's lightness (and its
    colours, for red pips). The top-hat's size follows the image's, or ``kernel_px`` (about a
    tile's width, when that is known). ``tile_px``, when known (the mat), says how large a
    pip is where none shows alone."""
    h, w = light.shape
    size = kernel_px or round(float(cfg["kernel_frac"]) * min(h, w))
    lo, hi = (int(v) for v in cfg["kernel_px"])
    size = max(lo, min(hi, size)) | 1
    kernel = _kernel(size)
    out = []
    for bright, op in ((True, cv2.MORPH_TOPHAT), (False, cv2.MORPH_BLACKHAT)):
        response, binary = _salient(light, op, kernel, size, cfg)
        alone = None if tile_px is None else np.pi * (float(cfg["known_pip_radius"]) * tile_px) ** 2
        pips = _blobs(binary, bright, h * w, cfg, alone=alone)
        xi = np.round(pips.xy[:, 0]).astype(int)
        yi = np.round(pips.xy[:, 1]).astype(int)
        strong = response[yi, xi] >= int(cfg["seed_contrast"])
        colours = bgr[yi, xi].reshape(-1, 1, 3)
        a = cv2.cvtColor(colours, cv2.COLOR_BGR2LAB)[:, 0, 1] if len(xi) else np.zeros(0)
        red = a.astype(np.int16) - 128 >= int(cfg["seed_red"])
        found = Pips(bright, pips.xy, pips.radius, strong | red)
        if bright:
            found = _with_red(found, bgr, kernel, size, cfg, h * w)
        out.append(found)
    return out[0], out[1]


def _with_red(pips: Pips, bgr: Image, kernel: Image, size: int, cfg: Config, area: int) -> Pips:
    """The bright pips, and the red ones of a black tile that its grey levels hide (a deep
    red's grey level is little above a black body's): found by their redness (Lab a*), as
    seeds, where no bright pip was found already."""
    lab = cv2.cvtColor(bgr, cv2.COLOR_BGR2LAB)
    h, w = lab.shape[:2]
    # a* above neutral, doubled: a red pip's stands out of a black body as far as a white
    # pip's lightness does
    redness = cv2.convertScaleAbs(cv2.subtract(lab[:, :, 1], 128), alpha=2.0)
    _, binary = _salient(redness, cv2.MORPH_TOPHAT, kernel, size, cfg)
    # (measured against the bright pips' size too: where red pips are big, a 6-6's red
    # columns run together, are most of the red blobs, and pass for its pips' size)
    more = _blobs(binary, True, area, cfg, _pip_area(np.pi * pips.radius**2))
    if not len(more.radius):
        return pips
    xi = np.round(more.xy[:, 0]).astype(int)
    yi = np.round(more.xy[:, 1]).astype(int)
    red = lab[yi, xi, 1].astype(np.int16) - 128 >= int(cfg["seed_red"])
    # lighter than the body around it (a ring of two radii): a red pip of a black tile, not
    # of an ivory one
    turn = np.linspace(0, 2 * np.pi, 8, endpoint=False)
    rx = np.clip(np.round(more.xy[:, :1] + 2.2 * more.radius[:, None] * np.cos(turn)), 0, w - 1)
    ry = np.clip(np.round(more.xy[:, 1:] + 2.2 * more.radius[:, None] * np.sin(turn)), 0, h - 1)
    body = np.median(lab[ry.astype(int), rx.astype(int), 0], axis=1)
    red &= lab[yi, xi, 0] > body
    if len(pips.radius):
        # a pip's size, not a red fringe's beside a white pip
        red &= more.radius >= float(cfg["red_share"]) * float(np.median(pips.radius))
        d = np.hypot(*(more.xy[:, None, :] - pips.xy[None, :, :]).transpose(2, 0, 1))
        red &= (d > more.radius[:, None] + pips.radius[None, :]).all(axis=1)
    if not red.any():
        return pips
    return Pips(
        True,
        np.concatenate([pips.xy, more.xy[red]]),
        np.concatenate([pips.radius, more.radius[red]]),
        np.concatenate([pips.seed, np.ones(int(red.sum()), bool)]),
    )


def _salient(light: Image, op: int, kernel: Image, size: int, cfg: Config) -> tuple[Image, Image]:
    """The top-hat (or black-hat) response of a lightness image, and where it marks pips."""
    response: Image = cv2.morphologyEx(light, op, kernel)
    # each pip is cut at a share of its own peak, so that the blurred body between close
    # pips (lighter than the table, darker than a pip) does not join them into one blob
    peak = cv2.dilate(response, _kernel(size // 2 | 1))
    floor = cv2.max(cv2.convertScaleAbs(peak, alpha=float(cfg["peak_share"])), 0)
    floor = cv2.max(floor, int(cfg["min_contrast"]))
    binary: Image = cv2.compare(response, floor, cv2.CMP_GE)
    return response, binary


def _pip_area(areas: Floats) -> float | None:
    """A pip's area: the median of the larger blobs (those over half the upper quartile);
    None where there are none."""
    if not len(areas):
        return None
    large = areas >= 0.5 * float(np.percentile(areas, 75))
    return float(np.median(areas[large]))


def _blobs(
    binary: Image,
    bright: bool,
    image_area: int,
    cfg: Config,
    most: float | None = None,
    alone: float | None = None,
) -> Pips:
    """Round blobs of a pip's size; blobs of a few pips run together are split. ``most``:
    a pip's area is this at most (measured on other pips); ``alone``: a pip's area where
    no blob is one pip (the tile's size known)."""
    # every blob's outer boundary, those inside another blob's hole too (pips within a
    # printed frame on the mat)
    found, hierarchy = cv2.findContours(binary, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    contours = [
        c for c, h in zip(found, hierarchy[0] if len(found) else [], strict=True) if h[3] < 0
    ]
    min_area = float(cfg["min_area_px"])
    # a blob's pixels: its outline's area plus half its outline (which the area leaves out)
    boxes, areas, centres, shapes = [], [], [], []
    for c in contours:
        if len(c) < 4:
            continue  # a speck of a pixel or two
        m = cv2.moments(c)
        area = m["m00"] + len(c) / 2 + 1
        if area < min_area:
            continue
        boxes.append(cv2.boundingRect(c))
        areas.append(area)
        pts = c.reshape(-1, 2)
        centres.append((m["m10"] / m["m00"], m["m01"] / m["m00"]) if m["m00"] > 0 else pts.mean(0))
        shapes.append(c)
    if not areas:
        return Pips(bright, np.zeros((0, 2)), np.zeros(0), np.zeros(0, bool))
    box = np.array(boxes, np.float64)
    area = np.array(areas)
    bw, bh = box[:, 2], box[:, 3]
    fill = area / (bw * bh)
    elong = np.maximum(bw, bh) / np.minimum(bw, bh)
    keep = (
        (area <= float(cfg["max_area_frac"]) * image_area)
        & (fill >= float(cfg["min_fill"]))
        & (elong <= float(cfg["max_elongation"]))
    )
    # pips close together (a 6's columns, a blurred 3) run into one blob: split it at its necks
    # (a handful of pips at most, still compact: not a printed line or a tile's rim)
    # (where no pip shows alone, as on a 6-6 whose big pips touch in rows of three, a pip's
    # size from the tile's, if known: else the rows, far larger than a speck, were dropped)
    typical = float(np.median(area[keep])) if keep.any() else (alone or min_area * 4)
    merged = ~keep & (area >= 2 * min_area) & (area <= 7 * typical)
    # a column of pips touching, too long to pass for one, may be larger than that where
    # most round blobs are specks (a die's small pips, a wood's grain: a lone 6-1's columns
    # went unread, seed 9918): it is three of the largest round blobs at most, and split only
    # into pieces nearly as wide as that blob (not a strip of table between two tiles)
    largest = float(np.max(area[keep])) if keep.any() else 0.0
    column = ~keep & ~merged & (elong > float(cfg["max_elongation"])) & (elong <= 4.0)
    column &= (area >= 2 * min_area) & (area <= 3.5 * largest)
    least_radius = float(cfg["column_pip_share"]) * math.sqrt(largest / math.pi)
    box_like = (fill >= 0.35) & (elong <= 4.0)
    for k in np.flatnonzero(merged & ~box_like):
        # a column of pips lying askew, 45 degrees off the picture's rows, fills its upright
        # box far less than a pip does (a 6-6 turned so, its three pips a column touching
        # corner to corner, 0.34): it is judged by its turned box, as it lies
        (_, _), (rw, rh), _ = cv2.minAreaRect(shapes[k])
        rw, rh = rw + 1, rh + 1
        box_like[k] = area[k] / (rw * rh) >= 0.6 and max(rw, rh) <= 3.5 * min(rw, rh)
    merged &= box_like
    # a column of big pips touching, on a tile lying askew, fills its box as a pip does: it
    # is split too where it falls into round pieces of a pip's size (else it stays one pip:
    # a 1's, or a patch of a tile's body darker than the table round it). A pip's size here
    # is the median of the larger blobs: specks (a wood's grain, a glint's fringe) would
    # make every pip look twice the typical one, and a pip with a glint falls into pieces
    widest = 0.0  # the widest piece a kept blob may be split into
    pip_area = _pip_area(area[keep])
    if pip_area is not None and most is not None:
        pip_area = min(pip_area, most)
    if pip_area is not None:
        merged |= keep & (area >= float(cfg["split_above"]) * pip_area)
        widest = float(cfg["split_radius"]) * math.sqrt(pip_area / math.pi)
    found = []
    for k in np.flatnonzero(merged):
        parts = _split(shapes[k], boxes[k])
        if len(parts) and not (keep[k] and float(parts[0, 2]) > widest):
            found.append(parts)
            keep[k] = False
    for k in np.flatnonzero(column):
        parts = _split(shapes[k], boxes[k])
        if len(parts) and float(parts[0, 2]) >= least_radius:
            found.append(parts)
    xy = np.array(centres, np.float64)[keep].reshape(-1, 2)
    radius = np.sqrt(area[keep] / np.pi)
    if found:
        extra = np.concatenate(found)
        xy = np.concatenate([xy, extra[:, :2]])
        radius = np.concatenate([radius, extra[:, 2]])
    return Pips(bright, xy, radius, np.ones(len(radius), bool))


def _split(contour: Array, box: tuple[int, int, int, int]) -> Floats:
    """Round pips in a blob of several run together, (k, 3) of x, y, radius; or none."""
    x, y, w, h = box
    blob = np.zeros((h, w), np.uint8)
    cv2.drawContours(blob, [contour], -1, 1, -1, offset=(-x, -y))
    # not by length: a tile's rim or a printed line would pass for a column of pips
    parts = split_blob(blob > 0, columns=False)
    if len(parts):
        parts[:, 0] += x
        parts[:, 1] += y
    return parts


def split_blob(blob: Array, columns: bool = True) -> Floats:
    """The round pips of a blob (a boolean mask) of several run together, (k, 3) of x, y,
    radius in the mask's pixels; empty unless it falls into two or more round pieces (or,
    with ``columns``, is a straight column of pips by its length).

    The blob's distance to its outside peaks at each pip's centre and dips at the necks where
    pips touch, so cutting it at a share of its peak leaves one piece per pip.
    """
    padded = cv2.copyMakeBorder(blob.astype(np.uint8), 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    dist = cv2.distanceTransform(padded, cv2.DIST_L2, 3)
    peak = float(dist.max())
    for share in (0.6, 0.75, 0.85):
        core = (dist >= share * peak).astype(np.uint8)
        n, _, st, cen = components(core)
        if n - 1 < 2:
            continue
        bw, bh = st[1:, cv2.CC_STAT_WIDTH], st[1:, cv2.CC_STAT_HEIGHT]
        # each piece round (one a pixel or two across is too small to look round: a pixel of
        # slack), and a pip's radius at least from the next (two pieces closer are one pip's,
        # either side of a glint or a hollow)
        # (both only in the first stage, ``columns`` off: a cell's reading keeps its rule)
        slack = 1 if not columns and peak >= 4 else 0
        if np.all(np.maximum(bw, bh) <= 2.2 * np.maximum(np.minimum(bw, bh), 1) + slack) and (
            columns or _apart(cen[1:], peak)
        ):
            out = np.zeros((n - 1, 3))
            out[:, :2] = cen[1:] - 1
            out[:, 2] = peak
            return out
    return _split_column(blob) if columns else np.zeros((0, 3))


def _apart(centres: Floats, least: float) -> bool:
    """Do the pieces' ``centres`` (k, 2) lie ``least`` apart at least, pair by pair?"""
    gaps = np.hypot(*(centres[:, None, :] - centres[None, :, :]).transpose(2, 0, 1))
    np.fill_diagonal(gaps, np.inf)
    return float(gaps.min()) >= least


def _split_column(blob: Array) -> Floats:
    """A straight column of two or three pips blurred together with no neck left between
    them (a 6's column, blurred): as many pips as the blob is pip-widths long, evenly along
    it."""
    ys, xs = np.nonzero(blob)
    if len(xs) < 8:
        return np.zeros((0, 3))
    (cx, cy), (a, b), angle = cv2.minAreaRect(np.stack([xs, ys], axis=1).astype(np.float32))
    long_side, short_side = max(a, b) + 1, min(a, b) + 1
    ratio = long_side / short_side
    # two pips run together are two pip-widths long at most (touching), three overlapping
    # may be less than three: from 2.3 on, a column is three
    n = 2 if ratio <= 2.3 else 3
    # a capsule: it fills its rectangle nearly as a row of discs does (a disc fills 0.79)
    fill = len(xs) / (long_side * short_side)
    if not (1.7 <= ratio <= 3.3 and fill >= 0.7):
        return np.zeros((0, 3))
    theta = np.radians(angle if a >= b else angle + 90)
    along = np.array([np.cos(theta), np.sin(theta)])
    out = np.zeros((n, 3))
    for i in range(n):
        out[i, :2] = np.array([cx, cy]) + ((i + 0.5) / n - 0.5) * (long_side - 1) * along
    out[:, 2] = short_side / 2
    return out


def chip_rings(
    xy: Floats, radius: Floats, cfg: Config, redness: Floats | None = None
) -> list[tuple[Floats, float, Array]]:
    """Rings of pips evenly round a circle (a gaming chip's marks round its rim): each as
    its centre, its radius and the indices of its pips. ``ring_least`` pips of a size at
    least, within ``ring_tolerance`` of the circle (its radius ``ring_radius`` pips' radii),
    no gap between them ``ring_gap`` times the even one, and none of them within
    ``ring_clear`` of its middle; and, where each pip's ``redness`` is given (Lab a*), all
    of one colour within ``ring_redness``. Tiles' pips come near a ring in places (round
    a 1-1's middle, its neighbours' columns either side, red and white), but with pips all
    over its middle, or of two colours. (``cfg``: the pips section.)"""
    n = len(xy)
    least = int(cfg["ring_least"])
    rings: list[tuple[Floats, float, Array]] = []
    if not least <= n <= int(cfg["ring_most"]):
        return rings  # (more pips than tiles show: a cloth's dots, each tried: seconds)
    lo, hi = (float(v) for v in cfg["ring_radius"])
    tolerance, gap = float(cfg["ring_tolerance"]), float(cfg["ring_gap"])
    apart = np.hypot(*(xy[:, None, :] - xy[None, :, :]).transpose(2, 0, 1))
    # alike[i, j]: pip j of pip i's size
    alike = (radius[None, :] > 0.6 * radius[:, None]) & (radius[None, :] < 1.6 * radius[:, None])
    # each pip's six nearest of its size, no further than a ring's diameter: the circles
    # through it and each two of them (all at once: a loop over them costs a table 1 ms)
    near = alike & (apart > 0) & (apart < 2 * hi * radius[:, None])
    order = np.argsort(np.where(near, apart, np.inf), axis=1)[:, :6]
    held = np.take_along_axis(near, order, axis=1)
    first, second = np.array(list(itertools.combinations(range(order.shape[1]), 2))).T
    own = np.repeat(np.arange(n), len(first))
    q, s_ = order[:, first].ravel(), order[:, second].ravel()
    centres, radii = _circumcircles(xy[own], xy[q], xy[s_])
    fit = (held[:, first] & held[:, second]).ravel() & np.isfinite(radii)
    fit &= (radii > lo * radius[own]) & (radii < hi * radius[own])
    own, centres, radii = own[fit], centres[fit], radii[fit]
    seen = np.hypot(*(xy[None, :, :] - centres[:, None, :]).transpose(2, 0, 1))
    on_circle = alike[own] & (np.abs(seen - radii[:, None]) < tolerance * radii[:, None])
    inside = alike[own] & (seen < float(cfg["ring_clear"]) * radii[:, None])
    # (a chip's middle holds no pip; a tile's pips lie all over it)
    candidates = np.flatnonzero((on_circle.sum(axis=1) >= least) & ~inside.any(axis=1))
    taken = np.zeros(n, bool)
    for k in candidates:
        if taken[own[k]]:
            continue
        on = np.flatnonzero(on_circle[k])
        if redness is not None and np.ptp(redness[on]) > float(cfg["ring_redness"]):
            continue
        centre = centres[k]
        turns = np.sort(np.arctan2(*(xy[on] - centre).T[::-1]))
        gaps = np.diff(np.append(turns, turns[0] + 2 * math.pi))
        if gaps.max() <= gap * 2 * math.pi / len(on):
            rings.append((centre, float(radii[k]), on))
            taken[on] = True
    return rings


def _circumcircles(p: Floats, q: Floats, s: Floats) -> tuple[Floats, Floats]:
    """The circles through each three of ``p``, ``q`` and ``s`` (k, 2): centres and radii
    (infinite where the three lie on a line)."""
    bx, by = (q - p).T
    cx, cy = (s - p).T
    d = 2 * (bx * cy - by * cx)
    with np.errstate(divide="ignore", invalid="ignore"):
        ux = (cy * (bx * bx + by * by) - by * (cx * cx + cy * cy)) / d
        uy = (bx * (cx * cx + cy * cy) - cx * (bx * bx + by * by)) / d
    centres = p + np.stack([ux, uy], axis=1)
    radii = np.where(d != 0, np.hypot(ux, uy), np.inf)
    return centres, radii
