"""Stage 3: the tile size, and each region cut into whole tiles.

Tiles have a known shape (width W, length aspect x W), so a region of touching tiles is a grid:
its sides are whole numbers of widths or lengths. Each way to cut it that fits is a hypothesis;
the recogniser keeps the one whose tiles read best.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from .config import Config
from .medians import row_medians
from .segment import Region
from .types import Array, Bools, Contour, Floats, Image, Quad

Segment = tuple[tuple[float, float], tuple[float, float]]
Rect = tuple[tuple[float, float], tuple[float, float], float]  # as cv2.minAreaRect gives it
_KDTREE_SINGLE = 4  # FLANN's single k-d tree, searched exactly (its other trees approximate)


@dataclass(frozen=True, slots=True)
class Cut:
    """One way to cut a region into tiles: its cells, the lines between them (where touching
    tiles show a seam) and the cells' middle lines (where a Chinese tile shows none)."""

    cells: tuple[Quad, ...]
    seams: tuple[Segment, ...]
    middles: tuple[Segment, ...]
    along_a: bool = True  # tiles lie along the rectangle's first side
    flush: bool = False  # tiles of the known size flush with an end, not stretched to fit


def first_guess(xy: Floats, radius: Floats, cfg: Config) -> float:
    """A tile width from the spacing of the pips ``xy`` (median distance to the nearest
    pip), kept within what the pips' own size (``radius``: see recognizer._sizing_radii)
    allows."""
    if len(radius) == 0:
        return 0.0
    lo, hi = (float(v) * float(np.median(radius)) for v in cfg["width_per_pip_radius"])
    if len(xy) < 2:
        return (lo + hi) / 2
    guess = float(np.median(nearest_apart(xy))) * float(cfg["pip_spacing_to_width"])
    return min(hi, max(lo, guess))


def nearest_apart(xy: Floats) -> Floats:
    """Each point's distance to its nearest other point (two points at least). Found by
    FLANN's exact search in a k-d tree: a cloth's pattern can make thousands of pips, whose
    distances all to all took seconds and a gigabyte."""
    points = np.ascontiguousarray(xy, np.float32)  # (FLANN's trees take no other type)
    tree = cv2.flann.Index(points, {"algorithm": _KDTREE_SINGLE, "leaf_size": 10})
    # the nearest few, measured again at full precision: in single precision, distances
    # that differ slightly may tie (each point's nearest is itself, 0 apart, but where
    # another lies on it too)
    found, _ = tree.knnSearch(points, min(4, len(points)), params={"checks": -1, "eps": 0.0})
    found = found.astype(np.intp)
    apart = np.sqrt(((xy[:, None, :] - xy[found]) ** 2).sum(axis=2))
    apart[found == np.arange(len(points))[:, None]] = np.inf
    nearest: Floats = apart.min(axis=1)
    return nearest


def tile_sizes(regions: list[Region], guess: float, cfg: Config) -> list[tuple[float, float]]:
    """Candidate (W, aspect), best first, that cut the regions into whole tiles near the guess.

    Several sizes can fit (three tiles side by side or two wider ones); the recogniser reads
    the tiles under each candidate and keeps the one that reads best.
    """
    default = (guess, float(cfg["default_aspect"]))
    if not regions or guess <= 0:
        return [default]
    sides = np.array([sorted(r.rect[1]) for r in regions], np.float64)  # (n, 2) short, long
    lo, hi = (float(v) for v in cfg["search"])
    widths = guess * np.linspace(lo, hi, int(cfg["search_steps"]))
    a_lo, a_hi = (float(v) for v in cfg["aspect"])
    aspects = np.linspace(a_lo, a_hi, int(cfg["aspect_steps"]))
    grid_a, grid_w = np.meshgrid(aspects, widths, indexing="ij")  # every (aspect, width)
    misfit = _misfit(sides, grid_w.ravel(), grid_a.ravel())
    strayed = float(cfg["guess_weight"]) * np.abs(np.log(grid_w.ravel() / guess))
    cost = misfit.mean(axis=1) + strayed
    scored = sorted(
        zip(cost.tolist(), grid_w.ravel().tolist(), grid_a.ravel().tolist(), strict=True)
    )
    apart = float(cfg["distinct"])
    out: list[tuple[float, float]] = []
    for _, width, aspect in scored:
        if all(abs(math.log(width / w)) > apart for w, _ in out):
            out.append((width, aspect))
        if len(out) == int(cfg["candidates"]):
            break
    # and the best fit with each region counted by its area: dice, buttons and pieces of a
    # tile count as much as a group of tiles above, and pull every candidate toward their
    # square shape (a 6-1 and a back end to end beside two dice, seed 9818: all three
    # candidates were too small to cut the pair; pairs laid together, read far more often)
    best = int(np.argmin(_by_area(sides, misfit) + strayed))
    add_if_new(out, float(grid_w.ravel()[best]), float(grid_a.ravel()[best]), apart)
    # regions shaped like one tile say its size outright, even far from what the pips suggest
    # (a close-up whose highlights look like small pips), or its shape: a lone tile among
    # square dice, which the fit above makes as square as the search allows
    lone = lone_size(sides, cfg)
    if lone is not None:
        add_if_new(out, *lone, apart)
    return out


