"""A plain photo (no mat) read plainly where its ground is of one hue, lit evenly or not.

Off the mat nothing is known in advance: not the tile size, not the ground. The careful
reading (``recognizer.recognize``) finds both from the pips and the regions grown round them,
and weighs several sizes against each other: about 100 ms a frame. But many tables are a
felt, a cloth or a wood of one hue, and tiles are ivory or black. The ground is the picture's
commonest hue, and how light it is about each place (a lamp's fall-off, a vignette) is its
own pixels' light blurred: what has another hue, or is darker than the ground about it (a
black body, which a dark felt tints with its hue), or, on a grey ground (an ivory body's
hue), lighter, is the tiles and whatever else lies there. Then the outlines of lone tiles
and of rows end to end say the tile size (where they leave a group not plain, or there are
none, the sizes rows side by side say are tried too, each taken only if every group reads
at it), and every group whose outline is a grid of whole tiles is read as the mat's plain
groups are (``direct.read_group``, each cell once, at the
size that fits the outline). A die or a coin (solid, too short for a tile) is passed over.
What is not plain (a staggered row, a face beside a back, a tile in doubt, a pip-sized speck
left over) is read the careful way in a box round it, at the size its outline says (the
box scaled to the mat's tile width where its tiles are wider), the plain groups painted
over; so is a group touching the picture's edge (a tile may be cut off there), at the
whole tiles' size. Where a box leaves anything in doubt, the boxes would be most of the
picture, they read nothing where no group read a tile either, or the ground is not plain
(too dark, or not the most of the picture), the picture is read carefully as a whole, as
it was before; and, but where the ground is not plain or no outline says a tile size, the
plain groups' tiles are added where that reading reads none (``Unsettled``). (What is
left over is measured against a pip of the size the outlines say, or, where no group
read a face at it, of the smallest tile read.)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np

from .boxes import Box, merged, padded, within
from .config import Config
from .direct import Group, left_over, lone_tiles_show_lines, read_group
from .locate import cell_axes
from .medians import counted_median
from .segment import colours, glare_on_ground, ground_mask
from .types import Array, Floats, Image, Observation, Quad, Reading, Tile

Ground = tuple[float, float, float]
#: ``recognize(image, cfg, tile_px, aspect, pip_kernel=...)``: the careful reading of a box
Careful = Callable[..., Observation]

_GREY = np.full(3, 1.0 / 3.0)


@dataclass(frozen=True, slots=True)
class _Outlines:
    """What is not the ground, at ``scale`` of the image: each thing's outline."""

    scale: float
    ground: Ground
    shown: Image  # 255 where not the ground (opened)
    contours: tuple[Array, ...]


@dataclass(frozen=True, slots=True)
class Unsettled:
    """A picture read plainly in part: a box its careful reading left in doubt (which the
    whole picture's careful reading may settle: the tile size measured where the tiles read
    sure lie), too much left over that no cell read accounts for, boxes that would be most
    of it, or groups not plain at the sizes rows side by side alone say. It is to be read
    carefully as a whole, and ``tiles``, those its plain groups read (every cell where an
    outline of whole tiles puts it), added where that reading reads none."""

    tiles: list[Tile]


