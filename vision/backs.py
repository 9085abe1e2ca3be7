"""Face-down tiles off the mat: counted from the faces read.

A back has no pips, so no region grows from it, and a blank cell read in a region grown from
pips may be a back or the table. Both are told by the faces read sure: a back has their
size, and either their body's colour, or another colour that several tiles' shapes share
(a set with coloured backs), or their colour lit otherwise (see ``lone_backs``). On the mat
the backs are counted over the whole mat instead (``table.py``).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

import cv2
import numpy as np

from .config import Config
from .locate import Cut, Rect, Segment, cell_axes, cell_body, cuts, inside, own_shape, seam_shows
from .pips import lightness
from .read import MARK, for_backs, read_tile
from .segment import Region
from .types import Cells, Contour, Floats, Image, Pips, Quad, Reading


def without_false_backs(
    image: Image,
    light: Image,
    region: Region,
    cells: Cells,
    set_body: Callable[[], Floats | None],
    pips: Pips,
    cfg: Config,
) -> Cells:
    """The cells less the blanks that are not backs. A back has the body of its set's faces
    read sure: of those beside it in its region, or else of those elsewhere (``set_body``,
    their median body, or None: a region grown from a tile's pips into a glare or the table
    beyond, cut into cells, reads the table as blanks). Where no face was read sure beside
    it, the pips its region grew from may have been none, or a speck on a back: it must
    also stand apart from what lies about its region (a grey table grown over reads as
    backs), and have grown as backs do (see _grown_as_backs): a back has no pips, and a
    region grown from more than a glint or two is something marked with them (a playing
    card, its pips between the cells it is cut into, read in doubt), one grown from a patch
    larger than a pip a pattern (a cloth's checks)."""
    floor = float(cfg["read"]["min_confidence"])
    blanks = [k for k, (_, r) in enumerate(cells) if r.is_blank]
    if not blanks:
        return cells
    bodies = {k: cell_body(image, cells[k][0]) for k in blanks}
    apart = float(cfg["read"]["back_colour"])
    beside = [q for q, r in cells if r.face is not None and r.confidence >= floor]
    body = np.median([cell_body(image, q) for q in beside], axis=0) if beside else set_body()
    backs = {k for k in blanks if body is None or float(np.abs(bodies[k] - body).max()) <= apart}
    if not beside and backs:
        width = float(np.median([math.dist(q[0], q[1]) for q, _ in cells]))
        if not _grown_as_backs(region, width, pips, cfg):
            return [c for k, c in enumerate(cells) if k not in blanks]
        about = _about(image, region.contour, float(np.sqrt(region.area / len(cells))))
        backs = {k for k in backs if _stands_apart(about, bodies[k], cfg)}
        # (beside a cell read in doubt, the region runs on into what it does not know)
        read = [k for k, (_, r) in enumerate(cells) if r.confidence >= floor]
        backs = {
            k
            for k in backs
            if not _runs_on(
                image, light, cells[k][0], bodies[k], [cells[j][0] for j in read if j != k], cfg
            )
        }
    return [c for k, c in enumerate(cells) if k not in blanks or k in backs]


def _grown_as_backs(region: Region, width: float, pips: Pips, cfg: Config) -> bool:
    """Could the region have grown as a stack of backs does, from a glint or two: from no
    more pips than ``back_marks`` (not counting specks, by the pips' median size; larger
    ones count: a card's pips may be larger than a tile's), and from one no larger than a
    pip of its tiles' ``width`` at least (``back_seed_max``: a cloth's check is none)?"""
    own = np.array(region.pips, int)
    if len(own) == 0:
        return True
    radius = pips.radius[own]
    typical = float(np.median(pips.radius))
    marks = int(np.count_nonzero(radius >= float(cfg["locate"]["speck"]) * typical))
    small = bool((radius <= float(cfg["read"]["back_seed_max"]) * width).any())
    return marks <= int(cfg["read"]["back_marks"]) and small


def _runs_on(
    image: Image, light: Image, quad: Quad, body: Floats, others: list[Quad], cfg: Config
) -> bool:
    """Does the cell's ``body`` run on past one of its sides, no seam there and no other
    cell beyond: is it part of something larger of its colour (an arm resting on the
    table, cut into a cell), not a tile? A back shows its edge on every side: the table
    beyond it, or the seam where it meets the next."""
    centre, across, along, width, length = cell_axes(quad)
    near, far = (float(v) for v in cfg["read"]["back_beyond"])
    h, w = image.shape[:2]
    for out, half, side, extent in (
        (across, width / 2, along, length),
        (-across, width / 2, along, length),
        (along, length / 2, across, width),
        (-along, length / 2, across, width),
    ):
        beyond = centre + out * (half + (near + far) / 2 * width)
        if any(inside((float(beyond[0]), float(beyond[1])), q) for q in others):
            continue
        spread = np.linspace(-0.35, 0.35, 7)[:, None] * extent * side
        points = np.concatenate([centre + out * (half + d * width) + spread for d in (near, far)])
        if (points < 0).any() or (points[:, 0] > w - 1).any() or (points[:, 1] > h - 1).any():
            continue  # (the picture's edge: nothing to tell)
        xs, ys = np.round(points[:, 0]).astype(int), np.round(points[:, 1]).astype(int)
        colour = np.median(image[ys, xs].astype(np.float64), axis=0)
        if float(np.abs(colour - body).max()) > float(cfg["read"]["back_colour"]):
            continue  # the table, or something else, beyond
        if not seam_shows(light, centre + out * half, out, side * extent, width, cfg):
            return True
    return False


def _about(image: Image, contour: Contour, reach: float) -> Floats:
    """The colours (BGR, (n, 3)) of what lies about an outline, up to ``reach`` px out."""
    x, y, w, h = cv2.boundingRect(contour)
    pad = max(2, round(reach))
    x0, y0 = max(0, x - pad), max(0, y - pad)
    x1, y1 = min(image.shape[1], x + w + pad), min(image.shape[0], y + h + pad)
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.drawContours(mask, [contour - np.array([x0, y0], np.int32)], -1, 255, -1)
    ring = cv2.dilate(mask, cv2.getStructuringElement(cv2.MORPH_RECT, (2 * pad + 1,) * 2))
    ring[mask > 0] = 0
    pixels: Floats = image[y0:y1, x0:x1][ring > 0][::4].astype(np.float64)
    return pixels


def _stands_apart(about: Floats, body: Floats, cfg: Config) -> bool:
    """Does a body of this colour stand apart from what lies ``about`` it: does enough of
    that (``back_apart_share``) differ from the body by more than ``back_apart`` (each of
    B, G, R)? (Not its median: a stack's lower tiles, of the body's colour, may be most of
    what lies about its top.)"""
    if len(about) == 0:
        return True  # (the whole picture: nothing about it to tell it from)
    away = float(cfg["read"]["back_apart"])
    differ = float(np.mean(np.abs(about - body).max(axis=1) > away))
    return differ >= float(cfg["read"]["back_apart_share"])


def lone_backs(
    image: Image, faces: list[tuple[bool, list[Quad]]], taken: list[Quad], cfg: Config
) -> Cells:
    """Backs no region reached: a region grows from pips, and a back has none (one lying
    apart, or beyond a seam that stopped its neighbour's region). Where a set's faces were
    read sure (``faces``: each polarity's), its backs are what has their body's colour, the
    shape of whole tiles of their size, stands apart from the table about it, and reads
    blank, sure; not where a cell was read already (``taken``)."""
    floor = float(cfg["read"]["min_confidence"])
    apart = float(cfg["read"]["back_colour"])
    free = np.full(image.shape[:2], 255, np.uint8)
    for quad in taken:
        cv2.fillConvexPoly(free, np.round(np.array(quad)).astype(np.int32), 0)
    out: Cells = []
    light = functools.cache(lambda: lightness(image))  # (only for a line of backs)
    patterned: list[tuple[Image, Image, tuple[float, float, Floats], bool]] = []
    for bright, quads in faces:
        if not quads:
            continue
        width, aspect = _size_of(quads)
        body = np.median([cell_body(image, q) for q in quads], axis=0)
        colour = cv2.inRange(image, np.clip(body - apart, 0, 255), np.clip(body + apart, 0, 255))
        k = max(3, round(float(cfg["locate"]["back_open"]) * width)) | 1
        kernel = np.ones((k, k), np.uint8)
        like = cv2.morphologyEx(cv2.bitwise_and(colour, free), cv2.MORPH_OPEN, kernel)
        contours, _ = cv2.findContours(like, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for contour in contours:
            rect = _tile_filled(contour, width, aspect, cfg)
            if rect is None:
                continue
            options = cuts(rect, width, aspect, cfg["locate"])
            # (cut at another size than the faces': a line of backs, every cell blank but
            # one at most (a row staggered, one cell over the table beside it), or none
            # is: a tile of the body's colour, its pips in two cells, is no line of backs)
            resized = not options
            if resized:
                options = _line_of_backs(light(), rect, width, aspect, bright, cfg)
            if not options:
                continue
            if not _stands_apart(_about(image, contour, 0.5 * width), body, cfg):
                continue  # the table has the body's colour: no telling a back on it
            cells = options[0].cells
            # (several ivory backs show their seams, as a line cut at another size must, see
            # _line_of_backs: a cloth's white check two tiles large, cut at the faces' size,
            # showed none and counted as two backs)
            several = not resized and len(cells) > 1 and not bright
            if several and not _seams_shown(light(), options[0], cfg):
                continue
            readings = [read_tile(image, c, bright, own_shape(c), cfg["read"]) for c in cells]
            blank = [
                (cell, reading)
                for cell, reading in zip(cells, readings, strict=True)
                if reading.is_blank and reading.confidence >= floor
            ]
            if resized and len(blank) < max(1, len(cells) - 1):
                continue
            if blank:  # (else it may yet read as backs with a pattern: see _blank_both_ways)
                out += blank
                cv2.drawContours(free, [contour], -1, 0, -1)
        patterned.append((colour, kernel, (width, aspect, body), bright))
    most = max((q for _, q in faces), key=len, default=[])  # (the polarity read most)
    if most:
        width, aspect = _size_of(most)
        body = np.median([cell_body(image, q) for q in most], axis=0)
        out += _backs_of_another_colour(image, light(), free, width, aspect, body, cfg)
    # (last: a pattern's backs found first would not count toward the backs of another
    # colour alike, three of which make one lying alone a back)
    for quad, _ in out:
        cv2.fillConvexPoly(free, np.round(np.array(quad)).astype(np.int32), 0)
    for colour, kernel, size, bright in patterned:
        out += _patterned_backs(image, light(), colour, free, kernel, size, bright, cfg)
    return out


def _patterned_backs(
    image: Image,
    light: Image,
    colour: Image,
    free: Image,
    kernel: Image,
    faces: tuple[float, float, Floats],
    bright: bool,
    cfg: Config,
) -> Cells:
    """Backs of the faces' ``colour`` (a mask; ``faces``: their width, aspect and body
    colour, their pips ``bright`` or not) with a pattern of another shade on them
    (lines along them, an emblem): the pattern breaks the colour into strips the opening
    takes away. What is left ``free`` of it is closed by ``kernel`` first, and kept where
    it is cut as a line of backs (several only with every seam showing), stands apart from
    the table, and every cell reads blank both ways, in doubt for the pattern's marks at
    most (see _blank_both_ways)."""
    width, aspect, body = faces
    floor = float(cfg["read"]["min_confidence"])
    shape = cv2.morphologyEx(cv2.bitwise_and(colour, free), cv2.MORPH_CLOSE, kernel)
    shape = cv2.morphologyEx(cv2.bitwise_and(shape, free), cv2.MORPH_OPEN, kernel)
    contours, _ = cv2.findContours(shape, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out: Cells = []
    for contour in contours:
        rect = _tile_filled(contour, width, aspect, cfg)
        if rect is None:
            continue
        options = cuts(rect, width, aspect, cfg["locate"]) or _line_of_backs(
            light, rect, width, aspect, bright, cfg
        )
        if not options:
            continue
        if not _stands_apart(_about(image, contour, 0.5 * width), body, cfg):
            continue
        cut = options[0]
        cells = cut.cells
        # (several only with their seams showing, black or ivory: a shadow across the
        # table, as dark as a black body, closed, was cut into twelve backs)
        if len(cells) > 1 and not _seams_shown(light, cut, cfg):
            continue
        if all(_blank_both_ways(image, cell, floor, cfg) for cell in cells):
            out += [(cell, Reading(0, 0, 1.0)) for cell in cells]
            cv2.drawContours(free, [contour], -1, 0, -1)
    return out


def _tile_filled(contour: Contour, width: float, aspect: float, cfg: Config) -> Rect | None:
    """The contour's rotated rectangle, where the contour is a tile's area at least (of
    ``width`` and ``aspect``) and fills its rectangle as whole tiles do (``min_fill`` of
    both); else None."""
    fill = float(cfg["table"]["min_fill"])
    area = float(cv2.contourArea(contour))
    rect: Rect = cv2.minAreaRect(contour)
    if area < fill * aspect * width**2 or area < fill * rect[1][0] * rect[1][1]:
        return None
    return rect


def _shaded(colour: Floats, body: Floats, cfg: Config) -> bool:
    """Is ``colour`` the faces' ``body`` lit more or less brightly (its shade times a
    factor within ``back_shade``, each of B, G, R then within ``back_colour``)? A set's
    backs may be a little lighter or darker than its faces, and a lamp lights one end of
    the table more than the other."""
    k = float(colour @ body) / max(float(body @ body), 1e-9)
    low, high = (float(v) for v in cfg["locate"]["back_shade"])
    return low <= k <= high and float(np.abs(colour - k * body).max()) <= float(
        cfg["read"]["back_colour"]
    )


def _size_of(quads: list[Quad]) -> tuple[float, float]:
    """The width and aspect of tiles read (the median of their cells')."""
    width = float(np.median([math.dist(q[0], q[1]) for q in quads]))
    aspect = float(np.median([math.dist(q[0], q[3]) for q in quads])) / max(width, 1e-9)
    return width, aspect


#: a line of backs as read: its colour, its cells, and whether a pattern shows on them
_LineOfBacks = tuple[Floats, tuple[Quad, ...], bool]


def _backs_of_another_colour(
    image: Image,
    light: Image,
    free: Image,
    width: float,
    aspect: float,
    body: Floats,
    cfg: Config,
) -> Cells:
    """Backs not of the faces' colour: a set whose backs are coloured (an ivory face on a
    maroon, green or navy back), or a stack lit otherwise than the faces. What stands out
    of the table (its colour smoothed over ``back_table_reach`` tiles' widths) by
    ``back_table_apart`` or more, not where a tile was read (``free``), is split by its own
    colour (a stack's tops from the sides it shows, and from one another where a seam of
    another colour parts them); each piece cut as whole tiles a little off the faces' size
    (``back_other_slack``; several only with their seams showing), every cell blank both
    ways (see _blank_both_ways), is backs where ``back_alike`` or more such cells share its
    colour (one tile's shape of a colour is also a lighter, an eraser), or where its colour
    is the faces' ``body`` lit more or less brightly (see _shaded)."""
    backs = cfg["locate"]
    apart = float(cfg["read"]["back_colour"])
    h, w = image.shape[:2]
    shrink = 8  # (the table's colour is smooth: found at an eighth of the size)
    small = cv2.resize(image, (max(1, w // shrink), max(1, h // shrink)), cv2.INTER_AREA)
    reach = max(3, round(float(backs["back_table_reach"]) * width / shrink)) | 1
    table = cv2.resize(cv2.medianBlur(small, reach), (w, h), interpolation=cv2.INTER_LINEAR)
    b, g, r = cv2.split(cv2.absdiff(image, table))
    differ = cv2.max(cv2.max(b, g), r)  # (not numpy's max across channels: ten times slower)
    at = math.ceil(float(backs["back_table_apart"])) - 1
    mask = cv2.bitwise_and(cv2.threshold(differ, at, 255, cv2.THRESH_BINARY)[1], free)
    k = max(3, round(float(backs["back_open"]) * width)) | 1
    kernel = np.ones((k, k), np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
    groups, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    least = float(cfg["table"]["min_fill"]) * aspect * width**2
    found: list[_LineOfBacks] = []
    for group in groups:
        if float(cv2.contourArea(group)) >= least:
            found += _group_backs(image, light, group, width, aspect, kernel, cfg)
    alike = int(cfg["locate"]["back_alike"])
    out: Cells = []
    for colour, cells, pattern in found:
        like = [len(c) for o, c, _ in found if float(np.abs(o - colour).max()) <= apart]
        # (a line with a pattern alone of its colour may be a playing card's back, its
        # lattice taken for the seams of three tiles, blurred to one colour: one with a
        # pattern is another colour's backs only where another line of that colour is too)
        if _shaded(colour, body, cfg) or (sum(like) >= alike and (not pattern or len(like) > 1)):
            out += [(cell, Reading(0, 0, 1.0)) for cell in cells]
    return out


def _group_backs(
    image: Image,
    light: Image,
    group: Contour,
    width: float,
    aspect: float,
    kernel: Image,
    cfg: Config,
) -> list[_LineOfBacks]:
    """The lines of backs (each with its colour) in what stands out of the table as one
    ``group``, by the pieces its own colour splits it into, opened by ``kernel``; or by
    those pieces closed by it first, where that reads more: a back's pattern (lines or a
    lattice of another shade) leaves no piece of it whole enough to open, but a stack's
    tops closed may run into the sides it shows."""
    floor = float(cfg["read"]["min_confidence"])
    apart = float(cfg["read"]["back_colour"])
    x, y, gw, gh = cv2.boundingRect(group)
    inside_group = np.zeros((gh, gw), np.uint8)
    cv2.drawContours(inside_group, [group - np.array([x, y], np.int32)], -1, 255, -1)
    window = image[y : y + gh, x : x + gw]
    colour = np.median(window[inside_group > 0].astype(np.float64), axis=0)
    like = cv2.inRange(window, np.clip(colour - apart, 0, 255), np.clip(colour + apart, 0, 255))
    ways: list[list[_LineOfBacks]] = []
    for close in (False, True):
        found: list[_LineOfBacks] = []
        shape = cv2.morphologyEx(like, cv2.MORPH_CLOSE, kernel) if close else like
        shape = cv2.morphologyEx(cv2.bitwise_and(shape, inside_group), cv2.MORPH_OPEN, kernel)
        pieces, _ = cv2.findContours(shape, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for piece in pieces:
            rect = _tile_filled(piece + np.array([x, y], np.int32), width, aspect, cfg)
            if rect is None:
                continue
            options = _line_of_backs(
                light, rect, width, aspect, False, cfg, float(cfg["locate"]["back_other_slack"])
            )
            if not options:
                continue
            cells = options[0].cells
            kinds: list[str] = []
            for cell in cells:
                kind = _blank_both_ways(image, cell, floor, cfg)
                if kind is None:
                    break
                kinds.append(kind)
            else:
                own = np.zeros(like.shape, np.uint8)
                cv2.drawContours(own, [piece], -1, 255, -1)
                pattern = "pattern" in kinds or _middles_show(light, options[0], cfg)
                found.append(
                    (np.median(window[own > 0].astype(np.float64), axis=0), cells, pattern)
                )
        ways.append(found)
    return max(ways, key=lambda way: sum(len(cells) for _, cells, _ in way))


def _blank_both_ways(image: Image, cell: Quad, floor: float, cfg: Config) -> str | None:
    """Does the cell read blank both ways, sure, as a back of another colour than the faces
    must: a tile's body of no colour it has pips of? One way may be in doubt, but only for
    a pattern's marks (reaching over both halves, or on the middle line: read.MARK).
    "plain", "pattern" (so in doubt one way), or None (no back)."""
    readings: list[Reading] = []
    for bright in (True, False):  # (the second only where the first reads blank)
        readings.append(read_tile(image, cell, bright, own_shape(cell), for_backs(cfg["read"])))
        if not readings[-1].is_blank:
            return None
    sure = [r.confidence >= floor for r in readings]
    marked = [all(d.startswith(MARK) for d in r.defects) for r in readings]
    if not (any(sure) and all(marked)):
        return None
    return "plain" if all(sure) else "pattern"


def _line_of_backs(
    light: Image,
    rect: tuple[tuple[float, float], tuple[float, float], float],
    width: float,
    aspect: float,
    bright: bool,
    cfg: Config,
    slack: float | None = None,
) -> list[Cut]:
    """The cuts of a line of backs side by side whose tiles are a little off the size the
    faces' cells give (``back_size_slack`` either way): those cells are the faces' as read,
    often a few pixels narrower or longer than their tiles, and six backs in a column
    measure 6.4 such widths, too far from whole tiles to be cut. One tile long one way,
    whole tiles the other, of the width that fits them; and, where there are several
    ivory ones, every seam between them showing (see locate.seam_shows): a white card is a few
    tiles' size too."""
    seam = cfg["locate"]
    slack = float(seam["back_size_slack"]) if slack is None else slack
    (_, _), (a, b), _ = rect
    for long, across in ((a, b), (b, a)):
        if across <= 0 or abs(long / (aspect * width) - 1) > slack:
            continue
        # (how many: by the width its length says, not the faces': six backs a tenth wider
        # than the faces measure are nearly seven such widths; and, of an ivory line, one
        # fewer or more where that many show no seam: a face's cell may be a sixth
        # narrower than its tile, and eight backs measure nine such widths. Not of a black
        # line, whose seams do not show to tell the one from the other)
        guess = max(1, round(across * aspect / long))
        for n in (guess,) if bright else (guess, guess - 1, guess + 1):
            fitted = across / max(n, 1)
            if n < 1 or abs(fitted / width - 1) > slack:
                continue
            found = cuts(rect, fitted, long / fitted, seam)
            if n == 1 or bright:
                # (black backs touching show no seam: nothing is darker than their body, and
                # the table shows through only where they lie apart)
                return found
            shown = [cut for cut in found if _seams_shown(light, cut, cfg)]
            if shown:
                return shown
    return []


def _seams_shown(light: Image, cut: Cut, cfg: Config) -> bool:
    """Does every seam of a cut of backs side by side show (see locate.seam_shows)?"""
    seams = _seams_at(light, cut, (0.0,), cfg)
    return bool(seams) and all(seams)


def _seams_at(light: Image, cut: Cut, shifts: tuple[float, ...], cfg: Config) -> list[bool]:
    """Whether a seam shows (see locate.seam_shows) along each of a cut's seams moved
    across by each of ``shifts`` (x its cells' width)."""
    width = math.dist(cut.cells[0][0], cut.cells[0][1])
    return [
        seam_shows(light, mid + shift * step * width, step, along, width, cfg)
        for mid, step, along in (_segment_axes(line) for line in cut.seams)
        for shift in shifts
    ]


def _middles_show(light: Image, cut: Cut, cfg: Config) -> bool:
    """Do the middles of a cut's cells, half a tile to either side of its seams, mostly
    show a seam as well? A pattern does so (lines along the backs, a playing card's
    lattice): it shows a seam wherever a cut is tried, and what the cut's seams showed
    tells nothing."""
    middles = _seams_at(light, cut, (-0.5, 0.5), cfg)
    return bool(middles) and sum(middles) >= 0.5 * len(middles)


def _segment_axes(line: Segment) -> tuple[Floats, Floats, Floats]:
    """A segment's middle, the unit vector across it, and the segment as a vector."""
    a, b = np.array(line[0], np.float64), np.array(line[1], np.float64)
    along = b - a
    step = np.array([-along[1], along[0]]) / max(float(np.hypot(*along)), 1e-9)
    return (a + b) / 2, step, along