def lone_size(sides: Floats, cfg: Config) -> tuple[float, float] | None:
    """The size (W, aspect) the regions shaped like one tile say (``sides``: each region's
    short and long side), the median of theirs; None where none is. Those no longer than
    most sets are (``usual_aspect``) say it first, so that a cloth's checks a little longer
    do not move it (a set 36.6 wide measured 34.0, 4 tiles lost); then those of any aspect
    searched (a set 2.6 long); where none has one, those in the wider range a camera
    shortens or draws a tile to (a lone 6-4 seen 1.88 long and a 4-3 1.74 long, seed 20268:
    every size the fit offered was far too small, and at one a 6-4 read as a 1-1 and a
    2-2)."""
    a_lo, a_hi = (float(v) for v in cfg["aspect"])
    l_lo, l_hi = (float(v) for v in cfg["line_aspect"])
    for lo, hi in ((a_lo, float(cfg["usual_aspect"])), (a_lo, a_hi), (l_lo, l_hi)):
        lone = [(s, ln / s) for s, ln in sides if s > 0 and lo <= ln / s <= hi]
        if lone:
            return float(np.median([s for s, _ in lone])), float(np.median([a for _, a in lone]))
    return None


def size_near(
    regions: list[Region], width: float, aspect: float, cfg: Config
) -> tuple[float, float]:
    """The size (W, aspect) near ``width`` and ``aspect`` that cuts the regions, counted
    by their area, into whole tiles best: W from ``half_width`` times ``width``, the aspect
    within ``half_aspect`` of ``aspect`` (a set's halves, see recognizer._size_of_halves,
    say a size only roughly, and a cut fits a region only at its own)."""
    sides = np.array([sorted(r.rect[1]) for r in regions], np.float64).reshape(-1, 2)
    if not len(sides):
        return width, aspect
    lo, hi = (float(v) for v in cfg["half_width"])
    widths = width * np.linspace(lo, hi, int(cfg["half_width_steps"]))
    slack = float(cfg["half_aspect"])
    a_lo = max(float(cfg["half_aspect_min"]), aspect - slack)
    aspects = np.linspace(a_lo, max(a_lo, aspect + slack), int(cfg["half_aspect_steps"]))
    grid_a, grid_w = np.meshgrid(aspects, widths, indexing="ij")
    best = int(np.argmin(_by_area(sides, _misfit(sides, grid_w.ravel(), grid_a.ravel()))))
    return float(grid_w.ravel()[best]), float(grid_a.ravel()[best])


def add_if_new(out: list[tuple[float, float]], width: float, aspect: float, apart: float) -> None:
    """Add the size to ``out`` unless one there is within ``apart`` (in log) in both ways."""
    if all(abs(math.log(width / w)) > apart or abs(math.log(aspect / a)) > apart for w, a in out):
        out.append((width, aspect))


def _by_area(sides: Floats, misfit: Floats) -> Floats:
    """Each size's misfit (``misfit``: k sizes by n regions) with each region counted by its
    area (``sides``: each region's short and long side)."""
    area = sides[:, 0] * sides[:, 1]
    weighed: Floats = misfit @ (area / max(float(area.sum()), 1e-9))
    return weighed


def _misfit(sides: Floats, width: Floats, aspect: Floats) -> Floats:
    """How far each region's sides are from whole tiles, best of the two orientations: (k, n)
    for k sizes (``width``, ``aspect``) and n regions."""
    w = width[:, None]
    length = w * aspect[:, None]
    out = np.full((len(width), len(sides)), 1.0)
    for across, along in ((w, length), (length, w)):
        ns = sides[None, :, 0] / across
        nl = sides[None, :, 1] / along
        err = np.abs(ns - np.maximum(1, np.round(ns))) + np.abs(nl - np.maximum(1, np.round(nl)))
        out = np.minimum(out, err)
    return out


def _spans(
    side: float,
    cell: float,
    snap: float,
    overhang: float,
    underhang: float = 0.0,
    gap: float = 0.0,
) -> list[tuple[int, float, float]]:
    """Ways to lay whole cells along one side: (count, length used, shift of its middle).

    A side off a whole number of cells by at most ``snap`` is cut evenly; so is one of two
    cells or more, each longer than a cell by up to ``gap`` of it (tiles laid a little
    apart: a row of seven, a twentieth of a tile between each, is 7.3 tiles long, past the
    snap, which is over the whole side); with ``overhang`` > 0
    (the tile size is known) a side longer than whole cells by up to that share of a cell (a
    shadow or a neighbour's edge) holds cells of the true size flush with either end, or in
    its middle; with
    ``underhang`` > 0, a side shorter than one cell by up to that share holds one, in its
    middle or flush with either end.
    """
    f = side / cell
    n = max(1, round(f))
    if f < 1 and 1 - f <= underhang:
        # a region covering part of one tile (a sheen, a scratch stopped its growth): the
        # tile of the known size, in its middle or flush with either end of it
        return [(1, cell, 0.0), (1, cell, -(side - cell) / 2), (1, cell, (side - cell) / 2)]
    if abs(f - n) <= snap:
        return [(n, side, 0.0)]
    n = math.floor(f)
    if n >= 2 and f - n <= gap * n:
        return [(n, side, 0.0)]
    if overhang <= 0 or n < 1 or f - n > overhang:
        return []
    used = n * cell
    return [(n, used, -(side - used) / 2), (n, used, 0.0), (n, used, (side - used) / 2)]