def read_plainly(
    image: Image, cfg: Config, careful: Careful, half: Image | None = None
) -> Observation | Unsettled | None:
    """The image's tiles, read plainly where they lie plain on a plain ground (see the
    module's docstring), the rest carefully; None where the image is not such a picture,
    to be read carefully as a whole; ``Unsettled`` where it is in part. (``half``: the
    image at half size, where the caller has it.)"""
    start = time.perf_counter()
    pcfg = cfg["photo"]
    if not bool(pcfg["plain_groups"]):
        return None
    outlines = _outlines(image, cfg, half)
    if outlines is None:
        return None
    lone = _tile_size(outlines, cfg)
    sizes = _tile_sizes(outlines, lone, cfg)
    if not sizes:
        return None
    # at the size the lone tiles and rows end to end say first; where that leaves a group
    # not plain, at another the outlines may say (rows side by side alone; a row of four
    # side by side is shaped like one tile twice as wide) if every group reads plainly there
    # (nor where it passes over more outlines than the first, as specks or dice: at twice
    # the size, a lone tile is too short to hold one)
    first = _read_groups(image, outlines, sizes[0], cfg, lone is not None)
    assert first is not None  # (not read whole: never None)
    read: _Groups | None = first
    for size in sizes[1:]:
        if read is not None and _all_plain(read, first):
            break
        read = _read_groups(image, outlines, size, cfg, False, whole=True)
    if read is None or not _all_plain(read, first):
        if lone is None:
            # (rows side by side alone: a box round one read carefully at a size they say
            # may take a cell across two tiles' halves for a tile; the whole picture's
            # careful reading weighs its sizes against each other. The groups that read
            # plainly at that size, each cell where a grid of whole tiles puts it, stand
            # where it reads none)
            return Unsettled(list(first.obs.tiles))
        read = _as_lined(image, outlines, first, cfg)
    (tile_px, aspect), obs, cells, rest = read.size, read.obs, read.cells, read.rest
    scale = outlines.scale
    h, w = image.shape[:2]
    pad = float(cfg["table"]["plain_rest_pad"]) * tile_px
    # everything the picture shows lies in the cells read or in a group not plain
    reach = round(float(cfg["table"]["plain_reach"]) * tile_px * scale)
    left = left_over(outlines.shown, read.covered, cells, scale, reach)
    count = cv2.countNonZero(left)
    if count > float(cfg["table"]["plain_left"]) * (tile_px * scale) ** 2:
        return Unsettled(list(obs.tiles))
    # and what is left that could be a pip (a tile whose body passed for the ground, its
    # pips all that shows) is read carefully too
    # (where no group read a face at the size the outlines say, a pip's at the smallest
    # tile read: a phone, the one outline shaped as a tile, said one twice as wide, and
    # the pips of tiles whose body is the ground's colour were specks too small to read)
    smallest = tile_px if obs.tiles else min(tile_px, float(cfg["locate"]["min_width_px"]))
    speck = float(pcfg["pip_area"]) * (smallest * scale) ** 2
    stats = cv2.connectedComponentsWithStats(left)[2][1:] if count else []
    for x, y, bw, bh, area in stats:
        if area >= speck:
            rest.append((padded((x, y, bw, bh), scale, pad, (w, h)), (tile_px, aspect), 0.0))
    boxes = merged([box for box, _, _ in rest])
    if sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in boxes) > float(pcfg["most_careful"]) * (
        h * w
    ):
        # (read in boxes, most of the frame would be read twice over)
        return Unsettled(list(obs.tiles))
    plain_ms = 1000 * (time.perf_counter() - start)
    stages = {"plain": plain_ms}
    plain_tiles = list(obs.tiles)  # (before the boxes' are added)
    grown = float(cfg["table"]["plain_rim"]) * tile_px
    kernel = float(cfg["table"]["pip_kernel"]) * tile_px
    for box in boxes:
        crop = _painted_over(image, box, cells, outlines.ground, grown)
        # (at the width that fits the groups in it: a camera not straight above sees tiles
        # nearer it larger, and a pip near the end of a cell too small is no tile's)
        groups = [(v, held) for b, v, held in rest if within(b, box)]
        width, ratio = (float(v) for v in np.median([v for v, _ in groups], axis=0))
        # (at the mat's tile width at most, as the mat's boxes are read: the careful reading
        # finds a tile's pips as well there, and a wider tile costs the square of its width;
        # but where that accounts for fewer tiles than the outlines hold, big pips may have
        # run together there: read at the picture's own size, as before)
        small, k = _narrowed(crop, width, float(cfg["table"]["tile_px"]))
        part = _read_box(careful, small, cfg, width * k, ratio, kernel * k)
        least = int(float(pcfg["box_held"]) * sum(held for _, held in groups))
        if k < 1.0 and len(part.tiles) + part.face_down + part.uncertain < least:
            part, k = _read_box(careful, crop, cfg, width, ratio, kernel), 1.0
        if part.uncertain:
            # what a box leaves in doubt the whole picture may settle: the tile size measured
            # where the tiles read sure lie, the size every group is cut again at
            return Unsettled(plain_tiles)
        _add(obs, part, box, k)
        for stage, ms in dict(part.debug.get("stages_ms", {})).items():  # type: ignore[call-overload]
            stages[stage] = stages.get(stage, 0.0) + float(ms)
    if boxes and not obs.tiles:
        # nothing read, but boxes were: what they hold (pips, at a size far from their
        # tiles') the whole picture's careful reading measures the size of
        return Unsettled([])
    obs.tiles.sort(key=lambda t: (t.center[1], t.center[0]))
    obs.debug.update(
        plain=not boxes,
        plain_boxes=boxes,
        plain_cells=cells,
        stages_ms=stages,
        ms=1000 * (time.perf_counter() - start),
    )
    return obs


