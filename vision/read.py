"""Stage 4: read one tile: pips per half, their colours, and a confidence.

The tile is warped upright to a canonical size, pips are the blobs brighter (on a black tile) or
darker (on an ivory tile) than the body, and each half's blobs are counted. Every defect found
(an odd pip size, a stray blob, a colour that a Chinese tile would not have, pips off centre, a
blob cut by the middle line) lowers the confidence; the recogniser never guesses below its floor.
"""

from __future__ import annotations

import functools
import math

import cv2
import numpy as np

from .config import Config
from .faces import RED_COUNTS
from .medians import median, median_of, percentile, row_medians, row_medians_where
from .pips import components, split_blob
from .types import Array, Bools, Floats, Image, Quad, Reading

SEAM = "a seam across the middle"
WASHED = "pips too faint to count"  # (after their count)
#: how a half's defect begins where it reads a 6 laid across the cell: three columns of two,
#: the middle one on the centre line (a 6's two columns of three lie clear of it)
SIX_ACROSS = "2 pips on the centre line in the 6 "
#: how a half's defect begins where its 2 or its 3 lies along the centre line (read so only
#: where the cell is known to lie on one tile, ``along_the_line``, or beside a face that
#: says so: ``_a_column_beside``)
ALONG = ("2 pips on the centre line in the 2 ", "3 pips on the centre line in the 3 ")
#: a 2-2's half whose pips are red by their a* alone, not of a red's hue: blue, as some sets
#: paint theirs, and as a die's 6 seen through a cell across two of its rows shows
BLUE_TWO = "blue pips in a 2-2's 2"
#: how a defect begins where a blob no pips make reaches far into both halves, or lies on
#: the middle line: a back's pattern (lines along it, a lattice, an emblem), not a face
MARK = "a back's mark of "
BLOB = "blob of "  # (a blob of pixels read as no pip, then its size)
Stats = list[list[int]]  # per blob: x, y, width, height, area (cv2.CC_STAT_*)


def for_lined_sets(cfg: Config) -> Config:
    """The reading's config for a set with a line between every tile's halves: no cell is
    held to be two tiles' halves for a line across its middle."""
    return {**cfg, "middle_seam": math.inf, "middle_seam_other": math.inf}


def holds_middle_lines(cfg: Config) -> bool:
    """Does a reading with this config hold a line across a cell's middle against it, as a
    seam between two tiles' halves (not a reading for a set with lines, see
    ``for_lined_sets``)?"""
    return math.isfinite(float(cfg["middle_seam"]))


def for_backs(cfg: Config) -> Config:
    """The reading's config for a cell that may be a back: a blob no pips make, reaching
    over both halves or lying on the middle line, is told as a back's mark (``MARK``)."""
    return {**cfg, "backs": True}


def lines_shown(shown: int, read: int, cfg: Config) -> bool:
    """Do ``shown`` of ``read`` tiles, each showing a line across its middle, say their set
    has lines (``cfg``: the ``lines`` section)? ``min_shown`` of them at least, and more than
    ``shown_share``: one alone is also a cell across two tiles' halves, their seam between,
    or two dice side by side."""
    return shown >= int(cfg["min_shown"]) and shown > float(cfg["shown_share"]) * read


def _to_canonical(quad: Quad, width: int, length: int) -> Array:
    src = np.array(quad, np.float32)
    dst = np.array([[0, 0], [width, 0], [width, length], [0, length]], np.float32)
    m: Array = cv2.getPerspectiveTransform(src, dst)
    return m