def cuts(
    rect: tuple[tuple[float, float], tuple[float, float], float],
    width: float,
    aspect: float,
    cfg: Config,
    known: bool = False,
    short: bool = False,
    gap: float = 0.0,
) -> list[Cut]:
    """Every grid of whole tiles that fits a rotated rectangle; with a ``known`` tile size also
    grids of tiles of that size in a rectangle somewhat larger than them, and with ``short``
    (a region that may stop short of its tile) one tile in a rectangle shorter than it;
    ``gap``: tiles may lie this share of a tile apart (see ``_spans``)."""
    (cx, cy), (a, b), angle = rect
    theta = math.radians(angle)
    ea = np.array([math.cos(theta), math.sin(theta)])  # along side a
    eb = np.array([-math.sin(theta), math.cos(theta)])  # along side b
    length = aspect * width
    snap = float(cfg["snap"])
    # a region may be short of its tile's length (a sheen, a scratch stopped its growth), not
    # of its width
    under = float(cfg["underhang"]) if known and short else 0.0
    # grids of tiles flush with an end only when no even grid fits: they are the weaker guess
    # (a region that may stop short of its tile is cut both ways: the even grid that fits
    # it may be across its tile, laid the other way)
    out: list[Cut] = []
    for overhang in (0.0, float(cfg["overhang"]) if known else 0.0):
        for tile_along_a in (True, False):
            spans_a = _spans(
                a,
                length if tile_along_a else width,
                snap,
                overhang,
                under if tile_along_a else 0,
                gap,
            )
            spans_b = _spans(
                b,
                width if tile_along_a else length,
                snap,
                overhang,
                0 if tile_along_a else under,
                gap,
            )
            for na, ua, sa in spans_a:
                for nb, ub, sb in spans_b:
                    if na * nb > int(cfg["max_cells"]):
                        continue
                    if overhang > 0 and (na if tile_along_a else nb) != 1:
                        continue  # flush tiles only side by side in one line
                    # (cells of the region's own size: a tile's shape still, not a playing
                    # card's, 1.4 times as long as wide, cut as one tile of a size its pips say)
                    cell_long, cell_wide = (
                        (ua / na, ub / nb) if tile_along_a else (ub / nb, ua / na)
                    )
                    if not known and not _tile_shaped(cell_wide, cell_long, cfg):
                        continue
                    centre = np.array([cx, cy]) + sa * ea + sb * eb
                    # with the size known, the cells keep it: a region's blurred rim makes it a
                    # few pixels larger than its tiles all round
                    exact = (width, length) if known else None
                    cut = _grid(centre, ua, ub, na, nb, ea, eb, tile_along_a, exact)
                    if all(c.cells != cut.cells for c in out):  # short: both passes cut it
                        out.append(
                            Cut(cut.cells, cut.seams, cut.middles, tile_along_a, overhang > 0)
                        )
        if out and not short:
            break
    return out


def _grid(
    middle: Floats,
    a: float,
    b: float,
    na: int,
    nb: int,
    ea: Floats,
    eb: Floats,
    tile_along_a: bool,
    exact: tuple[float, float] | None = None,
) -> Cut:
    cells = []
    seams: list[Segment] = []
    middles: list[Segment] = []
    cx, cy = float(middle[0]), float(middle[1])
    c0 = np.array([cx, cy]) - a / 2 * ea - b / 2 * eb
    for i in range(1, na):  # lines across side a
        p = c0 + i / na * a * ea
        seams.append(_segment(p, p + b * eb))
    for j in range(1, nb):
        p = c0 + j / nb * b * eb
        seams.append(_segment(p, p + a * ea))
    for i in range(na):
        for j in range(nb):
            centre = np.array([cx, cy]) + ((i + 0.5) / na - 0.5) * a * ea
            centre = centre + ((j + 0.5) / nb - 0.5) * b * eb
            ha, hb = a / na / 2, b / nb / 2
            # canonical x runs across the tile, y along it
            ex, ey = (eb, ea) if tile_along_a else (ea, eb)
            hx, hy = (hb, ha) if tile_along_a else (ha, hb)
            if exact is not None:  # the tile's known size, centred in its slot
                hx, hy = exact[0] / 2, exact[1] / 2
            corners = [
                centre - hx * ex - hy * ey,
                centre + hx * ex - hy * ey,
                centre + hx * ex + hy * ey,
                centre - hx * ex + hy * ey,
            ]
            cells.append(tuple((float(p[0]), float(p[1])) for p in corners))
            middles.append(_segment(centre - hx * ex, centre + hx * ex))
    return Cut(tuple(cells), tuple(seams), tuple(middles))


def _segment(p: Floats, q: Floats) -> Segment:
    return ((float(p[0]), float(p[1])), (float(q[0]), float(q[1])))


def line_strength(
    lightness: Image, lines: Sequence[Segment], offset: float, samples: int, bright: bool
) -> Floats:
    """How much each straight line stands out from both its sides the way a seam between
    tiles does (median over its length): lighter than the body of black tiles (``bright``
    pips), darker than the body of ivory ones, as the table or a shadow shows through.

    A line between two rows of pips is the other way: the pips' halos darken (or lighten)
    the body beside it, not the line.
    """
    seg = np.array(lines, np.float64).reshape(-1, 2, 2)
    t = np.linspace(0.1, 0.9, samples)[None, :]
    p0, d = seg[:, None, 0, :], (seg[:, 1, :] - seg[:, 0, :])[:, None, :]
    pts = p0 + t[..., None] * d  # (m, samples, 2)
    normal = np.stack([-d[..., 1], d[..., 0]], axis=-1)
    normal = normal / np.maximum(np.hypot(normal[..., 0], normal[..., 1]), 1e-9)[..., None] * offset
    sign = 1.0 if bright else -1.0
    mid = sample(lightness, pts)
    one = sign * (mid - sample(lightness, pts + normal))
    other = sign * (mid - sample(lightness, pts - normal))
    strength: Floats = row_medians(np.maximum(np.minimum(one, other), 0.0))
    return strength