@dataclass(frozen=True, slots=True)
class _Groups:
    """The outlines read at one tile ``size`` (width, aspect): the plain groups' tiles and
    backs (``obs``) and cells, and boxes round the groups not plain, to be read carefully
    (with their tile size, and how many tiles their outline holds by its area)."""

    size: tuple[float, float]
    obs: Observation
    cells: list[Quad]
    rest: list[tuple[Box, tuple[float, float], float]]
    covered: Image  # the plain groups' cells, and the groups not plain
    skipped: int  # outlines passed over: specks, dice and coins
    # the groups that fit a grid of whole tiles and did not read plainly: their outline, the
    # size that fits it, and their box's place in ``rest``
    unread: list[tuple[Array, tuple[float, float], int]]
    lined: bool = False  # a group of several read as a set with lines


def _read_groups(
    image: Image,
    outlines: _Outlines,
    size: tuple[float, float],
    cfg: Config,
    lone: bool,
    whole: bool = False,
) -> _Groups | None:
    """Each outline read as a plain group at the tile ``size`` (or the nearest that fits
    it whole, ``_local_sizes``), else boxed to be read carefully; specks passed over (what
    matters of them is seen as not covered), dice and coins covered. ``lone``: the size is
    the lone tiles' (not only rows side by side say it, roughly: their cells are read
    without the pips found round them, see ``direct.read_group``). ``whole``: None at the
    first group not read plainly (a size taken only if every group reads at it)."""
    pcfg = cfg["photo"]
    tile_px, aspect = size
    scale = outlines.scale
    h, w = image.shape[:2]
    least = float(cfg["table"]["plain_least"]) * (tile_px * scale) ** 2
    to_frame = np.eye(3)
    obs = Observation(tile_px=tile_px)
    cells: list[Quad] = []
    rest: list[tuple[Box, tuple[float, float], float]] = []
    covered = np.zeros_like(outlines.shown)
    pad = float(cfg["table"]["plain_rest_pad"]) * tile_px
    unread: list[tuple[Array, tuple[float, float], int]] = []
    skipped = 0
    lined = False
    for contour in outlines.contours:
        if cv2.contourArea(contour) < least:
            skipped += 1
            continue  # a speck (what matters of it is seen below, as not covered)
        x, y, bw, bh = cv2.boundingRect(contour)
        if _at_edge(contour, outlines.shown.shape):
            # a tile the picture's edge may cut off: the careful reading makes out what it
            # can of it, at the size the whole tiles say
            if whole:
                return None
            cv2.drawContours(covered, [contour], -1, 255, -1)
            held = _held(contour, scale, tile_px, aspect)
            rest.append((padded((x, y, bw, bh), scale, pad, (w, h)), (tile_px, aspect), held))
            continue
        (_, _), sides, _ = cv2.minAreaRect(contour)
        if (
            max(sides) / scale < float(pcfg["least_length"]) * aspect * tile_px
            and cv2.contourArea(contour) >= float(pcfg["solid"]) * sides[0] * sides[1]
        ):
            # too small to hold a tile, and solid: a die, a coin (never a tile, read
            # carefully; not a tile's pips, which are no solid thing)
            cv2.drawContours(covered, [contour], -1, 255, -1)
            skipped += 1
            continue
        fits = _local_sizes(contour, scale, tile_px, aspect, cfg)
        local = fits[0] if fits else None
        group = (
            None
            if local is None
            else read_group(image, contour, scale, to_frame, *local, cfg, found_pips=lone)
        )
        if group is not None and group.faces and len(fits) > 1:
            # the outline makes whole tiles turned a quarter turn too, about as near the
            # set's size (a block of two rows end to end, four side by side, at a size a
            # little off the set's): where they read faces that way too, which way its tiles
            # lie is not known (read so, a block of black tiles was cut crosswise, each cell
            # across two tiles' halves reading a face, sure: the fifth renderer's scene 258)
            turned = read_group(image, contour, scale, to_frame, *fits[1], cfg, found_pips=lone)
            if turned is not None and turned.faces and _crosswise(group.faces, turned.faces):
                group = None
        if group is None:
            if whole:
                return None
            cv2.drawContours(covered, [contour], -1, 255, -1)
            box = padded((x, y, bw, bh), scale, pad, (w, h))
            fit = (tile_px, aspect) if local is None else local
            if local is not None:
                unread.append((contour, local, len(rest)))
            rest.append((box, fit, _held(contour, scale, *fit)))
            continue
        cells += [q for q, _ in group.faces] + list(group.backs)
        obs.tiles += _tiles(group)
        obs.face_down += len(group.backs)
        lined = lined or group.says_lined
    return _Groups(size, obs, cells, rest, covered, skipped, unread, lined)