def canonical(image: Image, quad: Quad, width: int, length: int) -> Image:
    """The tile under ``quad`` (TL, TR, BR, BL; long axis top to bottom), upright."""
    m = _to_canonical(quad, width, length)
    patch: Image = cv2.warpPerspective(
        image, m, (width, length), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    return patch


def read_tile(
    bgr: Image,
    quad: Quad,
    bright: bool,
    aspect: float,
    cfg: Config,
    pips: Floats | None = None,
    outside_as_body: bool = False,
) -> Reading:
    """Read the tile under ``quad`` in a BGR image; ``bright``: pips lighter than the body.
    ``pips`` (k, 2), when given, are the pips found in the whole image (their centres): they
    tell how many pips a blob of several run together holds. ``outside_as_body``: the part
    of the cell past the picture's edge is read as plain body (drawn on from the edge's
    pixels, a pip the edge cuts is a streak to the cell's end, read as two or three run
    together); only for a cell whose tile is known to show every pip's middle."""
    width = int(cfg["width_px"])
    length = round(width * aspect)
    m = _to_canonical(quad, width, length)
    upright = cv2.warpPerspective(
        bgr, m, (width, length), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    h, w = bgr.shape[:2]
    if outside_as_body and not all(0 <= x <= w - 1 and 0 <= y <= h - 1 for x, y in quad):
        upright = _outside_as_body(upright, m, bgr.shape)
    patch = cv2.cvtColor(upright, cv2.COLOR_BGR2LAB)
    known = None
    if pips is not None and len(pips):
        known = cv2.perspectiveTransform(pips.reshape(-1, 1, 2).astype(np.float64), m)
        known = known.reshape(-1, 2)
    return read_patch(patch, bright, cfg, known, seen=math.dist(quad[0], quad[1]))


def _outside_as_body(upright: Image, m: Array, shape: tuple[int, ...]) -> Image:
    """The upright patch with what lies past the picture's edge painted the body's colour
    (the median of what the picture shows: most of a tile is its body)."""
    length, width = upright.shape[:2]
    # (rare: only cells reaching past the picture's edge, so the whole frame's mask is cheap)
    shown = np.full(shape[:2], 255, np.uint8)
    seen = cv2.warpPerspective(shown, m, (width, length), flags=cv2.INTER_NEAREST) > 0
    if seen.all() or not seen.any():
        return upright
    out = upright.copy()
    out[~seen] = np.median(upright[seen], axis=0).astype(np.uint8)
    return out


def read_patch(
    patch: Image, bright: bool, cfg: Config, known: Floats | None = None, seen: float = 0.0
) -> Reading:
    """Read an upright tile patch (Lab); ``known``: pip centres found before, patch pixels;
    ``seen``: the tile's width in the picture, in its pixels (0: not known).

    A tile read in doubt whose body brightens smoothly across it (a glare spot, a lamp's
    fall-off) is read again with that light taken out: the body's lightness less a smooth
    surface fitted to it. A body that changes in a step (the table or a neighbour showing
    past the cell's end) fits no such surface and is left as it was read; so is a tile in
    doubt for a seam across its middle."""
    reading = _read_once(patch, bright, cfg, known, seen=seen)
    floor = float(cfg["min_confidence"])
    if SEAM not in reading.defects and (reading.is_blank or reading.confidence < floor):
        around = _body_round_pips(patch, bright, cfg)
        if around is not None:
            again = _read_once(patch, bright, cfg, known, around, seen=seen)
            if again.confidence >= floor and not again.is_blank:
                return again
    if reading.confidence >= floor or SEAM in reading.defects:
        # (a seam across the middle is two tiles' ends, which no light makes: taking the
        # light out can hide it, the line lit as a pip and so not measured)
        return reading
    flat = _flattened(patch, bright, cfg)
    if flat is not None:
        again = _read_once(flat, bright, cfg, known, seen=seen)
        if again.confidence >= floor:
            return again
    washed = _with_the_washed_out(patch, bright, cfg, known, seen, reading)
    if washed.confidence >= floor:
        return washed
    return _with_worn_pips(patch, bright, cfg, known, seen, reading)


def _with_the_washed_out(
    patch: Image, bright: bool, cfg: Config, known: Floats | None, seen: float, reading: Reading
) -> Reading:
    """A reading in doubt for pips too faint to count (a glare washing an ivory tile's dark
    pip grey), read again with those pips counted: the threshold lowered to theirs. Kept
    where it reads sure and holds just those pips more: a face whose pips then lie as a
    face's do, none of them a glare's (whose light on a black tile makes no face of one
    more pip: a 2's pips and a glare between them are no 3, a 4's and one amid them are
    red and white). An ivory 3-4 under a glare, its 3's middle pip grey, read 4-2 in doubt
    (the 2 with a pip on its centre line)."""
    if not reading.washed or reading.face is None:
        return reading
    again = _read_once(patch, bright, cfg, known, seen=seen, count_faint=True)
    more = again.high + again.low - (reading.high + reading.low)
    if again.confidence >= float(cfg["min_confidence"]) and more == reading.washed:
        return again
    return reading


def _with_worn_pips(
    patch: Image, bright: bool, cfg: Config, known: Floats | None, seen: float, reading: Reading
) -> Reading:
    """A reading in doubt that left a blob unread, read again with each blob shaped as a
    pip filled out to its hull (``_hulls_filled``): a worn pip's paint left as a crescent or
    a ring, too thin for a pip, is one again. Kept where it reads sure and holds more pips;
    where some worn pip is left too faint (see _washed_out), it is in doubt still. (A
    worn set's 5-5 read 5-4 in doubt, one of its pips a crescent, a blob of 23 px.)"""
    if reading.face is None or not any(d.startswith(BLOB) for d in reading.defects):
        return reading  # (no blob left unread: filling blobs out changes nothing it reads)
    again = _read_once(patch, bright, cfg, known, seen=seen, hulls=True)
    more = again.high + again.low > reading.high + reading.low
    if more and again.confidence >= float(cfg["min_confidence"]):
        return again
    return reading


def _hulls_filled(binary: Image, width: int, cfg: Config) -> Image:
    """The mask with each blob shaped as a pip's disc is (as wide as high), its hull no
    larger than a pip, filled to that hull. (Not a line joined to a pip: filled, a lined
    set's 5-1 seen through a cell laid across its halves read 2-1, sure.)"""
    contours, _ = cv2.findContours(binary, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    largest = float(cfg["max_pip_area"]) * width * width
    out = binary.copy()
    for contour in contours:
        _, _, w, h = cv2.boundingRect(contour)
        hull = cv2.convexHull(contour)
        if max(w, h) <= 1.5 * min(w, h) and cv2.contourArea(hull) <= largest:
            cv2.fillConvexPoly(out, hull, 1)
    return out


def _body_round_pips(patch: Image, bright: bool, cfg: Config) -> float | None:
    """The body's lightness where big pips crowd a tile (a 6-5's 0.36 W pips cover half of
    it) and put the median among them, so that the tile reads blank or badly: the median of
    the lighter of the two shades the patch splits into (Otsu; the darker under bright
    pips). None unless that shade covers ``body_least_share`` of the patch or more (not a
    black tile's few white pips, where dark ones are looked for) and lies the body's way
    from the median (lighter under dark pips) by a pip's contrast. (Only for a tile not
    read: it need not be the body, and a black tile read so from its bevels' light runs its
    big white pips together.)"""
    width = patch.shape[1]
    border = max(1, round(float(cfg["border"]) * width))
    inner = np.ascontiguousarray(patch[border:-border, border:-border, 0])
    split, _ = cv2.threshold(inner, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    side = inner[inner <= split] if bright else inner[inner > split]
    if side.size < float(cfg["body_least_share"]) * inner.size:
        return None  # (a black tile's few white pips, where dark ones were looked for)
    body, around = median(inner), median(side)
    if (body - around if bright else around - body) >= float(cfg["min_contrast"]):
        return around
    return None


def _flattened(patch: Image, bright: bool, cfg: Config) -> Image | None:
    """The patch with a smooth light across its body taken out, or None where its body is
    even already, or changes in a way no smooth light does."""
    length, width = patch.shape[:2]
    lightness = patch[..., 0]
    # at half the size: the light is smooth, and the opening costs a sixteenth
    half = cv2.resize(lightness, (width // 2, length // 2), interpolation=cv2.INTER_AREA)
    size = 2 * round(float(cfg["flat_kernel"]) * width / 4) + 1
    # the body with its pips taken out: they are smaller than the kernel, the light is not
    body = cv2.morphologyEx(half, cv2.MORPH_OPEN if bright else cv2.MORPH_CLOSE, _disc(size))
    edge = (max(1, round(float(cfg["border"]) * width)) + 1) // 2
    inner = body[edge:-edge, edge:-edge].ravel().astype(np.float32)
    least = float(cfg["flat_min_light"])
    if float(inner.max() - inner.min()) < least:
        return None  # no fitted surface spans more than the body itself
    terms, sampled, solve = _surface_terms(length, width, edge)
    coef = solve @ inner
    fitted = sampled @ coef
    lo, hi = float(fitted.min()), float(fitted.max())
    if hi - lo < least:
        return None
    residual = inner - fitted
    k20, k80 = int(0.2 * (residual.size - 1)), int(0.8 * (residual.size - 1))
    ranked = np.partition(residual, (k20, k80))
    if float(ranked[k80] - ranked[k20]) > float(cfg["flat_max_residual"]):
        return None
    out = patch.copy()
    # as the least lit part of the body shows it
    out[..., 0] = np.clip(lightness - terms @ coef + lo, 0, 255).astype(np.uint8)
    return out


@functools.cache
def _disc(size: int) -> Image:
    disc: Image = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    return disc


@functools.cache
def _surface_terms(length: int, width: int, edge: int) -> tuple[Floats, Floats, Floats]:
    """A quadratic surface's terms at every pixel of a patch (length, width, 6), at the
    pixels of the patch at half size inside ``edge`` (k, 6), and what turns the lightness
    there into the surface's coefficients (least squares)."""

    def terms(x: Floats, y: Floats) -> Floats:
        x, y = x / width, y / width
        return np.stack([np.ones_like(x), x, y, x * x, x * y, y * y], axis=-1)

    y, x = np.mgrid[0:length, 0:width].astype(np.float32)
    hy, hx = np.mgrid[0 : length // 2, 0 : width // 2].astype(np.float32)
    # a pixel at half size covers two by two of the patch's, centred between them
    sampled = terms(2 * hx + 0.5, 2 * hy + 0.5)[edge:-edge, edge:-edge].reshape(-1, 6)
    return terms(x, y), sampled, np.linalg.pinv(sampled).astype(np.float32)


def _red_pips_grown(
    binary: Image, strength: Array, red: Array, threshold: float, border: int, cfg: Config
) -> Image:
    """The pips with red ones too small to be pips cut again at a share of their own
    contrast, not of the other pips': on a dark red-brown body, red pips stand out from it
    half as far as white ones, and cut at the white pips' share only their red cores are
    left. What stands out past that share of the small red cores' contrast, a halo's width
    about them, is pip (no further: a glare spot beside a red 1 is as light). Red pips of a
    pip's size are left as they are: grown, a red 4's pips close together ran into one.
    Nor about red reaching the ``border`` along the cell's sides, where no pip lies: a
    sliver of a neighbour's red pip there, so grown, read as a pip."""
    least = 0.5 * float(cfg["min_contrast"])
    if threshold <= least or not red.any():
        return binary  # (cut at the least contrast already: no lower share to cut at)
    width = binary.shape[1]
    _, labels, stats, _ = components(red.astype(np.uint8))
    x = stats[:, cv2.CC_STAT_LEFT]
    cores = (x > border) & (x + stats[:, cv2.CC_STAT_WIDTH] < width - border)
    wide, high = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]
    # (or a strip, long as no red pips run together are: JPEG keeps a red pip's colour in
    # blocks, and its redness may show as a band across it)
    strip = np.maximum(wide, high) > float(cfg["red_strip"]) * np.minimum(wide, high)
    cores &= (stats[:, cv2.CC_STAT_AREA] < float(cfg["red_core_area"]) * width**2) | strip
    cores[0] = False
    if not cores.any():
        return binary
    core = cores[labels]
    own = percentile(strength[core], 0.9)
    lesser = max(least, float(cfg["threshold_share"]) * own)
    if lesser >= threshold:
        return binary
    halo = max(1, round(float(cfg["halo"]) * width))
    about = cv2.dilate(core.astype(np.uint8), _disc(2 * halo + 1)) > 0
    out: Image = binary | ((strength > lesser) & about).astype(np.uint8)
    return out


def _margin_cleared(values: Array, border: int) -> Array:
    """The values with the patch's margin set to 0 (nothing there is a pip), in place."""
    values[:border] = 0
    values[-border:] = 0
    values[:, :border] = 0
    values[:, -border:] = 0
    return values


def _peak(values: Array) -> float:
    """The 99.5th percentile: the strongest response, bar a few pixels of noise."""
    flat = values.ravel()
    rank = int(0.995 * (flat.size - 1))
    if flat.dtype.kind in "iu":
        return float(_ranked(flat, rank))
    # (a lightness less a median: whole numbers less a whole or a half one, and the
    # margin's 0; counted in halves)
    halves = 2 * flat
    whole = halves.astype(np.intp)
    if np.array_equal(whole, halves):
        return _ranked(whole, rank) / 2
    return float(np.partition(flat, rank)[rank])


def _ranked(values: Array, rank: int) -> int:
    """The value of that rank among whole numbers (0: the least), counted rather than
    ranked: a patch's values are many of a few hundred, which a partition is slow on."""
    least = int(values.min())
    counts = np.cumsum(np.bincount((values - least).astype(np.intp)))
    return int(np.searchsorted(counts, rank + 1)) + least


def _red(patch: Image, border: int, cfg: Config) -> tuple[Array, Array, int, Array]:
    """Where an upright patch (Lab) is as red as a tile's red pips are, off its margin; and
    its redness (a* less the body's), the body's a* and the a* inside the margin."""
    a_star = patch[..., 1].astype(np.int16)
    inner_a = a_star[border:-border, border:-border]
    patch_a = int(median(inner_a))  # the body's a*, as the whole patch gives it
    redness = _margin_cleared(a_star - patch_a, border)
    red = _red_outright(a_star, border, cfg)
    if red.any():
        # and cut at a share of the redness's peak, as the other pips are: a blurred pip's
        # red halo would join a 6's column into one blob
        red &= redness > max(float(cfg["red_min"]), float(cfg["threshold_share"]) * _peak(redness))
    return red, redness, patch_a, inner_a


def _red_outright(a_star: Array, border: int, cfg: Config) -> Array:
    """Where a patch's a* (16 bits) is red outright, off its margin: not only redder than a
    body (a green felt makes anything grey "red")."""
    red: Array = _margin_cleared(a_star - 128 > int(cfg["red_floor"]), border)
    return red


def blank_either_way(bgr: Image, quad: Quad, aspect: float, cfg: Config) -> bool:
    """Is the tile under ``quad`` read blank either way, sure, at the first look (nothing
    lighter or darker than its body by a pip's contrast, no red)? Where it is, ``read_tile``
    reads it so too, with no defect: a back told with one warp and no blobs, in a fraction of
    the time of two readings. (Where it is not, it may still read blank.)"""
    width = int(cfg["width_px"])
    patch = cv2.cvtColor(canonical(bgr, quad, width, round(width * aspect)), cv2.COLOR_BGR2LAB)
    lightness = patch[..., 0].astype(np.int16)
    border = max(1, round(float(cfg["border"]) * width))
    body = median(lightness[border:-border, border:-border])
    limit = _blank_peak(float(cfg["min_contrast"]), float(cfg["min_confidence"]))
    for strength in (lightness - body, body - lightness):
        if not _peak_at_most(_margin_cleared(strength, border), limit):
            return False
    tiny = float(cfg["tiny_area"]) * width**2
    if np.count_nonzero(_red_outright(patch[..., 1].astype(np.int16), border, cfg)) < tiny:
        return True  # (nothing red outright: no red pips, whatever the body's a*)
    return int(np.count_nonzero(_red(patch, border, cfg)[0])) < tiny


@functools.cache
def _blank_peak(min_contrast: float, floor: float) -> int:
    """The strongest response (a whole number) at which a reading is blank at the first look
    and sure enough to be kept (``_read_once``, ``read_patch``); -1 if none is."""
    fits = [
        p for p in range(256) if p < min_contrast and _blank_confidence(p, min_contrast) >= floor
    ]
    return max(fits, default=-1)


def _peak_at_most(values: Array, limit: float) -> bool:
    """Is ``_peak(values)`` at most ``limit``? (Counted, not ranked: a fifth of the time.)"""
    rank = int(0.995 * (values.size - 1))
    return int(np.count_nonzero(values > limit)) <= values.size - 1 - rank


def _blank_confidence(peak: float, min_contrast: float) -> float:
    """How sure a blank reading is whose strongest response is ``peak``."""
    return _clip(1 - peak / min_contrast + 0.4)


def _read_once(
    patch: Image,
    bright: bool,
    cfg: Config,
    known: Floats | None,
    body: float | None = None,
    seen: float = 0.0,
    count_faint: bool = False,
    hulls: bool = False,
) -> Reading:
    """One reading of the patch; ``body``: the body's lightness, if not the median's;
    ``seen``: the tile's width in the picture (see read_patch); ``count_faint``: pips counted
    down to the share of the threshold at which they are too faint to count (see
    _washed_out); ``hulls``: each blob filled out to its hull (see _with_worn_pips)."""
    length, width = patch.shape[:2]
    lightness = patch[..., 0].astype(np.int16)
    border = max(1, round(float(cfg["border"]) * width))
    inner = lightness[border:-border, border:-border]
    if body is None:
        body = median(inner)
    red, redness, patch_a, inner_a = _red(patch, border, cfg)
    strength = _margin_cleared((lightness - body) if bright else (body - lightness), border)
    peak = _peak(strength)
    min_contrast = float(cfg["min_contrast"])
    if peak < min_contrast and int(np.count_nonzero(red)) < float(cfg["tiny_area"]) * width**2:
        return Reading(0, 0, _blank_confidence(peak, min_contrast), ())
    threshold = max(0.5 * min_contrast, float(cfg["threshold_share"]) * peak)
    if count_faint:
        threshold = _faint_level(threshold, cfg)
    binary = ((strength > threshold) | red).astype(np.uint8)
    binary = _red_pips_grown(binary, strength, red, threshold, border, cfg)
    if hulls:
        binary = _hulls_filled(binary, width, cfg)
    n, labels, stats_array, centres_array = components(binary)
    # plain lists: the blobs are looked at one by one, where numpy's indexing costs the most
    stats: Stats = stats_array.tolist()
    centroids: list[list[float]] = centres_array.tolist()
    # the body away from the pips: a blurred pip's halo is neither pip nor body, and on a
    # crowded 6 it would pass for a second shade
    halo = max(1, round(float(cfg["halo"]) * width))
    near_pips = cv2.dilate(binary, np.ones((2 * halo + 1, 2 * halo + 1), np.uint8))
    clear_of_pips = near_pips[border:-border, border:-border] == 0
    body_px = inner[clear_of_pips]
    spread = tinted = 0.0
    if body_px.size >= 10:
        lo_rank, hi_rank = int(0.2 * (body_px.size - 1)), int(0.8 * (body_px.size - 1))
        mid_rank = (lo_rank + hi_rank) // 2
        ranked = np.partition(body_px, (lo_rank, mid_rank, hi_rank))
        spread = float(ranked[hi_rank] - ranked[lo_rank])
        between = float(ranked[mid_rank])  # the body's median
        # and its colour (a*, b*): a black tile's body and a blue felt are as light, not
        # of one colour (a cell laid across a tile, its ends on the felt, read a 6's two
        # columns as a 2-2, sure)
        # (each on its own: ranking a strided column costs twice; a* as _red took it)
        a_ranked = np.partition(inner_a[clear_of_pips], (lo_rank, mid_rank, hi_rank))
        b_ranked = np.partition(
            patch[border:-border, border:-border, 2][clear_of_pips], (lo_rank, hi_rank)
        )
        tinted = float(max(int(r[hi_rank]) - int(r[lo_rank]) for r in (a_ranked, b_ranked)))
        body_a = float(a_ranked[mid_rank]) - 128  # (its median, above neutral)
        if body_a > float(cfg["red_body_min"]):
            # no tile's body is red: a cloth's red flower, the cloth's white between its
            # petals taken for pips (and no red pip lies on it: they are cleared from it)
            return Reading(0, 0, 0.0, (f"a red body (a* {body_a:.0f})",))
        if (
            bright
            and between > float(cfg["bright_body_max"])
            and not _greyed(patch[border:-border, border:-border], clear_of_pips, peak, cfg)
        ):
            # white pips lie on a black tile: a light body between them is an ivory tile (its
            # light specks the gaps between dark pips) or the table
            return Reading(0, 0, 0.0, (f"a body of lightness {between:.0f} under bright pips",))
    area_unit = width * width
    tiny = float(cfg["tiny_area"]) * area_unit
    # (a tile narrow in the picture, enlarged to be read, makes specks of JPEG's and of its
    # scaling blobs of a small pip's size: there pips must be larger)
    narrow = 0 < seen < float(cfg["wide_tile_px"])
    least = float(cfg["min_pip_area"] if narrow else cfg["min_pip_area_wide"])
    lo, hi = least * area_unit, float(cfg["max_pip_area"]) * area_unit
    tiny, lo = _small_pips(stats, tiny, lo, hi, area_unit, cfg)
    one_hi = float(cfg["max_one_area"]) * area_unit
    big: set[int] = set()
    defects: list[str] = []
    if spread > float(cfg["body_spread"]):
        defects.append(f"a body of two shades ({spread:.0f} apart): the cell is off its tile")
    if tinted > float(cfg["body_tint_spread"]):
        defects.append(f"a body of two colours ({tinted:.0f} apart): the cell is off its tile")
    halves: list[list[int]] = [[], []]
    spots: list[list[tuple[float, float]]] = [[], []]  # each pip's centre, per half
    mid = length / 2
    straddle = float(cfg["straddle"]) * width
    pip_fill = float(cfg["min_pip_fill"])
    normal = [
        k
        for k in range(1, n)
        if lo <= stats[k][cv2.CC_STAT_AREA] <= hi and _roundish(stats[k], pip_fill)
    ]

    def typical(blobs: list[int], otherwise: float) -> float:
        """The median area of the blobs, or ``otherwise`` if there are none."""
        return median_of([float(stats[k][cv2.CC_STAT_AREA]) for k in blobs]) if blobs else otherwise

    usual = float(cfg["pip_area"]) * area_unit  # a pip's area where none is measured
    unit = typical(normal, usual)
    # red pips are cut from their redness and white ones from their lightness, and come out
    # of different sizes (a red 4's half a white 6's): a blob of pips run together, or not
    # round, is measured against the pips of its own colour
    flat_labels = labels.ravel()
    pixels = stats_array[:, cv2.CC_STAT_AREA]  # each blob's area (0: the background)
    reddish = 2 * np.bincount(flat_labels[red.ravel()], minlength=n) > pixels
    units = {
        kind: typical([k for k in normal if reddish[k] == kind], unit) for kind in (False, True)
    }
    if len(normal) == 1 and reddish[normal[0]]:
        # one round red pip alone is a 1's, half as large again as a pip: no measure of the
        # others (a 6's columns of three run together beside it passed for a pip each, a
        # 6-1 read as a 2-1, sure)
        units[False] = usual
    faint = 0.0  # area of red specks too small to count
    slack = float(cfg["merge_slack"])
    least = float(cfg["least_share"])  # of a pip's area, each pip of a blob cut in several
    apart = True  # every pip was a blob of its own (none cut from pips run together)
    # (a blob fainter on average than soft_share of the peak may be a glare: _soft_light)
    sums = np.bincount(flat_labels, strength.ravel(), minlength=n)
    soft = float(cfg["soft_share"]) * peak
    for k in range(1, n):
        area = float(stats[k][cv2.CC_STAT_AREA])
        if area < tiny:
            x, y, w, h = stats[k][:4]
            faint += float(
                np.count_nonzero(red[y : y + h, x : x + w] & (labels[y : y + h, x : x + w] == k))
            )
            continue
        if _edge_strip(stats[k], border, width, length) or _past_an_end(
            labels, stats[k], k, border, width, length
        ):
            continue
        if _side_to_side(labels, stats[k], k, border, width):
            # no pip reaches both of a tile's sides: the table (or a tile's ivory) seen between
            # dark pips taken for a black tile's body
            defects.append(f"{BLOB}{area:.0f} px from side to side")
            continue
        if _across_the_middle(stats[k], width, length, cfg):
            # a line across the middle as light (dark) as the pips: a set's painted line (as
            # Western sets have), or two tiles' ends lit between them; a line held against
            # the cell as the middle's seam is (not in a set with lines), and no pip
            if math.isfinite(float(cfg["middle_seam"])):
                defects.append(SEAM)
            continue
        if sums[k] < soft * area and area >= lo and not reddish[k]:
            # a glare's light on a glossy tile (a black one's whitens a spot beside a 2's
            # pips, read as a 3's middle pip): fainter than the pips, it fades into the body
            # over many pixels where a pip's rim steps
            soft_light = _soft_light(strength, labels, stats[k], k, peak, cfg)
            if soft_light == _HIDES:
                defects.append(f"a soft light of {area:.0f} px over a pip")
            if soft_light is not None:
                continue  # (_GLARE: passed over)
        if (
            cfg.get("backs")
            and abs(float(centroids[k][1]) - mid) <= float(cfg["mark_middle"]) * width
        ):
            # no face has a pip on its middle line: a back's emblem has its middle there
            defects.append(f"{MARK}{area:.0f} px on the middle line")
            continue
        centres = [(float(centroids[k][0]), float(centroids[k][1]))]
        own = units[bool(reddish[k])]
        if hi < area <= one_hi and _roundish(stats[k], pip_fill):
            # the large pip of a 1, if it is alone in its half; unless it is a red 4 blurred
            # into one round blob, whose pips still show as necks or were found apart before
            several = _several(labels, stats, k, known, False, 0.0, slack, own)
            if several:
                centres = several
            else:
                big.add(k)
        elif area > hi or not _roundish(stats[k], pip_fill):
            # pips run together on a small or blurred tile: cut at their necks, or else
            # counted by area
            several = _several(labels, stats, k, known, True, least * own, slack, own)
            copies = round(area / own)
            # two or three pips run together make a capsule or a bent one, never a round blob:
            # that is one pip seen through a cell far smaller than its tile
            round_blob = _roundish(stats[k], pip_fill)
            if several and not (round_blob and len(several) < 4):
                centres = several
            elif (
                copies == 1
                and lo <= area <= hi
                and not _a_chain(stats[k], border, width, length, own, float(cfg["chain"]))
                and not _a_streak(stats[k], own, float(cfg["streak"]))
            ):
                pass  # one pip, not quite round (a highlight, a JPEG block)
            elif (
                reddish[k]
                and not several
                and lo <= area <= one_hi
                and _roundish(stats[k], pip_fill, float(cfg["red_stretch"]))
            ):
                # one red pip, no neck in it, stretched: JPEG keeps colour at half the
                # resolution (by its area, a red 1 so stretched passed for two pips)
                pass
            elif (
                2 <= copies <= 3
                and abs(area / own - copies) <= slack
                and not round_blob
                and not _at_an_end(stats[k], border, length)
            ):
                # (not at an end, where a pip past the cell's end may be cut to any share)
                centres *= copies
            else:
                defects.append(_unread_blob(stats[k], area, mid, width, cfg))
                continue
        elif area < lo:
            defects.append(f"{BLOB}{area:.0f} px")
            continue
        top = stats[k][cv2.CC_STAT_TOP]
        bottom = top + stats[k][cv2.CC_STAT_HEIGHT]
        if len(centres) == 1 and top < mid - straddle and bottom > mid + straddle:
            defects.append("blob across the middle")
        apart = apart and len(centres) == 1
        for c in centres:
            halves[0 if c[1] < mid else 1].append(k)
            spots[0 if c[1] < mid else 1].append(c)
    if faint > float(cfg["faint_red"]) * unit:
        # faint red pips (a red 4 on a black tile, blurred) break into specks: the one that
        # is left large enough would make it a 1
        defects.append(f"faint red specks of {faint:.0f} px")
    # (clear of the pips counted, not of specks too small to count: a washed-out pip's core
    # can reach the threshold, a speck, and its halo would hide the rest of it)
    specks = stats_array[:, cv2.CC_STAT_AREA] < tiny
    specks[0] = False
    near_counted, counted = near_pips, binary
    if specks.any():
        counted = np.where(specks[labels], 0, binary).astype(np.uint8)
        near_counted = cv2.dilate(counted, np.ones((2 * halo + 1, 2 * halo + 1), np.uint8))
    pips_shown = (near_counted, counted)
    washed = _washed_out(strength, pips_shown, threshold, lo, hi, border, pip_fill, unit, cfg)
    if not washed and not defects:
        # (against the body about each place, not the tile's: under a glare the body about a
        # pip is lighter than the rest, and a dark pip there washed out to its median; an
        # ivory 3-3's middle pip so, read as a 3-2, sure)
        local = _margin_cleared(_against_the_body_about(lightness, bright, width, cfg), border)
        washed = _washed_out(local, pips_shown, threshold, lo, hi, border, pip_fill, unit, cfg)
    if washed:
        # pips too faint for the threshold the tile's strongest pips set, where a glare or
        # a lamp washes part of the tile out: counted without them, the face is another
        defects.append(f"{washed} {WASHED}")
    long_three = _long_three(halves, spots, mid, width, cfg)
    if long_three is not None:
        halves, spots = long_three
        defects = [d for d in defects if d != "blob across the middle"]
    counts = [len(h) for h in halves]
    if any(big & set(h) and len(h) > 1 for h in halves):
        defects.append("a pip as large as a 1's among others")
    if counts[0] == 0 and counts[1] == 0:
        return Reading(0, 0, _clip(0.5 - 0.1 * len(defects)), tuple(defects))
    if not all(1 <= c <= 6 for c in counts):
        return Reading(max(counts), min(counts), 0.0, (*defects, f"halves {counts}"))
    # a long three's middle pips lie on the line: it is measured clear of their halo
    clear = halo if long_three is not None else 0
    # (a line found as a blob stands out as the pips do: past any measure)
    middle, line = (
        (math.inf, 0)
        if SEAM in defects
        else _middle_seam(strength, binary, border, width, cfg, clear)
    )
    # (a glare's broad crest is no seam; the line is still measured: see _seams_in_doubt)
    broad = functools.partial(_a_broad_crest, strength, border=border, width=width, cfg=cfg)
    if SEAM in defects:
        pass  # (a line across the middle, found as a blob)
    elif middle > float(cfg["middle_seam"]) and not broad(binary > 0, line=line):
        defects.append(SEAM)
    elif max(counts) <= int(cfg["few_pips"]) and _middle_seam(
        -strength, binary, border, width, cfg, clear
    )[0] > float(cfg["middle_seam_other"]):
        # two tiles' ends in shade: a line darker than a black tile's body (lighter than an
        # ivory one's). Between a 5's or a 6's rows the body stands out so too, lit on both
        # sides by their halos; between halves of fewer pips it does not
        defects.append(SEAM)
    elif (seam := _seam_between_pips(strength, near_pips, border, width, cfg))[0] > float(
        cfg["middle_seam"]
    ) and not broad(near_pips > 0, line=seam[1]):
        # the seam a few pixels off the middle, seen between the pips rather than in the
        # columns clear of them: a cell moved onto the pips of two tiles' halves (a 3 and a
        # red 4 end to end, read as a 4-3) lies off their seam, with pips on both sides of it
        defects.append(SEAM)
    # each blob's mean a*: a red pip is red outright
    sizes = np.maximum(pixels, 1)
    a_of = np.bincount(flat_labels, patch[..., 1].ravel(), minlength=n) / sizes - 128
    # and redder than the body clear of the pips: under a pink light a cloth's purple dots
    # are as red outright (a* 19 over a body's 14) as a red pip is. (Not the whole patch's
    # a*: a black 4-4's eight red pips, a* 35, lift it from 8 to 26)
    body_a = float(median(inner_a[clear_of_pips])) if body_px.size >= 10 else float(patch_a)
    red_of = (a_of > float(cfg["red_a"])) & (a_of - (body_a - 128) > float(cfg["red_over_body"]))
    # (blue pips are no sign of a die: some ivory sets paint theirs dark blue, b* 15 to 24
    # below grey, as blue as a die's pips blurred)
    if bright and red_of.any():
        light_of = np.bincount(flat_labels, patch[..., 0].ravel(), minlength=n) / sizes
        # a red pip's a* stands out for its lightness: a white pip under a warm light, or a
        # camera's white balance off, is as pink (a* 20 over a lightness of 204) as a small
        # red pip blurred is red (19 to 21, its lightness half that). (Not a dark pip on an
        # ivory body, which no light pinks: a small red one, blurred into the body about
        # it, is as light as that, a* 15 over 160)
        red_of &= a_of > float(cfg["red_a_per_light"]) * light_of
    # a 1's or a 4's pips are of a red's hue too: a blue pip is as far above grey in a* as a
    # red one (a die's blue pips, read as a 1-1's two red pips, sure, where the tile size was
    # measured from them). Against the other faces only pips of that hue count, but for a
    # 2-2: a die's 6 cut as a tile's 2-2 is in doubt for its blue pips (see _check_colour)
    b_of = np.bincount(flat_labels, patch[..., 2].ravel(), minlength=n) / sizes - 128
    hued = red_of & (b_of >= math.tan(math.radians(float(cfg["red_hue_least"]))) * a_of)
    # every face is symmetric about the tile's centre line, so the pips' mean across the tile
    # is on it: a cell a little to one side of its tile (a pip's width) still finds it there;
    # unless pips were cut from a blob, where they may sit anywhere along it (a 3's diagonal
    # cut in two, as a 2 whose pips are symmetric about no line but their own mean)
    xs = [x for half in spots for x, _ in half]
    shift = float(cfg["centre_shift"]) * width if apart else 0.0
    centre = width / 2 + min(max(sum(xs) / len(xs) - width / 2, -shift), shift)
    for half, blobs in enumerate(halves):
        _check_half(half, blobs, stats, centroids, width, length, cfg, defects)
        _check_colour(blobs, red_of, hued, counts, defects)
        if long_three is None:  # else its layout is checked already
            _check_layout(half, spots[half], width, length, centre, cfg, defects)
    defects = _a_column_beside(defects, spots, counts, width, length, centre, cfg)
    # (a long three's columns are its 3-3's alone: such a set may lay its 2s across)
    along = (
        long_three is None
        and not any(d.startswith(ALONG) for d in defects)
        and any(len(at) == 3 and _a_column(at, width, length, centre, cfg) for at in spots)
    )
    if counts == [6, 6]:
        _check_six_six(halves, spots, centre, hued, defects)
    if counts == [1, 1]:
        # a 1-1's pips are one set's 1s, alike: a playing card's red diamond and its small
        # one in the corner are not (4 times its area)
        areas = sorted(float(stats[h[0]][cv2.CC_STAT_AREA]) for h in halves)
        if areas[1] > float(cfg["one_one_ratio"]) * areas[0]:
            defects.append(f"a 1-1's pips of {areas[0]:.0f} and {areas[1]:.0f} px")
    # red pips stand out of the body's a* measured clear of them: on a small tile whose pips
    # are mostly red (a 4-1), their colour smeared by the blur and a JPEG's half-resolution
    # colour raises the whole patch's median a* toward theirs. (Only where some pip is red
    # outright: a black tile's purplish body seen between its white pips, read as dark pips
    # on a body of white ones, is redder than they, and no red pip)
    reddest = float(np.max(redness))
    sure_already = max(peak, 2 * reddest) >= 1.5 * min_contrast  # (the contrast is 1 at most)
    if not sure_already and body_px.size >= 10 and red.any():
        reddest += max(0.0, patch_a - body_a)
    contrast = _clip((max(peak, 2 * reddest) - min_contrast) / min_contrast + 0.5)
    confidence = contrast * float(cfg["penalty"]) ** len(defects)
    return Reading(max(counts), min(counts), confidence, tuple(defects), middle, washed, along)


def _small_pips(
    stats: Stats, tiny: float, lo: float, hi: float, area_unit: float, cfg: Config
) -> tuple[float, float]:
    """The areas (px) under which a blob is a speck, and under which it is too small for a
    pip (``tiny``, ``lo``), lowered for a set with small pips: where two round blobs or more
    lie between ``smallest_pip`` (x W^2) and the largest pip's area, blobs under
    ``speck_share`` of their median area are specks and the rest may be pips. (A set whose
    pips are 0.13 W across has pips of 0.013 W^2, at the speck's floor: its 5-5s read as
    blanks, sure. Specks among a normal set's pips, a sixth of their area, stay specks.)"""
    least = float(cfg["smallest_pip"]) * area_unit
    pip_fill = float(cfg["min_pip_fill"])
    round_areas = [
        float(stat[cv2.CC_STAT_AREA])
        for stat in stats[1:]
        if least <= stat[cv2.CC_STAT_AREA] <= hi and _roundish(stat, pip_fill)
    ]
    if len(round_areas) < 2:
        return tiny, lo
    floor = max(least, float(cfg["speck_share"]) * median_of(round_areas))
    return min(tiny, floor), min(lo, floor)


def _against_the_body_about(lightness: Array, bright: bool, width: int, cfg: Config) -> Array:
    """How far each pixel stands out from the body about it, the way pips do: the patch's
    lightness against its opening (closing, for dark pips) by a square larger than a pip."""
    size = max(3, round(float(cfg["body_about"]) * width)) | 1
    kernel = np.ones((size, size), np.uint8)
    light = lightness.astype(np.uint8)
    if bright:
        out: Array = lightness - cv2.morphologyEx(light, cv2.MORPH_OPEN, kernel).astype(np.int16)
    else:
        out = cv2.morphologyEx(light, cv2.MORPH_CLOSE, kernel).astype(np.int16) - lightness
    return out


def _faint_level(threshold: float, cfg: Config) -> float:
    """The level a pip too faint to count stands out by (see _washed_out)."""
    return max(0.5 * float(cfg["min_contrast"]), float(cfg["faint_share"]) * threshold)


def _washed_out(
    strength: Array,
    pips_shown: tuple[Image, Image],
    threshold: float,
    lo: float,
    hi: float,
    border: int,
    min_fill: float,
    unit: float,
    cfg: Config,
) -> int:
    """How many pip-like blobs stand out from the body by a share of the pips' threshold
    but not by all of it, clear of the pips counted and of the cell's margin. Not a broad
    light's crest: a blob that, at half its own brightest, spreads over more than
    ``faint_spread`` pips' area (``unit``). A glare on a black tile's body stands out so,
    its crest cut at the faint pips' level a pip's size; a pip washed grey by a glare
    keeps its rim (on the fifth renderer, at half their brightest, 0.5-0.9 pips' area for
    pips washed out on ivory tiles, 1.2-15 for glares on black ones). A worn pip's paint
    left, too thin to be round, counts too (see _worn_pip). ``pips_shown``: the pips counted
    with their halo, and without."""
    faint = _faint_level(threshold, cfg)
    if faint >= threshold:
        return 0
    near_pips, counted = pips_shown
    above = strength > faint
    mask = (above & (near_pips == 0)).astype(np.uint8)
    if not mask.any():
        return 0  # (most tiles: nothing stands out but the pips counted)
    _, labels, stats, _ = components(mask)
    # (the faint level's blobs with the pips: once a tile, and only if a worn pip's paint
    # is looked for)
    joined = functools.cache(lambda: cv2.connectedComponents(above.astype(np.uint8))[1])
    length, width = strength.shape
    spread = float(cfg["faint_spread"]) * unit
    count = 0
    for k, (x, y, w, h, area) in enumerate(stats.tolist()[1:], start=1):
        clear = x > border and y > border and x + w < width - border and y + h < length - border
        if not clear:
            continue
        round_pip = lo <= area <= hi and _roundish([x, y, w, h, area], min_fill)
        # or a worn pip's paint left: not part of a pip counted, at this level (a glossy red
        # 1's highlight, past its halo, is as large)
        if not round_pip and (
            not _worn_pip(w, h, area, unit, cfg) or _of_a_pip(joined(), labels == k, counted)
        ):
            continue
        # (its brightest pixel, and the blob about it at half that)
        at = np.unravel_index(
            int(np.argmax(np.where(labels == k, strength, -np.inf))), labels.shape
        )
        _, around, sizes, _ = components((strength > strength[at] / 2).astype(np.uint8))
        if float(sizes[around[at], cv2.CC_STAT_AREA]) <= spread:
            count += 1
    return count


def _of_a_pip(joined: Array, blob: Array, counted: Image) -> bool:
    """Does the ``blob`` join a pip ``counted`` (``joined``: the labels of the blobs at the
    faint level, pips counted included)?"""
    mine = np.unique(joined[blob])
    return bool(np.isin(joined[counted > 0], mine).any())


def _worn_pip(w: int, h: int, area: float, unit: float, cfg: Config) -> bool:
    """Is a faint blob ``w`` x ``h`` of ``area`` px what paint a worn pip keeps (``unit``: a
    pip's area)? Part of a pip's disc: a crescent or a ring about its cup, which shows the
    body's colour, nearly as wide as a pip. (A worn set's 5-2 read 3-2, sure: two of its 5's
    pips worn to crescents, one of them too faint and thin to count, the rest a 3.)"""
    across = 2 * math.sqrt(unit / math.pi)
    least, most = (float(v) * across for v in cfg["worn_across"])
    return (
        least <= max(w, h) <= most
        and min(w, h) >= float(cfg["worn_least_across"]) * across
        and area >= float(cfg["worn_least_area"]) * unit
    )


def _long_three(
    halves: list[list[int]],
    spots: list[list[tuple[float, float]]],
    mid: float,
    width: int,
    cfg: Config,
) -> tuple[list[list[int]], list[list[tuple[float, float]]]] | None:
    """The pips of a 3-3 as many sets draw it (the "long three"), split between its halves;
    None if they are not laid so.

    Its 3s run along the tile, not corner to corner: each half has two pips on the centre
    line and one beside it at the tile's middle, the two halves' on opposite sides. Those
    two lie on the middle line, where no half is told from the other by where they sit.
    """
    pips = [(c, k) for half in (0, 1) for c, k in zip(spots[half], halves[half], strict=True)]
    if len(pips) != 6:
        return None
    cx = sum(c[0] for c, _ in pips) / 6
    line = float(cfg["centre_line"]) * width
    near = float(cfg["long_three_middle"]) * width
    middle = [p for p in pips if abs(p[0][1] - mid) < near]
    rest = [p for p in pips if abs(p[0][1] - mid) >= near]
    if len(middle) != 2 or any(abs(c[0] - cx) >= line for c, _ in rest):
        return None
    (a, _), (b, _) = middle
    if (a[0] - cx) * (b[0] - cx) >= 0 or min(abs(a[0] - cx), abs(b[0] - cx)) < line:
        return None  # not one on each side of the centre line
    ends = [[p for p in rest if p[0][1] < mid], [p for p in rest if p[0][1] > mid]]
    if [len(e) for e in ends] != [2, 2]:
        return None
    out = [[middle[0], *ends[0]], [middle[1], *ends[1]]]
    return [[k for _, k in h] for h in out], [[c for c, _ in h] for h in out]


def _greyed(inner: Image, clear: Array, peak: float, cfg: Config) -> bool:
    """Is the body (the Lab patch inside its border, where ``clear`` of the pips) a black
    tile's greyed by a bright light: grey, not coloured like a table, with pips far lighter
    than it?"""
    if peak < float(cfg["bright_body_contrast"]):
        return False
    a = median(inner[..., 1][clear].astype(np.int16)) - 128
    b = median(inner[..., 2][clear].astype(np.int16)) - 128
    return math.hypot(a, b) <= float(cfg["grey_chroma"])


_GLARE, _HIDES = "glare", "hides"


def _soft_light(
    strength: Array, labels: Array, stat: list[int], k: int, peak: float, cfg: Config
) -> str | None:
    """Is blob ``k`` (one fainter than the pips) a soft light, no pip: its rim (the pixels
    just outside it) rising toward it by less than ``soft_rim`` of its own brightest a
    pixel (the median of the rim's slopes)? A pip's rim steps from the body to the pip
    within a pixel or two, blurred or not (0.18 at least on the photos and renders, in
    every sure reading); a glare's light falls off over many (0.09 at most).

    ``_GLARE`` where the light is soft throughout, no slope in it as steep, and its
    brightest under ``glare_top`` of the tile's peak: a pip under it would stand out of it,
    by its own rim's step or as bright as the pips, so it hides none and is passed over.
    ``_HIDES`` where it may hide one (the tile is in doubt); None where it is no soft
    light."""
    x, y, w, h = stat[:4]
    # (two pixels about it: its rim, and the pixels past the rim its slopes are taken from)
    x0, y0 = max(0, x - 2), max(0, y - 2)
    x1, y1 = min(labels.shape[1], x + w + 2), min(labels.shape[0], y + h + 2)
    near = strength[y0:y1, x0:x1].astype(np.float32)
    inside = (labels[y0:y1, x0:x1] == k).astype(np.uint8)
    rim = cv2.dilate(inside, np.ones((3, 3), np.uint8)) > inside
    slope = cv2.magnitude(cv2.Sobel(near, cv2.CV_32F, 1, 0), cv2.Sobel(near, cv2.CV_32F, 0, 1))
    # (Sobel's 3 x 3 weighs a step of one pixel 8 times over)
    steps = median(slope[rim]) / 8
    within = inside > 0
    top = float(near[within].max())
    soft = float(cfg["soft_rim"]) * top
    if steps >= soft:
        return None
    if float(slope[within].max()) / 8 < soft and top < float(cfg["glare_top"]) * peak:
        return _GLARE
    return _HIDES


def _check_half(
    half: int,
    blobs: list[int],
    stats: Stats,
    centroids: list[list[float]],
    width: int,
    length: int,
    cfg: Config,
    defects: list[str],
) -> None:
    areas = [float(stats[k][cv2.CC_STAT_AREA]) for k in set(blobs) if blobs.count(k) == 1]
    if len(areas) >= 2 and max(areas) > float(cfg["size_ratio"]) * min(areas):
        defects.append(f"pip sizes {sorted(areas)} in half {half}")
    if not blobs:
        return
    if len(blobs) == 1:
        # a 1's pip is a disc, filling its box as a disc does (0.79; 0.88 at most on the
        # renders): a square as large, filling it, is a cloth's check (a gingham's dark
        # magenta squares, each in a cell across the checks read a red 1). Not a small one:
        # a disc a few pixels across fills its box as a square does (a set's 1 0.17 W across
        # filled 0.96 of its 7 x 7 px)
        _, _, w, h, area = stats[blobs[0]][:5]
        large = min(w, h) >= float(cfg["one_square_least"]) * width
        if large and area > float(cfg["one_max_fill"]) * w * h:
            defects.append(f"a square 1 in half {half}: a cloth's check, not a pip")
    cy = sum(float(centroids[k][1]) for k in blobs) / len(blobs)
    middle = length / 4 if half == 0 else 3 * length / 4
    if len(blobs) >= 2:
        cx = sum(float(centroids[k][0]) for k in blobs) / len(blobs)
        if abs(cx - width / 2) > float(cfg["off_centre"]) * width:
            defects.append(f"pips off centre in half {half}")
        if abs(cy - middle) > float(cfg["off_middle"]) * length / 2:
            defects.append(f"pips off the middle of half {half}")
    # a face's pips are centred in their half (a 1 sits there or beyond): pips gathered by
    # the tile's middle are a block of another face's, in a cell too long for it
    toward = (cy - middle) if half == 0 else (middle - cy)
    if toward > float(cfg["toward_middle"]) * length / 2:
        defects.append(f"the pips of half {half} by the tile's middle")


def _check_layout(
    half: int,
    spots: list[tuple[float, float]],
    width: int,
    length: int,
    cx: float,
    cfg: Config,
    defects: list[str],
) -> None:
    """Odd counts have one pip on the tile's centre line (``cx``) and even counts none (where
    along the half they sit differs between sets). A cell shifted off its tile, or laid
    across two tiles, breaks this."""
    on_line = sum(abs(x - cx) < float(cfg["centre_line"]) * width for x, _ in spots)
    n = len(spots)
    if n in (2, 3) and cfg.get("along_the_line") and _a_column(spots, width, length, cx, cfg):
        pass  # (a 2 or a 3 laid along the tile, where the cell is known to be a tile's)
    elif on_line != n % 2:
        # (a 6 laid across the cell reads so as SIX_ACROSS: the recogniser looks for it)
        defects.append(f"{on_line} pips on the centre line in the {n} of half {half}")
    elif n == 1 and abs(spots[0][1] - length / 2) < float(cfg["one_from_middle"]) * length / 2:
        # a 1 sits in the middle of its half or beyond, never by the tile's middle: two
        # pips of a column close together, seen through a cell laid across its tile
        defects.append(f"the 1 of half {half} by the tile's middle")
    elif (
        n == 2
        and abs(spots[0][1] - spots[1][1]) > float(cfg["two_along"]) * length / 2
        and not _corner_to_corner(spots, width, length, cfg)
    ):
        # a 2's pips lie side by side across the tile (in 99 % of the cells read sure with a
        # 2, within 0.07 of the half's length along it on the renders; in 95 %, 0.02 on the
        # photos), or corner to corner as a die's (some sets): two pips on a short diagonal
        # are part of another face (a cell placed by pips, a third of a width along from a
        # blurred 3-3, read it as a 3-2; a cell laid across two tiles' lower halves, their
        # seam washed out by a glare, read a 3 as a 2)
        defects.append(f"the 2 of half {half} on a short diagonal")
    elif n in (3, 5):
        # a 3's or a 5's middle pip lies between the others along the tile, not at an end
        middle = next(y for x, y in spots if abs(x - cx) < float(cfg["centre_line"]) * width)
        others = [y for x, y in spots if abs(x - cx) >= float(cfg["centre_line"]) * width]
        if not min(others) < middle < max(others):
            defects.append(f"the middle pip of the {n} of half {half} at an end")
        elif n == 3 and max(others) - min(others) < float(cfg["diagonal"]) * length / 2:
            # a 3 runs corner to corner along its half: three pips in a row across the
            # cell are a 6's or a 5's row, seen through a cell laid across its tile
            defects.append(f"the 3 of half {half} not on a diagonal")
        elif n == 5:
            # a 5's corners lie further apart along the tile than across it (the median
            # ratio 1.25 on the renders, none under 0.95; 1.8 on the photos): a 5 lying
            # across the cell is a tile's half seen through a cell laid across two tiles
            # side by side (a 5-3 and a 5-2 read as a 5-5)
            xs = [x for x, _ in spots if abs(x - cx) >= float(cfg["centre_line"]) * width]
            if max(others) - min(others) < float(cfg["five_across"]) * (max(xs) - min(xs)):
                defects.append(f"the 5 of half {half} lies across the tile")
    if n >= 4:
        # a 4, 5 or 6 has a column of pips on each side, straight along the tile and as long
        # as the other: slanted columns are a tile lying askew in its cell, and uneven ones
        # pips miscounted (a 6's column of three run together, cut in two, read as a 5)
        slack = float(cfg["column_slack"]) * width
        columns = [
            [x for x, _ in spots if (x - cx) * side > float(cfg["centre_line"]) * width]
            for side in (-1, 1)
        ]
        if len(columns[0]) != len(columns[1]):
            defects.append(f"columns of {len(columns[0])} and {len(columns[1])} in half {half}")
        elif any(len(xs) >= 2 and max(xs) - min(xs) > slack for xs in columns):
            defects.append(f"a slanted column of pips in the {n} of half {half}")


def _check_colour(
    blobs: list[int], red_of: Bools, hued: Bools, counts: list[int], defects: list[str]
) -> None:
    """Are the half's pips red as its count says (``red_of``: each blob red or not by its
    a*; ``hued``: and of a red's hue)?"""
    if not blobs:
        return
    n = len(blobs)
    if n in RED_COUNTS:
        if not all(bool(hued[k]) for k in blobs):
            defects.append(f"{n} pips not all red")
    elif n == 6 and counts == [6, 6]:
        pass  # (a 6-6's red pips are weighed over both halves: _check_six_six)
    elif any(bool(hued[k]) for k in blobs):
        defects.append(f"red pips in a {n}")
    elif counts == [2, 2] and any(bool(red_of[k]) for k in blobs):
        # (a pip red by its a* alone, not of a red's hue, is blue: some sets paint their
        # pips so. It counts against a 2-2 only: a die's 6 seen through a cell across two
        # of its rows is a 2-2, and dice pips are often blue)
        defects.append(BLUE_TWO)


def _check_six_six(
    halves: list[list[int]],
    spots: list[list[tuple[float, float]]],
    cx: float,
    red_of: Bools,
    defects: list[str],
) -> None:
    """Some of a 6-6's pips are red, as its maker lays them: a column of each half, or the
    whole of one half, or each half's middle row (or none, in a set without red); not both
    halves wholly red, nor two red pips in one elsewhere (a cell across two red 4s and their
    neighbours read a 4-4 as a 6-6: a 4's pips lie in a column of the cell's half)."""
    reds = tuple(sum(bool(red_of[k]) for k in blobs) for blobs in halves)
    if reds in ((0, 0), (3, 3), (6, 0), (0, 6)):
        return
    if reds == (2, 2) and all(
        _middle_row(blobs, at, cx, red_of) for blobs, at in zip(halves, spots, strict=True)
    ):
        return
    defects.append(f"6-6 with {reds[0]} and {reds[1]} red pips in its halves")


def _middle_row(blobs: list[int], at: list[tuple[float, float]], cx: float, red_of: Bools) -> bool:
    """Are a 6's red pips its middle row: in each column of three (either side of the centre
    line ``cx``), the middle one, and no other?"""
    for side in (-1, 1):
        column = sorted((y, k) for k, (x, y) in zip(blobs, at, strict=True) if (x - cx) * side > 0)
        if [bool(red_of[k]) for _, k in column] != [False, True, False]:
            return False
    return True


def _middle_seam(
    strength: Array, binary: Array, border: int, width: int, cfg: Config, clear: int = 0
) -> tuple[float, int]:
    """How strongly a line across the tile's middle stands out from the body the way pips do
    (the seam of two tiles' ends, where the table or a shadow shows: darker on ivory, lighter
    on black), measured between the pips, and the line (row) it stands out most at.
    ``strength`` is how pip-like each pixel is; the halo of pips near the middle makes the
    body beside the line pip-like, not the line. ``clear``: how far from the pips across
    the tile to measure (pips on the middle line light it with their halo)."""
    length = strength.shape[0]
    mid = length // 2
    d = _seam_offset(width)
    # the cell may sit a pixel or two along from the tiles it lies across
    shift = round(float(cfg["seam_search"]) * length)
    if mid - shift - d < 0 or mid + shift + d >= length:
        return 0.0, mid  # (a patch far shorter than a tile)
    cols = np.arange(border, width - border)
    # clear of the pips and of the halo around them (blur, a cup's shade)
    near = binary[max(0, mid - d - 3) : mid + d + 4, border : width - border]
    taken = near.any(axis=0)
    if clear > 0:
        taken = np.convolve(taken, np.ones(2 * clear + 1), mode="same") > 0
    free = ~taken
    if int(np.count_nonzero(free)) < 4:
        return 0.0, mid
    keep = cols[free]
    stands = row_medians(_stands_out(strength[:, keep], mid - shift, mid + shift, d))
    k = int(np.argmax(stands))
    return max(0.0, float(stands[k])), mid - shift + k


def _seam_offset(width: int) -> int:
    """How far from a line across the tile the rows it is compared with lie (pixels)."""
    return max(2, round(0.12 * width))


def _a_broad_crest(
    strength: Array, pips: Array, border: int, width: int, line: int, cfg: Config
) -> bool:
    """Is the line ``line``, standing out from the rows beside it the way pips do, the crest
    of a broad light rather than a seam? A seam steps: past it the body is flat, and the
    line stands out from the rows twice as far off about as much as from those beside it.
    A glare across a black tile's middle is a broad hump, its crest standing out far more
    from the rows beyond (a 2-5 under a glare was read in doubt for a seam). Measured in
    the columns where none of the rows compared holds a pip (``pips``); not where too few
    do. (A glare beside a seam makes it stand out less from the rows beyond, not more.)"""
    d = _seam_offset(width)
    wide = 2 * d
    if line - wide < 0 or line + wide >= strength.shape[0]:
        return False
    inner = slice(border, width - border)
    rows = [line - wide, line - d, line - 1, line, line + 1, line + d, line + wide]
    clear = ~pips[rows, inner].any(axis=0)
    if int(np.count_nonzero(clear)) < 4:
        return False
    columns = strength[:, inner][:, clear]
    near = float(np.median(_stands_out(columns, line, line, d)))
    far = float(np.median(_stands_out(columns, line, line, wide)))
    return near < float(cfg["seam_broad"]) * far


def _stands_out(strength: Array, first: int, last: int, d: int) -> Floats:
    """How far each line ``first`` to ``last`` (three pixels thick) of ``strength`` stands
    out from the rows ``d`` to either side of it, the lesser of the two, per column (0 where
    it does not). The rows ``d`` beyond either line are in the patch."""
    # (only the rows measured, as floats: a tile's patch is several times as long)
    rows = strength[first - d : last + d + 1].astype(np.float64)
    lines = functools.partial(_lines_at, rows, d, last - first + d)
    line = (lines(-1) + lines(0) + lines(1)) / 3
    stands: Floats = np.maximum(np.minimum(line - lines(-d), line - lines(d)), 0.0)
    return stands


def _lines_at(rows: Array, first: int, last: int, offset: int) -> Array:
    """The rows ``offset`` along from each of the lines ``first`` to ``last``."""
    shifted: Array = rows[first + offset : last + offset + 1]
    return shifted


def _seam_between_pips(
    strength: Array, near_pips: Array, border: int, width: int, cfg: Config
) -> tuple[float, int]:
    """How strongly a line near the tile's middle stands out the way pips do, as
    ``_middle_seam`` measures it, but pixel by pixel clear of the pips and their halo
    (``near_pips``), so that pips on both sides of it leave columns to measure in, and
    looked for farther from the middle (``seam_search_wide``), with the line it stands out
    most at. 0 where too little of the line is clear of the pips to tell."""
    length = strength.shape[0]
    mid = length // 2
    d = _seam_offset(width)
    shift = round(float(cfg["seam_search_wide"]) * length)
    if mid - shift - d < 0 or mid + shift + d >= length:
        return 0.0, mid
    stands = _stands_out(strength[:, border : width - border], mid - shift, mid + shift, d)
    taken = near_pips[:, border : width - border] > 0
    # (the rows each line is measured on: itself, three thick, and those ``d`` to either side)
    at = functools.partial(_lines_at, taken, mid - shift, mid + shift)
    bad = at(-1) | at(0) | at(1) | at(-d) | at(d)
    least = max(float(cfg["seam_clear_share"]) * stands.shape[1], 1.0)
    enough = np.count_nonzero(~bad, axis=1) >= least
    if not enough.any():
        return 0.0, mid
    values = row_medians_where(stands[enough], ~bad[enough])
    k = int(np.argmax(values))
    return max(0.0, float(values[k])), mid - shift + int(np.flatnonzero(enough)[k])


def _several(
    labels: Array,
    stats: Stats,
    k: int,
    known: Floats | None,
    columns: bool,
    least: float,
    slack: float,
    pip: float,
) -> list[tuple[float, float]]:
    """The centres of the pips blob ``k`` holds, if it holds two to six, each of at least
    ``least`` px on average: cut at its necks (or, with ``columns``, by its length), else the
    pips the first stage found apart in it (``pip``: a pip's area). (A sliver of a pip cut off by the cell's edge is
    as long as a column of pips, not as large.) Two pieces that leave the blob a pip larger
    than they are, by their radius, are not its pips."""
    area = float(stats[k][cv2.CC_STAT_AREA])
    if area < 2 * least:
        return []  # too small for two pips: not cut at all (most blobs a cell looks into)
    x, y, w, h = stats[k][:4]
    parts = split_blob(labels[y : y + h, x : x + w] == k, columns=columns)
    centres = [(float(px) + x, float(py) + y) for px, py in parts[:, :2]]
    if len(parts) == 2 and area > (3 - slack) * math.pi * float(parts[0, 2]) ** 2:
        # cut in two, but a pip larger than two by their radius: big pips run together,
        # some lost in the cut (four of a 5's cross cut in two, read as a 3). (A blob cut in
        # more pieces is a crowded face's, whose pips overlap more than their radius says)
        centres = []
    if not 2 <= len(centres) <= 6:
        centres = _known_inside(known, labels, k, math.sqrt(pip / math.pi))
    if 2 <= len(centres) <= 6 and area >= least * len(centres):
        return centres
    return []


def _known_inside(
    known: Floats | None, labels: Array, k: int, radius: float
) -> list[tuple[float, float]]:
    """The pips found before whose centres lie in blob ``k``; two within a pip's
    ``radius`` of each other are one pip (a faint pip, cut at a share of its neighbours'
    peak, can fall into two specks: no two of a tile's pips overlap so far)."""
    if known is None:
        return []
    h, w = labels.shape
    # (known holds every pip of the frame: those in the blob are picked out at once)
    at = np.rint(known).astype(np.int64)
    on = (at[:, 0] >= 0) & (at[:, 0] < w) & (at[:, 1] >= 0) & (at[:, 1] < h)
    on[on] = labels[at[on, 1], at[on, 0]] == k
    out: list[tuple[float, float]] = []
    for x, y in known[on].tolist():
        if all(math.dist((x, y), p) >= radius for p in out):
            out.append((x, y))
    return out


def _edge_strip(stat: list[int], border: int, width: int, length: int) -> bool:
    """A thin strip along the patch's edge, just inside the ignored margin: the table or a
    neighbour's rim where the cell reaches a little past its tile, not a pip."""
    x, y, w, h = stat[:4]
    thin = max(2, round(0.08 * width))
    if h <= thin and w >= 0.3 * width:
        return y <= border + 1 or y + h >= length - border - 1
    if w <= thin and h >= 0.3 * width:
        return x <= border + 1 or x + w >= width - border - 1
    return False


def _a_chain(
    stat: list[int], border: int, width: int, length: int, own: float, longest: float
) -> bool:
    """Is a blob of about a pip's area long and clear of the cell's margin: pips' rims (a
    concave pip lit at its edge) run together down a column, not one pip (a pip cut by
    the margin is as long, but touches it)? Or, touching the margin, longer than
    ``longest`` pips (of area ``own``) across: a pip cut by the margin is no longer than
    one is wide, a 6's column of three large pips run together to the cell's end is
    longer. (Where a 1's large pip is the only round blob, it is the measure of a pip,
    and such a column about one pip's area: a 6-1 read as a 2-1, sure.)"""
    x, y, w, h = stat[:4]
    clear = x > border + 1 and y > border + 1
    clear = clear and x + w < width - border - 1 and y + h < length - border - 1
    return (clear or _a_streak(stat, own, longest)) and max(w, h) > 1.6 * min(w, h)


def _a_column_beside(
    defects: list[str],
    spots: list[list[tuple[float, float]]],
    counts: list[int],
    width: int,
    length: int,
    cx: float,
    cfg: Config,
) -> list[str]:
    """The defects, but for a 3 laid in a column along the centre line beside a 4, a 5 or a
    6, or a 2 so laid beside a 6 (as some sets lay their 2s and 3s), where that is all that
    is amiss. A cell off its tile shows no such pair: the other half's two columns lie a
    quarter of a width either side of its middle, so its tile (or two tiles side by side,
    their seam on its middle) lies where the cell does, and pips on its line are that
    tile's own, or on a seam, where none are. Nor does a cell cut crosswise over two tiles
    side by side, each of its halves a tile's half turned a quarter turn: a 3's diagonal
    turned is a diagonal still, and a 6 turned is three rows of two; but a 2 laid across its
    tile, turned, lies along the line, and a 4 or a 5 turned is a 4 or a 5 (a 5-5 and a 4-2
    side by side, the seventh renderer's scene 66, read as a 5-2). (Beside a 1 a column may
    be a 4's or a 6's seen through a cell off its tile, the 1 another tile's.)"""
    for half in (0, 1):
        n = counts[half]
        if (
            n in (2, 3)
            and counts[1 - half] >= (6 if n == 2 else 4)
            and defects == [f"{ALONG[n - 2]}of half {half}"]
            and _a_column(spots[half], width, length, cx, cfg)
        ):
            return []
    return defects


def _a_column(
    spots: list[tuple[float, float]], width: int, length: int, cx: float, cfg: Config
) -> bool:
    """Do a half's two or three pips, all on the centre line (``cx``), lie along it as far
    apart as a 3's outer pips, as some sets lay a 2 and a 3? (Read so only where the cell is known to
    lie on one tile, ``along_the_line``, or beside a face that says so, ``_a_column_beside``;
    elsewhere pips on the line may be a 4's or a 6's column seen through a cell half a tile
    off, or a playing card's marks.)"""
    if not all(abs(x - cx) < float(cfg["centre_line"]) * width for x, _ in spots):
        return False
    ys = [y for _, y in spots]
    return max(ys) - min(ys) >= float(cfg["two_diagonal"][0]) * length / 2


def _corner_to_corner(
    spots: list[tuple[float, float]], width: int, length: int, cfg: Config
) -> bool:
    """Do a half's two pips lie on a diagonal from corner to corner, as a die's 2 (some sets
    lay it so), as far apart as a 3's outer pips? Not the short diagonal of a 3 whose corner
    pip a cell off its tile left out (its middle pip and the other corner)."""
    (x0, y0), (x1, y1) = spots
    along, across = cfg["two_diagonal"]
    return abs(y0 - y1) >= float(along) * length / 2 and abs(x0 - x1) >= float(across) * width


def _across_the_middle(stat: list[int], width: int, length: int, cfg: Config) -> bool:
    """Does a blob lie across the tile's middle as a line: long across, thin along, its
    middle near the tile's?"""
    _, y, w, h = stat[:4]
    reach, thin, near = cfg["line_across"]
    return (
        w >= float(reach) * width
        and h <= float(thin) * width
        and abs(y + h / 2 - length / 2) <= float(near) * length
    )


def _a_streak(stat: list[int], own: float, longest: float) -> bool:
    """Is a blob of about a pip's area longer than ``longest`` pips' diameters (of pips of
    area ``own``)? A pip cut by the cell's margin is no longer than a pip; a streak so long
    is a tile's rim or the table by its side, in a cell lying a little askew of its tile
    (a black tile's rim beside a 2 read it as a 3)."""
    return max(stat[2], stat[3]) > longest * 2.0 * math.sqrt(own / math.pi)


def _past_an_end(
    labels: Array, stat: list[int], k: int, border: int, width: int, length: int
) -> bool:
    """Is blob ``k`` the table (or a neighbour's rim) past the tile's end, a few pixels into
    a cell a little long: along one end, just inside the ignored margin, over nearly its
    whole width (a pip, or a row of them run together, touches it over a chord or two)?"""
    _, y, w, h = stat[:4]
    inner = width - 2 * border
    if w < 0.8 * inner or h > 0.3 * width:
        return False
    for row, at in ((border, y <= border), (length - border - 1, y + h >= length - border)):
        if at and int(np.count_nonzero(labels[row, border : width - border] == k)) >= 0.8 * inner:
            return True
    return False


def _at_an_end(stat: list[int], border: int, length: int) -> bool:
    """Does the blob reach the ignored margin at either end of the patch?"""
    _, y, _, h = stat[:4]
    return y <= border or y + h >= length - border


def _side_to_side(labels: Array, stat: list[int], k: int, border: int, width: int) -> bool:
    """Does blob ``k`` lie along both of the patch's sides, just inside the ignored margin,
    each over 0.3 of a tile's width (a pip cut by the margin touches it over a chord)?"""
    x, y, w, h = stat[:4]
    reach = 0.3 * width
    if x > border or x + w < width - border or h < reach:
        return False
    rows = labels[y : y + h]
    left = int(np.count_nonzero(rows[:, border] == k))
    right = int(np.count_nonzero(rows[:, width - border - 1] == k))
    return left >= reach and right >= reach


def _unread_blob(stat: list[int], area: float, mid: float, width: float, cfg: Config) -> str:
    """The defect of a blob read as no pips: where a cell is read as a back may be
    (``for_backs``), ``MARK`` where it reaches ``mark_reach`` x W past the middle into each
    half (no pip of a half reaches that far into the other: a back's pattern does); else
    its area."""
    top = stat[cv2.CC_STAT_TOP]
    bottom = top + stat[cv2.CC_STAT_HEIGHT]
    reach = float(cfg["mark_reach"]) * width
    if cfg.get("backs") and top < mid - reach and bottom > mid + reach:
        return f"{MARK}{area:.0f} px over both halves"
    return f"{BLOB}{area:.0f} px"


def _roundish(stat: list[int], min_fill: float, stretch: float = 1.5) -> bool:
    """A single pip: about as wide as high (within ``stretch``), and filling its box as a
    disc does (two pips run together on a diagonal are as wide as high too, but leave the
    box's corners empty)."""
    w, h = int(stat[cv2.CC_STAT_WIDTH]), int(stat[cv2.CC_STAT_HEIGHT])
    fill = float(stat[cv2.CC_STAT_AREA]) / max(w * h, 1)
    return max(w, h) <= stretch * min(w, h) and fill >= min_fill


def _clip(v: float) -> float:
    return float(min(1.0, max(0.0, v)))