def seam_shows(
    light: Image, mid: Floats, step: Floats, along: Floats, width: float, cfg: Config
) -> bool:
    """Does a seam show along the segment ``along`` (a vector) centred on ``mid``, looked
    for a pixel ``step`` (a unit vector across it) at a time up to ``die_seam_search`` of
    the tiles' ``width`` to either side? A seam is lighter than black tiles, darker than
    ivory ones; ``die_evidence`` of ``seam_scale`` is enough."""
    seam = cfg["locate"]
    reach = max(2, round(float(seam["die_seam_search"]) * width))
    lines: list[Segment] = []
    for k in range(-reach, reach + 1):
        a, b = mid + k * step - along / 2, mid + k * step + along / 2
        lines.append(((float(a[0]), float(a[1])), (float(b[0]), float(b[1]))))
    offset = max(1.5, float(seam["seam_offset"]) * width)
    strength = max(
        float(line_strength(light, lines, offset, int(seam["seam_samples"]), bright).max())
        for bright in (True, False)
    )
    return strength >= float(seam["die_evidence"]) * float(seam["seam_scale"])


def red_four_columns(ones: Sequence[Quad], light: Image, cfg: Config) -> set[int]:
    """Of the cells read as 1-1s, those side by side with another (a width apart across
    them, level along them) with no seam between (``seam_shows``): the two columns of one
    red 4, a tile's read at half its size or a die's; or a playing card's marks, two rows
    of them (every tile shows its edge against the next)."""
    flagged: set[int] = set()
    for i, j in itertools.combinations(range(len(ones)), 2):
        qa, qb = np.array(ones[i]), np.array(ones[j])
        across, along = qa[1] - qa[0], qa[3] - qa[0]
        width = float(np.hypot(*across))
        apart = qb.mean(axis=0) - qa.mean(axis=0)
        # side by side: a width apart across the cells, level along them
        if not 0.7 * width <= abs(float(apart @ across)) / max(width, 1e-9) <= 1.3 * width:
            continue
        if abs(float(apart @ along)) / max(float(np.hypot(*along)), 1e-9) > 0.3 * width:
            continue
        mid = (qa.mean(axis=0) + qb.mean(axis=0)) / 2
        # the seam is looked for a little to either side of the cells' middle: a cut a few
        # pixels across from its tiles reads a 1-1 as well (its pips lie on its centre line),
        # and a red 4's columns are far further apart than that
        if not seam_shows(light, mid, across / max(width, 1e-9), along, width, cfg):
            flagged |= {i, j}
    return flagged


def inside(point: tuple[float, float], quad: Quad) -> bool:
    """Is the point inside (or on) the quadrilateral?"""
    contour = np.array(quad, np.float32).reshape(-1, 1, 2)
    return bool(cv2.pointPolygonTest(contour, point, False) >= 0)


def read_in(outlines: Sequence[Quad], centres: Sequence[tuple[float, float]]) -> list[int | None]:
    """For each outline (a tile's, as a renderer drew it), the first of the tiles read
    (by their ``centres``) that lies in it and no earlier outline took; None where none
    does. How the recogniser is measured against a picture's truth."""
    taken: set[int] = set()
    out: list[int | None] = []
    for quad in outlines:
        hit = next((i for i, c in enumerate(centres) if i not in taken and inside(c, quad)), None)
        if hit is not None:
            taken.add(hit)
        out.append(hit)
    return out


def common_area(a: Quad, b: Quad) -> float:
    """The area two convex quadrilaterals share: ``b`` clipped by each side of ``a`` in turn
    (Sutherland and Hodgman). (OpenCV's ``intersectConvexConvex`` takes two cells whose
    sides nearly coincide, as tiles touching do, for one within the other: the whole of
    it shared.)"""
    turn = _signed_area(a)
    if turn == 0.0:
        return 0.0
    sign = 1.0 if turn > 0 else -1.0
    shape = list(b)
    for (x0, y0), (x1, y1) in zip(a, a[1:] + a[:1], strict=True):
        if not shape:
            return 0.0
        dx, dy = x1 - x0, y1 - y0
        side = [sign * (dx * (y - y0) - dy * (x - x0)) for x, y in shape]
        clipped: list[tuple[float, float]] = []
        for k, (p, s) in enumerate(zip(shape, side, strict=True)):
            q, t = shape[k - 1], side[k - 1]
            if (s >= 0) != (t >= 0):
                share = t / (t - s)
                clipped.append((q[0] + share * (p[0] - q[0]), q[1] + share * (p[1] - q[1])))
            if s >= 0:
                clipped.append(p)
        shape = clipped
    return abs(_signed_area(tuple(shape))) if len(shape) >= 3 else 0.0


def _signed_area(points: Sequence[tuple[float, float]]) -> float:
    """The polygon's area, signed by the way its corners run (the shoelace formula)."""
    return 0.5 * sum(
        x0 * y1 - x1 * y0
        for (x0, y0), (x1, y1) in zip(points, [*points[1:], points[0]], strict=True)
    )


def cell_axes(quad: Quad) -> tuple[Floats, Floats, Floats, float, float]:
    """A cell's centre, its unit vectors across and along, its width and its length."""
    q = np.array(quad, np.float64)
    across, along = q[1] - q[0], q[3] - q[0]
    width, length = float(np.hypot(*across)), float(np.hypot(*along))
    return q.mean(axis=0), across / max(width, 1e-9), along / max(length, 1e-9), width, length


def points_in(quad: Quad, shares: Floats) -> Floats:
    """Points (k, 2) in a cell at ``shares`` (k, 2) of its width across and of its length
    along, from its first corner."""
    q = np.array(quad, np.float64)
    points: Floats = q[0] + shares[:, :1] * (q[1] - q[0]) + shares[:, 1:] * (q[3] - q[0])
    return points