def _crosswise(
    cells: Sequence[tuple[Quad, Reading]], others: Sequence[tuple[Quad, Reading]]
) -> bool:
    """Do the ``others`` lie a quarter turn (more than 45 degrees) from the ``cells``? (Each
    a cell and its reading; by the first of each: a group's cells lie one way.)"""
    _, _, along, _, _ = cell_axes(cells[0][0])
    _, _, other, _, _ = cell_axes(others[0][0])
    return abs(float(along @ other)) < math.cos(math.pi / 4)


def _all_plain(read: _Groups, first: _Groups) -> bool:
    """Is every outline read plainly at ``read``'s size, none passed over that the first
    size read?"""
    return not read.rest and read.skipped <= first.skipped


def _as_lined(image: Image, outlines: _Outlines, read: _Groups, cfg: Config) -> _Groups:
    """The groups not read plainly read as a set with lines, where every tile, lone tiles
    too, may show the line (``direct.read_group``'s ``alone``), and taken so where their
    cells show it as a set with lines does, as the careful reading asks of a picture read
    again so (``lines.min_shown`` of them at least, and more than ``lines.shown_share``;
    one alone is also two dice side by side, or a tile's end against another's), or where
    a group of several read plainly as such a set's already. A set with a faint groove
    between every tile's halves is no rarity, and its lone tiles are otherwise all in
    doubt, the picture read carefully twice."""
    lcfg = cfg["lines"]
    # (those that hold one tile by their area: a group of several keeps its own rule)
    held = float(cfg["table"]["lone_area"])
    lone = [(contour, local, k) for contour, local, k in read.unread if read.rest[k][2] < held]
    if not lone or (len(lone) < int(lcfg["min_shown"]) and not read.lined):
        return read
    groups = [
        read_group(image, contour, outlines.scale, np.eye(3), *local, cfg, alone=True)
        for contour, local, _ in lone
    ]
    if not read.lined and not lone_tiles_show_lines(groups, cfg):
        return read
    lined = [(g, k) for g, (_, _, k) in zip(groups, lone, strict=True) if g is not None]
    taken = {k for _, k in lined}
    tiles = read.obs.tiles + [tile for group, _ in lined for tile in _tiles(group)]
    return replace(
        read,
        obs=replace(read.obs, tiles=tiles),
        cells=read.cells + [q for group, _ in lined for q, _ in group.faces],
        rest=[r for k, r in enumerate(read.rest) if k not in taken],
        unread=[],  # (each tried as a lined set: none left to try; and ``rest`` renumbered)
    )


def _tiles(group: Group) -> list[Tile]:
    """A plain group's faces as tiles (image pixels)."""
    out = []
    for quad, reading in group.faces:
        cx, cy = np.mean(np.array(quad), axis=0)
        assert reading.face is not None  # (read_group keeps faces only)
        out.append(Tile(reading.face, reading.confidence, (float(cx), float(cy)), quad))
    return out