def median_colour(image: Image, quad: Quad, shares: Floats) -> Floats:
    """The median colour (BGR) of ``image`` at points in a cell (``shares``, see
    ``points_in``), those outside the image taken at its edge."""
    points = np.round(points_in(quad, shares)).astype(int)
    h, w = image.shape[:2]
    xs, ys = np.clip(points[:, 0], 0, w - 1), np.clip(points[:, 1], 0, h - 1)
    colour: Floats = np.median(image[ys, xs].astype(np.float64), axis=0)
    return colour


#: where a cell's body colour is sampled (``points_in`` shares): most fall between pips
_BODY_POINTS = np.array(
    [(u, v) for u in (0.15, 0.5, 0.85) for v in np.linspace(0.08, 0.92, 11).tolist()]
)


def cell_body(image: Image, quad: Quad) -> Floats:
    """A cell's colour (BGR): the median of points spread over it (most fall between pips)."""
    return median_colour(image, quad, _BODY_POINTS)


def own_shape(quad: Quad) -> float:
    """A cell's length over its width, as it lies (the aspect to read it at)."""
    return math.dist(quad[1], quad[2]) / max(math.dist(quad[0], quad[1]), 1e-9)


def in_cell(quad: Quad, xy: Floats) -> tuple[Floats, Floats, float, float]:
    """Where points (k, 2) lie in a cell's own frame: along it and across it from its centre
    (signed), and the cell's width and length."""
    centre, across, along, width, length = cell_axes(quad)
    rel = np.asarray(xy, np.float64).reshape(-1, 2) - centre
    return rel @ along, rel @ across, width, length


def held_by(quad: Quad, xy: Floats, inset: float = 0.0) -> Bools:
    """Which points (k, 2) lie in the cell, ``inset`` x its width or more from its sides and
    ends (with an inset: where a tile's pips lie, clear of the rim it shares with a
    neighbour, where two tiles' corners meet in a dark speck)."""
    along, across, width, length = in_cell(quad, xy)
    m = inset * width
    held: Bools = (np.abs(along) <= length / 2 - m) & (np.abs(across) <= width / 2 - m)
    return held


def box_points(rect: tuple[tuple[float, float], tuple[float, float], float]) -> Floats:
    pts: Floats = cv2.boxPoints(rect).astype(np.float64)
    return pts


def strip_cuts(
    contour: Contour,
    rect: tuple[tuple[float, float], tuple[float, float], float],
    width: float,
    aspect: float,
    cfg: Config,
    known: bool = False,
) -> list[Cut]:
    """Cuts of a region whose tiles are not a perfect grid: lines of tiles shifted along
    each other (a player's staggered rows, a block pushed askew).

    The region is first cut into strips one tile wide (or one tile long), then each strip on
    its own, from where the region's mask starts in it to where it ends. With the tile size
    ``known``, each cell keeps it, centred in its slot (as in ``cuts``).
    """
    (cx, cy), (a, b), angle = rect
    theta = math.radians(angle)
    ea = np.array([math.cos(theta), math.sin(theta)])
    eb = np.array([-math.sin(theta), math.cos(theta)])
    length = aspect * width
    out: list[Cut] = []
    for along_a in (True, False):
        e_long, e_across = (ea, eb) if along_a else (eb, ea)
        n_long, n_across = (a, b) if along_a else (b, a)
        origin = np.array([cx, cy]) - n_long / 2 * e_long - n_across / 2 * e_across
        pts = contour.reshape(-1, 2).astype(np.float64) - origin
        local = np.stack([pts @ e_across, pts @ e_long], axis=1)  # x across, y along the tiles
        mask = np.zeros((math.ceil(n_long) + 1, math.ceil(n_across) + 1), np.uint8)
        cv2.fillPoly(mask, [np.round(local).astype(np.int32)], 1)
        # strips along the tiles' long side (tiles end to end in each), or across it (tiles
        # side by side in each)
        for strip_along in (True, False):
            grid = mask if strip_along else mask.T
            strip_w, cell = (width, length) if strip_along else (length, width)
            cells = _strip_cells(grid, strip_w, cell, float(cfg["strip_snap"]), cfg)
            if cells is None:
                continue

            image = _Frame(origin, e_across, e_long, not strip_along)
            # (as in ``cuts``; a slot is x0, x1, y0, y1, y along the tiles or across them)
            sides = [(c[1] - c[0], c[3] - c[2]) for c in cells]
            if not known and not all(
                _tile_shaped(*(s if strip_along else s[::-1]), cfg) for s in sides
            ):
                continue
            slots = [_centred(c, strip_w, cell) for c in cells] if known else cells
            quads = tuple(
                (image(x0, y0), image(x1, y0), image(x1, y1), image(x0, y1))
                if strip_along
                else (image(x0, y0), image(x0, y1), image(x1, y1), image(x1, y0))
                for x0, x1, y0, y1 in slots
            )
            middles = tuple(
                (image(x0, (y0 + y1) / 2), image(x1, (y0 + y1) / 2))
                if strip_along
                else (image((x0 + x1) / 2, y0), image((x0 + x1) / 2, y1))
                for x0, x1, y0, y1 in slots
            )
            seams = [  # where one tile of a strip ends and the next starts
                (image(p[0], p[3]), image(p[1], p[3]))
                for p, q in itertools.pairwise(cells)
                if p[0] == q[0]
            ]
            for x in sorted({c[0] for c in cells})[1:]:  # between neighbouring strips
                ys = [c[2] for c in cells if c[0] == x] + [c[3] for c in cells if c[1] == x]
                seams.append((image(x, min(ys)), image(x, max(ys))))
            out.append(Cut(quads, tuple(seams), middles, along_a, False))
    return out


def _tile_shaped(across: float, along: float, cfg: Config) -> bool:
    """Is a cell ``across`` by ``along`` shaped as a tile is (``cell_aspect``, long / wide)?"""
    lo, hi = (float(v) for v in cfg["cell_aspect"])
    return across > 0 and lo <= along / across <= hi


def _centred(
    slot: tuple[float, float, float, float], across: float, along: float
) -> tuple[float, float, float, float]:
    """A cell ``across`` by ``along`` centred in its slot (x0, x1, y0, y1)."""
    x, y = (slot[0] + slot[1]) / 2, (slot[2] + slot[3]) / 2
    return (x - across / 2, x + across / 2, y - along / 2, y + along / 2)


@dataclass(frozen=True, slots=True)
class _Frame:
    """A strip grid's axes in the image: x across and y along the tiles, or swapped."""

    origin: Floats
    e_across: Floats
    e_long: Floats
    swapped: bool

    def __call__(self, x: float, y: float) -> tuple[float, float]:
        u, v = (y, x) if self.swapped else (x, y)
        p = self.origin + u * self.e_across + v * self.e_long
        return (float(p[0]), float(p[1]))


def _strip_cells(
    mask: Image, strip_w: float, cell: float, snap: float, cfg: Config
) -> list[tuple[float, float, float, float]] | None:
    """Cells (x0, x1, y0, y1) of a mask cut into strips ``strip_w`` wide along x, each strip
    into cells ``cell`` long along y from where the mask starts in it; None if it does not fit.
    """
    across = mask.shape[1]
    f = across / strip_w
    n = max(1, round(f))
    if abs(f - n) > snap:
        return None
    sw = across / n
    out: list[tuple[float, float, float, float]] = []
    for i in range(n):
        # the strip's middle half: clear of the seams and of its neighbours' shifted ends
        lo, hi = round(i * sw + 0.25 * sw), round((i + 1) * sw - 0.25 * sw)
        filled = np.flatnonzero(mask[:, lo : max(hi, lo + 1)].mean(axis=1) > 0.5)
        if len(filled) == 0:
            return None
        y0, y1 = float(filled[0]), float(filled[-1] + 1)
        g = (y1 - y0) / cell
        m = max(1, round(g))
        if abs(g - m) > snap:
            return None
        step = (y1 - y0) / m
        out += [(i * sw, (i + 1) * sw, y0 + k * step, y0 + (k + 1) * step) for k in range(m)]
        if len(out) > int(cfg["max_cells"]):
            return None
    return out