def _outlines(image: Image, cfg: Config, half: Image | None = None) -> _Outlines | None:
    """What is not the ground, outlined at ``photo.scale`` (``half``, where that is a half
    and the caller has it); None where the ground is not plain: not the most of the
    picture, or too dark for a black body to stand out of it."""
    pcfg = cfg["photo"]
    scale = float(pcfg["scale"])
    if min(image.shape[:2]) * scale < 32:
        return None  # (a strip or a sliver: no ground to speak of)
    if half is not None and scale == 0.5:
        view = half
    else:
        view = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    view = cv2.medianBlur(view, 3)
    # (the ground's hue and how light it is about each place, both from a quarter of the view)
    small = cv2.resize(view, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    ground = _ground(small)
    if sum(ground) < float(pcfg["ground_min_sum"]):
        return None  # (a black body, tinted by the light the ground throws back, is as dark)
    share = np.array(ground) / max(float(np.sum(ground)), 1.0)
    grey = float(np.abs(share - _GREY).sum()) < float(pcfg["ground_chroma"])
    bare = _bare(view, small, ground, grey, cfg)
    if cv2.countNonZero(bare) < float(pcfg["ground_share"]) * bare.size:
        return None
    shown = cv2.bitwise_not(bare)
    if grey:
        # (a black pip's blurred rim on an ivory body passes through the ground's grey: a pip
        # at a tile's side would notch its outline)
        shown = cv2.morphologyEx(shown, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    shown = cv2.morphologyEx(shown, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(shown, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return _Outlines(scale, ground, shown, tuple(contours))


def _bare(view: Image, small: Image, ground: Ground, grey: bool, cfg: Config) -> Image:
    """255 where ``view`` shows the ground: its hue, and about as light as the ground is
    there (``_level``, from ``small``, a quarter of it): a black body takes a dark felt's
    hue from the light it throws back, but stays darker than ``photo.ground_darker`` of
    it; where the ground is ``grey`` (an ivory body's hue), lighter than
    ``photo.ground_lighter`` of it is no ground either. A coloured ground's glare (its hue
    and white light) is ground where it fades into the ground (``_fading``)."""
    pcfg = cfg["photo"]
    # (each pixel's hue against the ground's, however dark: its lightness is judged below)
    seg = {**cfg["segment"], "ground_min_sum": float(pcfg["ground_floor"]), "ground_min_share": 0.0}
    level = _level(small, view.shape, ground, seg, cfg)
    taken = colours(view)
    total = taken[1]
    lit = total >= float(pcfg["ground_darker"]) * level
    if grey:
        lit &= total <= float(pcfg["ground_lighter"]) * level
    bare: Image = cv2.bitwise_and(ground_mask(view, ground, seg, taken), lit.astype(np.uint8) * 255)
    if not grey:
        glare = glare_on_ground(view, ground, cfg["segment"], taken)
        bare = cv2.bitwise_or(bare, _fading(glare, total, level, cfg))
    return bare


def _fading(glare: Image, total: Floats, level: Floats, cfg: Config) -> Image:
    """The blobs of ``glare`` (the ground's hue with white light added) that fade into the
    ground at their rim, as a glare's light falls off: most of their rim pixels no lighter
    than ``photo.glare_rim`` of the ground's light about them. An ivory body on a warm
    ground (a brown wood, a red felt) is such a mix of hues too, but stands out of the
    ground at its rim. (Its rim, where its light steps by more than ``photo.glare_edge`` of
    the darker side's within a pixel or two, is taken off the glare first: a tile lying in a
    wood's lighter grain, which passes for a glare, is no part of the grain's blob.)"""
    # (the step within 3 x 3 pixels, against its darker side's light: a tile's rim in a
    # glare steps as far as one on the bare ground, a glare's core, its light falling off
    # over many pixels, never does)
    square = np.ones((3, 3), np.uint8)
    darker = cv2.erode(total, square)
    step = cv2.dilate(total, square) - darker
    # (its light side only: the glare about a tile is no part of the tile)
    sharp = (step > float(cfg["photo"]["glare_edge"]) * darker) & (2 * (total - darker) > step)
    glare = cv2.subtract(glare, sharp.astype(np.uint8) * 255)
    n, labels = cv2.connectedComponents(glare, connectivity=4)
    if n <= 1:
        return glare
    # (each blob's rim pixels, and those of them lit: counted by the blob's label, at the
    # rim's pixels only, a few of the picture's)
    at = np.flatnonzero(cv2.subtract(glare, cv2.erode(glare, square)).ravel() > 0)
    which = labels.ravel()[at]
    lit = total.ravel()[at] > float(cfg["photo"]["glare_rim"]) * level.ravel()[at]
    fades = 2 * np.bincount(which[lit], minlength=n) <= np.bincount(which, minlength=n)
    fades[0] = False
    out: Image = np.take(fades.astype(np.uint8) * 255, labels)
    return out


def _level(
    small: Image, shape: tuple[int, ...], ground: Ground, seg: Config, cfg: Config
) -> Floats:
    """How light (B+G+R) the ground is at each pixel of a view of ``shape``: a lamp's
    fall-off, a vignette, a glare. Its pixels' lightness (those of its hue, in the band
    about the level found before: not a tile's body, nor a glare on a grey ground) blurred
    over ``photo.level_sigma`` of the picture's long side, in ``small``, a quarter of it."""
    pcfg = cfg["photo"]
    total = cv2.transform(small.astype(np.float32), np.ones((1, 3), np.float32))
    hue = ground_mask(small, ground, seg) > 0
    # (blurred at half of ``small``: the light changes over a tenth of the picture, and a
    # blur so wide costs a fifth as much there)
    sigma = float(pcfg["level_sigma"]) * max(small.shape[:2]) / 2
    coarse = (max(1, small.shape[1] // 2), max(1, small.shape[0] // 2))
    darker, lighter = float(pcfg["ground_darker"]), float(pcfg["ground_lighter"])

    def blurred(taken: Array, size: tuple[int, int]) -> Floats:
        weight = taken.astype(np.float32)
        sums = cv2.resize(cv2.merge([total * weight, weight]), coarse, interpolation=cv2.INTER_AREA)
        sums = cv2.GaussianBlur(sums, (0, 0), sigma)
        level = sums[..., 0] / np.maximum(sums[..., 1], 1e-3)
        out: Floats = cv2.resize(level, size, interpolation=cv2.INTER_LINEAR)
        return out

    # once from every pixel of its hue, once from those near the level so found
    level = blurred(hue, (small.shape[1], small.shape[0]))
    near = hue & (total >= darker * level) & (total <= lighter * level)
    return blurred(near, (shape[1], shape[0]))


def _ground(small: Image) -> Ground:
    """The colour most of the picture has, by hue (its chromaticity: a light gradient or a
    wood's grain changes how light it is, not its hue): the median of the pixels of the
    commonest chromaticity, in ``small``, a quarter of the view."""
    pixels = small.reshape(-1, 3)
    px = pixels.astype(np.float64)
    total = px[:, 0] + px[:, 1] + px[:, 2] + 1.0
    bins = 20
    b = np.minimum((px[:, 0] / total * bins).astype(np.int64), bins - 1)
    g = np.minimum((px[:, 1] / total * bins).astype(np.int64), bins - 1)
    key = b * bins + g
    commonest = np.bincount(key, minlength=bins * bins).argmax()
    chosen = pixels[key == commonest]
    blue, green, red = (counted_median(chosen[:, k]) for k in range(3))
    return (blue, green, red)


def _tile_size(outlines: _Outlines, cfg: Config) -> tuple[float, float] | None:
    """The tile width (image pixels) and aspect, from the outlines shaped like one tile or
    a row of tiles end to end (a rectangle one to four times about twice as long as wide,
    nearly filled, clear of the picture's edge); None where there is none. A block of four
    tiles, two by two, is shaped like a tile twice as wide, and so is a row of four side by
    side: the narrowest that agree (within ``lone_agree``) say the size. A tile alone may
    be longer than a row's tiles (``lone_longest``): a row of four tiles 1.99 long is as
    long as three 2.65 long, and the two sizes' median was neither."""
    pcfg = cfg["photo"]
    lo, hi = (float(v) for v in pcfg["lone_aspect"])
    alone = float(pcfg["lone_longest"])
    rim = float(cfg["table"]["plain_rim"])
    found: list[tuple[float, float]] = []
    for _, short, long in _filled_rects(outlines, cfg):
        width = short / (1 + rim)  # (the outline is a rim larger than its tiles)
        for k in (1, 2, 3, 4):
            aspect = (long - rim * width) / (k * width)
            if lo <= aspect <= (alone if k == 1 else hi):
                found.append((width / outlines.scale, aspect))
    if not found:
        return None
    found.sort()
    agree = float(pcfg["lone_agree"])
    narrowest = [(w, a) for w, a in found if np.log(w / found[0][0]) <= agree]
    width = float(np.median([w for w, _ in narrowest]))
    if width < float(cfg["locate"]["min_width_px"]):
        return None
    return width, float(np.median([a for _, a in narrowest]))


def _tile_sizes(
    outlines: _Outlines, first: tuple[float, float] | None, cfg: Config
) -> list[tuple[float, float]]:
    """The tile sizes (width, aspect) to read the outlines at, in turn: ``first``, the lone
    tiles' and rows' end to end (``_tile_size``), where there are any; then, to at most
    ``photo.size_tries`` in all, those the outlines say as grids of tiles (``_GRIDS``): rows
    side by side say it ambiguously (a row of four side by side is shaped like one tile
    twice as wide), so the size most outlines agree on (within ``lone_agree``) first, then
    the one with the fewest tiles in them."""
    pcfg = cfg["photo"]
    lo, hi = (float(v) for v in pcfg["lone_aspect"])
    alone = float(pcfg["lone_longest"])
    rim = float(cfg["table"]["plain_rim"])
    agree = float(pcfg["lone_agree"])
    least = float(cfg["locate"]["min_width_px"])
    # every size an outline may say: width, aspect, how many tiles it holds so, which outline
    # (none narrower than a tile is read: a cloth's dots, each an outline, say none)
    fits: list[tuple[float, float, int, int]] = []
    for k, short, long in _filled_rects(outlines, cfg):
        for across, along in ((short, long), (long, short)):
            for m, n in _GRIDS:
                width = across / (m + rim)
                aspect = (along - rim * width) / (n * width)
                longest = alone if (m, n) == (1, 1) else hi
                if lo <= aspect <= longest and width / outlines.scale >= least:
                    fits.append((width / outlines.scale, aspect, m * n, k))
    sizes = [] if first is None else [first]
    if not fits:
        return sizes
    # for each size, how many outlines agree on its width, and how many tiles the fewest
    # they hold at it (each outline counted once, by its fit that holds the fewest)
    table = np.array(fits)
    near = np.abs(np.log(table[:, None, 0] / table[None, :, 0])) <= agree  # (size, fit)
    held = np.where(near, table[None, :, 2], np.inf)
    owners = table[:, 3].astype(np.intp)
    fewest = np.full((len(fits), int(owners.max()) + 1), np.inf)
    np.minimum.at(fewest.T, owners, held.T)
    agreed = np.isfinite(fewest)
    votes = agreed.sum(axis=1)
    tiles = np.where(agreed, fewest, 0).sum(axis=1)
    for i in np.lexsort((table[:, 0], tiles, -votes)):
        width, aspect = float(table[i, 0]), float(table[i, 1])
        if len(sizes) >= int(pcfg["size_tries"]):
            break
        if all(abs(np.log(width / w)) > agree for w, _ in sizes):
            sizes.append((width, aspect))
    return sizes  # (``first`` is no narrower either: see ``_tile_size``)


#: the grids of tiles an outline may hold (across, along): a row end to end, or tiles side
#: by side, one or two long
_GRIDS = [(1, n) for n in (1, 2, 3, 4)] + [(m, n) for n in (1, 2) for m in (2, 3, 4)]


def _filled_rects(outlines: _Outlines, cfg: Config) -> list[tuple[int, float, float]]:
    """The outlines clear of the picture's edge that nearly fill their rectangle (``lone_fill``
    of it): each one's place in ``outlines.contours`` and its rectangle's short and long
    sides (at the outlines' scale)."""
    out = []
    for k, contour in enumerate(outlines.contours):
        if _at_edge(contour, outlines.shown.shape):
            continue
        (_, _), (a, b), _ = cv2.minAreaRect(contour)
        short, long = sorted((a, b))
        if (
            short >= 4
            and cv2.contourArea(contour) >= float(cfg["photo"]["lone_fill"]) * short * long
        ):
            out.append((k, float(short), float(long)))
    return out


def _at_edge(contour: Array, shape: tuple[int, ...]) -> bool:
    """Does the outline reach the picture's edge (``shape``: the outlines' view's)?"""
    x, y, bw, bh = (int(v) for v in cv2.boundingRect(contour))
    return x <= 1 or y <= 1 or x + bw >= shape[1] - 1 or y + bh >= shape[0] - 1


def _local_sizes(
    contour: Array, scale: float, width: float, aspect: float, cfg: Config
) -> list[tuple[float, float]]:
    """The tile width and aspect that make the outline a whole number of tiles each way,
    counted as it fits best at ``width`` and ``aspect``: a camera not straight above sees
    tiles nearer it larger, and shortened the way it looks along. Nothing where the width
    is more than ``local_size`` off (|log|) or the aspect not one of a tile's. And after
    it, the size that makes the outline whole tiles turned a quarter turn, where that is a
    tile's too, about as near ``width`` and ``aspect`` (within ``either_way``, |log|), and
    not the same size (``_SAME_SIZE``)."""
    (_, _), (a, b), _ = cv2.minAreaRect(contour)
    rim = float(cfg["table"]["plain_rim"]) * width
    a, b = a / scale - rim, b / scale - rim
    length = aspect * width
    lo = float(cfg["photo"]["lone_aspect"][0])
    hi = float(cfg["photo"]["lone_longest"])  # (the tiles counted each way: one tile's aspect)
    near = float(cfg["photo"]["local_size"])

    def off(along: float, across: float) -> float:
        """How far the outline is off whole tiles, laid with their length ``along``."""
        return max(
            abs(along - max(1, round(along / length)) * length),
            abs(across - max(1, round(across / width)) * width),
        )

    def local(along: float, across: float) -> tuple[float, float] | None:
        """The tile size that makes the outline whole tiles laid so, if a tile's."""
        local_length = along / max(1, round(along / length))
        local_width = across / max(1, round(across / width))
        # (an outline no wider than its rim, a thin streak's, is no tile's at any size)
        if min(local_length, local_width) <= 0 or abs(math.log(local_width / width)) > near:
            return None
        if not lo <= local_length / local_width <= hi:
            return None
        return local_width, local_length / local_width

    def apart(size: tuple[float, float], other: tuple[float, float]) -> float:
        """How far one size is from another (|log|, the larger of width's and aspect's)."""
        return max(abs(math.log(size[0] / other[0])), abs(math.log(size[1] / other[1])))

    (_, best), (_, turned) = sorted(
        ((off(*s), local(*s)) for s in ((a, b), (b, a))), key=lambda w: w[0]
    )
    if best is None:
        return []
    set_size = (width, aspect)
    if (
        turned is None
        or abs(apart(turned, set_size) - apart(best, set_size)) > float(cfg["photo"]["either_way"])
        # (a size the same both ways, a square outline's: its cells are cut each way there)
        or apart(turned, best) <= _SAME_SIZE
    ):
        return [best]
    return [best, turned]


#: sizes closer than this (|log|) are one: ``direct.read_group`` cuts the cells each way at it
_SAME_SIZE = 0.01


def _painted_over(image: Image, box: Box, cells: list[Quad], ground: Ground, grown: float) -> Image:
    """The box's pixels with the plain groups' cells (grown by ``grown``) painted the
    ground's colour: read carefully, it shows only what was not read plainly."""
    x0, y0, x1, y1 = box
    crop = np.ascontiguousarray(image[y0:y1, x0:x1]).copy()
    colour = tuple(float(v) for v in ground)
    for cell in cells:
        corners = np.array(cell, np.float64) - (x0, y0)
        # (a cell is a rectangle, its corners in turn: out along both its sides)
        u, v = corners[1] - corners[0], corners[3] - corners[0]
        du = u * grown / max(float(np.linalg.norm(u)), 1e-6)
        dv = v * grown / max(float(np.linalg.norm(v)), 1e-6)
        out = corners + np.array([-du - dv, du - dv, du + dv, dv - du])
        cv2.fillConvexPoly(crop, np.round(out).astype(np.int32), colour)
    return crop


def _read_box(
    careful: Careful, crop: Image, cfg: Config, width: float, ratio: float, kernel: float
) -> Observation:
    """The box read carefully at the size its outlines say; where that leaves anything in
    doubt, at the size found from its own pips too, the one that reads more kept (a width a
    few hundredths off may cut a row's last tile short)."""
    part = careful(crop, cfg, width, ratio, pip_kernel=kernel)
    if part.uncertain:
        again = careful(crop, cfg, pip_kernel=kernel)
        if (len(again.tiles), -again.uncertain) > (len(part.tiles), -part.uncertain):
            part = again
    return part


def _held(contour: Array, scale: float, width: float, aspect: float) -> float:
    """How many tiles ``width`` wide (image pixels) the outline (at ``scale``) holds, by
    its area."""
    return float(cv2.contourArea(contour)) / (scale * scale * width * width * aspect)


def _narrowed(crop: Image, width: float, widest: float) -> tuple[Image, float]:
    """The crop scaled so that its tiles, ``width`` wide, are ``widest`` wide at most; and
    the scale."""
    if width <= widest:
        return crop, 1.0
    k = widest / width
    small: Image = cv2.resize(crop, None, fx=k, fy=k, interpolation=cv2.INTER_AREA)
    return small, k


def _add(obs: Observation, part: Observation, box: Box, k: float) -> None:
    """The careful reading of ``box``, its picture at ``k`` of the image's size, added to
    ``obs`` (image pixels): its tiles and backs (nothing in doubt: a box that leaves
    anything so is not added, see ``read_plainly``)."""
    dx, dy = box[:2]

    def at(x: float, y: float) -> tuple[float, float]:
        return x / k + dx, y / k + dy

    for t in part.tiles:
        quad = tuple(at(x, y) for x, y in t.corners)
        obs.tiles.append(Tile(t.face, t.confidence, at(*t.center), quad))
    obs.face_down += part.face_down