def edge_aligned_rect(contour: Contour) -> Rect:
    """The region's bounding rectangle turned the way its edges run, as ``cv2.minAreaRect``
    gives it (centre, sides, degrees).

    The smallest rectangle around a staircase of tiles (a block pushed askew) lies slanted
    across them; the edges of the tiles still run two ways only, at right angles. Their
    direction is the mean of the gradient angles taken four times (so that the four sides of
    a tile agree), weighted by the gradient's strength.
    """
    x, y, w, h = cv2.boundingRect(contour)
    pad = 3
    mask = np.zeros((h + 2 * pad, w + 2 * pad), np.float32)
    cv2.drawContours(mask, [contour], -1, 1.0, -1, offset=(pad - x, pad - y))
    mask = cv2.GaussianBlur(mask, (5, 5), 1.2)
    gx = cv2.Sobel(mask, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(mask, cv2.CV_32F, 0, 1, ksize=3)
    strength = gx * gx + gy * gy
    four = 4 * np.arctan2(gy, gx)
    theta = (
        math.atan2(float((strength * np.sin(four)).sum()), float((strength * np.cos(four)).sum()))
        / 4
    )
    return rect_along(contour, math.degrees(theta))


def rect_along(contour: Contour, degrees: float) -> Rect:
    """The region's bounding rectangle with its sides turned ``degrees`` (as
    ``cv2.minAreaRect`` gives it: centre, sides, degrees)."""
    theta = math.radians(degrees)
    ea = np.array([math.cos(theta), math.sin(theta)])
    eb = np.array([-math.sin(theta), math.cos(theta)])
    pts = contour.reshape(-1, 2).astype(np.float64)
    u, v = pts @ ea, pts @ eb
    # the contour runs through the outermost pixels' centres: a pixel more than its span
    (u0, u1), (v0, v1) = (float(u.min()), float(u.max())), (float(v.min()), float(v.max()))
    centre = (u0 + u1) / 2 * ea + (v0 + v1) / 2 * eb
    return ((float(centre[0]), float(centre[1])), (u1 - u0 + 1, v1 - v0 + 1), degrees)


def same_angle(a: float, b: float, tolerance: float) -> bool:
    """Do two rectangles' angles (degrees) agree within ``tolerance``, a quarter turn apart
    counting as the same?"""
    d = (a - b) % 90.0
    return min(d, 90.0 - d) <= tolerance


def centre_on_pips(quad: Quad, xy: Floats, radius: Floats) -> Quad:
    """The cell moved (not resized) onto the pips inside it.

    Every face's pips are symmetric about the tile's centre line, so their mean across the
    tile is the centre line; along the tile, no pip lies within a pip of either end. A cell
    cut from a region that is larger than its tiles (a shadow, a blurred rim) sits beside its
    tile, and its pips show where the tile is.
    """
    # (plain floats: this runs for every cell of every cut, on a region's few pips, where
    # numpy's dispatch costs more than the arithmetic)
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = quad
    ax, ay, bx, by = x1 - x0, y1 - y0, x3 - x0, y3 - y0
    w, length = float(np.hypot(ax, ay)), float(np.hypot(bx, by))
    if len(xy) == 0 or w <= 0 or length <= 0:
        return quad
    ex, ey = (ax / w, ay / w), (bx / length, by / length)
    points = list(zip(xy.tolist(), radius.tolist(), strict=True))
    mx, my = (x0 + x1 + x2 + x3) / 4, (y0 + y1 + y2 + y3) / 4
    sx = sy = 0.0
    for _ in range(2):  # once more with the pips the first move brought in
        cx, cy = mx + sx, my + sy
        inside = []
        for (px, py), r in points:
            u = (px - cx) * ex[0] + (py - cy) * ex[1]
            v = (px - cx) * ey[0] + (py - cy) * ey[1]
            if abs(u) < w / 2 and abs(v) < length / 2:
                inside.append((u, v, r))
        if not inside:
            break
        dx = min(max(sum(u for u, _, _ in inside) / len(inside), -0.2 * w), 0.2 * w)
        pad = 0.04 * length
        over = max(max(v + (r + pad) - length / 2 for _, v, r in inside), 0.0)
        under = max(max(-length / 2 - (v - (r + pad)) for _, v, r in inside), 0.0)
        dy = over - under if min(over, under) == 0 else 0.0
        dy = min(max(dy, -0.1 * length), 0.1 * length)
        if abs(dx) < 0.25 and abs(dy) < 0.25:
            break
        sx, sy = sx + dx * ex[0] + dy * ey[0], sy + dx * ex[1] + dy * ey[1]
    return tuple((float(px + sx), float(py + sy)) for px, py in quad)


def gradients(lightness: Image) -> tuple[Image, Image]:
    """The lightness's derivatives along x and y (per pixel)."""
    light = lightness.astype(np.float32)
    gx: Image = cv2.Sobel(light, cv2.CV_32F, 1, 0, ksize=3, scale=0.125)
    gy: Image = cv2.Sobel(light, cv2.CV_32F, 0, 1, ksize=3, scale=0.125)
    return gx, gy


def rim_size(
    grads: tuple[Image, Image], quad: Quad, xy: Floats, radius: Floats, cfg: Config
) -> tuple[float, float]:
    """A tile's width and length measured between its rims, for a cell roughly on it (its
    centre and axes right, its size perhaps a fifth off).

    Across the tile (and along it), the lightness changes most where the rims are, the same
    amount and the other way on either side of the centre; pips are left out, and of the
    pairs of rims that change nearly as much as the best, the innermost is the tile's own
    (the next is its neighbour's, across a gap).
    """
    q = np.array(quad, np.float64)
    centre = q.mean(axis=0)
    across, along = q[1] - q[0], q[3] - q[0]
    w, length = float(np.hypot(*across)), float(np.hypot(*along))
    ex, ey = across / max(w, 1e-9), along / max(length, 1e-9)
    lo, hi = (float(v) for v in cfg["rim_search"])
    sizes = []
    for normal, tangent, size, other in ((ex, ey, w, length), (ey, ex, length, w)):
        k = int(hi * size / 0.5)
        steps: Floats = np.arange(-k, k + 1, dtype=np.float64) * 0.5
        mean = _profile(grads, centre, normal, tangent, steps, 0.35 * other, xy, radius)
        half = steps[k:]
        pair = np.abs(mean[k:] - mean[k::-1])  # one rim rising, the other falling
        pair[(half < lo * size)] = -1.0
        best = float(pair.max())
        peaks = (pair >= float(cfg["rim_share"]) * best) & (pair >= np.roll(pair, 1))
        peaks &= pair >= np.roll(pair, -1)
        sizes.append(2 * float(half[np.flatnonzero(peaks)[0]]) if best > 0 else size)
    return sizes[0], sizes[1]


def _profile(
    grads: tuple[Image, Image],
    centre: Floats,
    normal: Floats,
    tangent: Floats,
    steps: Floats,
    reach: float,
    xy: Floats,
    radius: Floats,
) -> Floats:
    """The lightness's mean change along ``normal`` at each step from the centre, over lines
    running ``reach`` either way along ``tangent``, leaving out the pips."""
    lines = np.linspace(-reach, reach, 15)
    pts = centre + steps[:, None, None] * normal + lines[None, :, None] * tangent
    change = sample(grads[0], pts) * normal[0] + sample(grads[1], pts) * normal[1]
    clear = np.ones(change.shape, bool)
    if len(xy):
        far = float(np.abs(steps).max()) + reach
        near = np.hypot(*(xy - centre).T) < far + 3 * radius
        for (px, py), r in zip(xy[near], radius[near], strict=True):
            # only the steps within its reach of the pip, along the normal (a pixel more for
            # safety): the lines' points further along are further from it
            clearance = 1.6 * float(r) + 1
            at = (px - centre[0]) * normal[0] + (py - centre[1]) * normal[1]
            lo, hi = np.searchsorted(steps, (at - clearance - 1, at + clearance + 1))
            band = pts[lo:hi]
            clear[lo:hi] &= np.hypot(band[..., 0] - px, band[..., 1] - py) > clearance
    mean: Floats = np.where(clear, change, 0.0).sum(axis=1) / np.maximum(clear.sum(axis=1), 1)
    return mean


def sample(image: Array, pts: Floats) -> Floats:
    """The image's values at the pixels nearest the points (..., 2), clipped to the image."""
    h, w = image.shape[:2]
    xi = np.clip(np.round(pts[..., 0]).astype(int), 0, w - 1)
    yi = np.clip(np.round(pts[..., 1]).astype(int), 0, h - 1)
    values: Floats = image[yi, xi].astype(np.float64)
    return values


def pip_grid_cells(
    xy: Floats, radius: Floats, angle: float, width: float, length: float
) -> list[Quad]:
    """Cells of the known tile size laid over a group of pips whose region's outline says
    nothing (a region grown ragged, or only over part of its tiles), turned ``angle``
    degrees with the tiles along the second axis.

    The pips alone place the tiles: across, the tiles' columns are a width apart, placed so
    that the fewest pips lie near a line between two columns; along each column, the tiles'
    halves are half a length apart, placed the same way. Which two halves make a tile is
    not known: every two neighbouring halves holding a pip are a cell, and the reading (a
    blank half, a seam across the middle) tells the tiles from the cells across two.
    """
    if len(xy) == 0:
        return []
    theta = math.radians(angle)
    ex = np.array([math.cos(theta), math.sin(theta)])  # across the tiles
    ey = np.array([-math.sin(theta), math.cos(theta)])  # along them
    u, v = xy @ ex, xy @ ey
    x0 = _clear_offset(u, radius, width)
    out: list[Quad] = []
    for column in np.unique(np.floor((u - x0) / width)):
        inside = np.floor((u - x0) / width) == column
        half = length / 2
        y0 = _clear_offset(v[inside], radius[inside], half)
        slots = np.floor((v[inside] - y0) / half)
        held = set(slots.tolist())
        cx = x0 + (column + 0.5) * width
        # a tile's middle: the line between two halves of the grid, or the middle of a gap
        # between two pips along the column (where tiles are not a grid: shifted along, or
        # stray pips of a neighbour in the column)
        middles = [
            y0 + (k + 1) * half
            for k in range(int(slots.min()) - 1, int(slots.max()) + 1)
            if k in held or k + 1 in held
        ]
        along = np.sort(v[inside])
        gaps = np.flatnonzero(np.diff(along) > 2 * float(np.median(radius)))
        for cy in ((along[gaps] + along[gaps + 1]) / 2).tolist():
            if all(abs(cy - m) > 0.1 * half for m in middles):
                middles.append(cy)
        out += [cell_about(cx * ex + cy * ey, ex, ey, width, length) for cy in middles]
    return out


def cell_about(centre: Floats, ex: Floats, ey: Floats, width: float, length: float) -> Quad:
    """The cell of this size about ``centre``, ``ex`` (a unit vector) across it and ``ey``
    along it; corners in the order every cell has (0 to 1 across, 0 to 3 along)."""
    x, y = width / 2 * ex, length / 2 * ey
    corners = (centre - x - y, centre + x - y, centre + x + y, centre - x + y)
    return tuple((float(p[0]), float(p[1])) for p in corners)


def _clear_offset(t: Floats, radius: Floats, period: float, steps: int = 16) -> float:
    """Where to start lines ``period`` apart so that the fewest pips (positions ``t``) lie
    within their radius of one, and of those the one leaving them most room."""
    offsets = np.arange(steps) * period / steps
    # (every offset at once, a row each: the first of the cheapest is kept)
    phase = np.mod(t[None, :] - offsets[:, None], period)
    room = np.minimum(phase, period - phase) - radius[None, :]  # clear of the nearest line
    cost = np.count_nonzero(room < 0, axis=1) - room.min(axis=1) / period
    return float(offsets[int(np.argmin(cost))])


def round_thing(
    outline: Contour | Floats, width: float, cfg: Config
) -> tuple[Floats, float] | None:
    """The circle round the outline (pixels: its centre and radius) where it is a coin's or
    a gaming chip's: wider than ``round_least`` tiles ``width`` wide, its hull within
    ``round_share`` of the circle (``_hull_within``: of tiles, however laid, a square
    block's comes nearest, 0.73); else None. (``cfg``: the segment section.)"""
    points = np.asarray(outline, np.float32).reshape(-1, 2)
    (x, y), radius = cv2.minEnclosingCircle(points)
    if 2 * radius < float(cfg["round_least"]) * width:
        return None
    sides = cv2.minAreaRect(points)[1]
    if max(sides) > float(cfg["round_square"]) * min(sides):
        return None  # (a lone tile, a row: nothing round; the hull is weighed only if square)
    centre = np.array((x, y), np.float64)
    if _hull_within(points, centre, radius) < float(cfg["round_share"]):
        return None
    return centre, float(radius)


def _hull_within(outline: Array, centre: Floats, radius: float) -> float:
    """How near the circle round an outline its hull comes, as a share of the circle's
    radius: at the first quartile of the hull's edge, walked along at even steps (1: a
    circle; a square's 0.73; a chip with its marks cut out of its region, 0.86 to 0.93)."""
    hull = cv2.convexHull(outline.astype(np.float32)).reshape(-1, 2).astype(np.float64)
    ends = np.roll(hull, -1, axis=0)
    lengths = np.hypot(*(ends - hull).T)
    walked = np.concatenate([[0.0], np.cumsum(lengths)])
    at = np.linspace(0.0, walked[-1], 96, endpoint=False)
    k = np.clip(np.searchsorted(walked, at, side="right") - 1, 0, len(hull) - 1)
    t = (at - walked[k]) / np.maximum(lengths[k], 1e-9)
    points = hull[k] + t[:, None] * (ends[k] - hull[k])
    distance = np.sort(np.hypot(*(points - centre).T))
    return float(distance[len(distance) // 4]) / max(radius, 1e-9)
