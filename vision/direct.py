"""Plain groups on the mat read straight from their outline, each cell once.

On the mat the tile size is known, and most of what lies there is plain: a lone tile, a
player's row of tiles side by side, a stack of backs. Such a group's outline is a rectangle a
whole number of tiles each way, and its cells are where its tiles are: no pips need finding,
no region growing, no sizes weighed against each other (``recognizer.recognize``, several
times the work). A group is taken so only when every cell reads a face sure or is blank
read either way (a back: beside faces, of their body's colour, as the careful reading asks
of a back); and where its outline could be cut the other way too, only if that way reads
worse. Anything else (a die, a coin, a staggered row, a tile in doubt) is left to the
careful reading, which says what it says now.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from .config import Config
from .locate import Cut, Rect, cuts, median_colour, red_four_columns, round_thing
from .medians import median
from .pips import find_pips, lightness
from .read import SEAM, blank_either_way, for_lined_sets, lines_shown, read_tile
from .types import Array, Floats, Image, Quad, Reading


@dataclass(frozen=True, slots=True)
class Group:
    """A plain group's cells (top-down pixels): its faces read sure, or its backs."""

    faces: tuple[tuple[Quad, Reading], ...] = ()
    backs: tuple[Quad, ...] = ()
    shown: int = 0  # read as a set with lines: how many of its cells show the line

    @property
    def says_lined(self) -> bool:
        """Read as a set with lines, in several cells (a lone tile's line alone says nothing
        of its set: two dice side by side show one)."""
        return self.shown > 0 and len(self.faces) > 1


def lone_tiles_show_lines(groups: Sequence[Group | None], cfg: Config) -> bool:
    """Do lone tiles, each read as a tile of a set with lines where it shows the line
    (``read_group(alone=True)``; None where it does not read so), say their set has lines
    (``read.lines_shown``)?"""
    read = [g for g in groups if g is not None]
    shown = sum(g.shown for g in read)
    return lines_shown(shown, sum(len(g.faces) for g in read), cfg["lines"])


def read_group(
    frame: Image,
    contour: Array,
    scale: float,
    to_frame: Array,
    tile_px: float,
    aspect: float,
    cfg: Config,
    alone: bool = False,
    found_pips: bool = True,
) -> Group | None:
    """The group whose outline is ``contour`` (in the top-down view at ``scale``), read from
    the camera's ``frame`` (``to_frame``: top-down pixels to the frame's); None where it is
    not plain (see the module's docstring). ``alone``: a lone tile (one cell whichever way
    it is cut) read as a set with lines too, though fewer of its cells than
    ``lines.min_shown`` show the line, where the picture's other tiles tell the set has
    lines (see ``plain_scene``). ``found_pips``: a cell whose pips run together may be read
    again with the pips found round it (not where the size is known only roughly: a cell a
    few pixels short of a 6-5 with big pips, its 5's pips run into one blob and two of them
    found in it, read as a 6-3, sure)."""
    if round_thing(np.asarray(contour) / scale, tile_px, cfg["segment"]) is not None:
        return None  # a gaming chip: the marks round its rim are pips two by two (as a 2-2's)
    (cx, cy), (a, b), angle = cv2.minAreaRect(contour)
    # (an outline is a little larger than its tiles: their rims blurred, their bevels, the
    # mask's pixels; its cells keep the known size whatever it is)
    rim = float(cfg["table"]["plain_rim"]) * tile_px
    rect = ((cx / scale, cy / scale), (a / scale - rim, b / scale - rim), angle)
    # each way the grid may lie, with only its cells the outline fills (a block of won tiles
    # in two rows, one row shorter: its last cell is the ground, which reads as a back);
    # not a way that has a cell half filled
    ways = [
        cells
        for cut in _grids(rect, tile_px, aspect, cfg)
        if (cells := _filled_cells(contour, cut, scale, cfg)) is not None
    ]
    if not ways:
        return None
    # the closest fit first; where its cells are in doubt (two tiles side by side are
    # nearly square: cut the other way, each cell lies across both tiles' halves), the next;
    # a cell read once whichever ways it is asked for
    plain = _Reader(frame, to_frame, aspect, cfg, found_pips)
    for k, way in enumerate(ways):
        group = plain.group(way)
        if group is not None:
            return _unrivalled(plain, group, ways[:k] + ways[k + 1 :])
    # a set with a line between each tile's halves: its cells show a line across their
    # middle (but for those whose pips hide it, read sure), which is no seam between two
    # tiles' ends here, where the outline says where the tiles are (not one tile alone: a
    # cell across two tiles' halves shows their seam so; a lone lined tile stays the
    # careful reading's, in doubt). Only once no way reads plainly: cut the wrong way, two
    # tiles side by side show such a line in every cell too
    lined = _Reader(
        frame, to_frame, aspect, {**cfg, "read": for_lined_sets(cfg["read"])}, found_pips
    )
    # (alone, only as one tile: cut another way, a cell across two tiles' halves shows
    # their seam as the line)
    single = alone and all(len(way) == 1 for way in ways)
    least = 1 if single else int(cfg["lines"]["min_shown"])
    for k, way in enumerate(ways):
        if shown := plain.lined(way, least):
            group = lined.group(way)
            if group is not None and not group.backs:
                group = Group(group.faces, shown=shown)
                return _unrivalled(lined, group, ways[:k] + ways[k + 1 :])
    return None


def _unrivalled(reader: _Reader, group: Group, others: list[list[Quad]]) -> Group | None:
    """The group, unless another way the grid may lie leaves it in doubt (``_rival``)."""
    return None if any(_rival(reader, group, other) for other in others) else group


def _rival(reader: _Reader, group: Group, other: list[Quad]) -> bool:
    """Do the cells of another way the grid may lie leave the group's in doubt?"""
    if not group.faces:
        return len(other) != len(group.backs)  # (how many backs depends on which way)
    if not group.backs:
        # (a cell across two tiles' halves may read as a tile, where their seam does not
        # show: both ways reading faces sure, which is which is not known)
        return reader.all_faces(other)
    # (faces and backs: a face read the other way too, across a face's half and a back's
    # or another face's, leaves which way they lie in doubt)
    return reader.any_face(other)


class _Reader:
    """Cells read from the frame, each once (what a cell read is asked again, for the
    group, for a line across it, laid the other way, is remembered)."""

    def __init__(
        self, frame: Image, to_frame: Array, aspect: float, cfg: Config, found_pips: bool = True
    ) -> None:
        # (a cell read from a tile's outline lies on one tile: a 2 laid along its centre
        # line, as some sets lay it, is no 4's column seen through a cell half a tile off)
        cfg = {**cfg, "read": {**cfg["read"], "along_the_line": True}}
        self.frame, self.to_frame, self.aspect, self.cfg = frame, to_frame, aspect, cfg
        self.found_pips = found_pips
        self.floor = float(cfg["read"]["min_confidence"])
        self.done: dict[Quad, tuple[Reading, ...]] = {}  # read both ways
        self.again: dict[Quad, Reading | None] = {}  # read again with the pips found round it
        self.bright: dict[Quad, bool] = {}  # the body dark, its pips light

    def group(self, cells: list[Quad]) -> Group | None:
        """The cells as faces read sure and backs; None if a cell is neither, or a blank
        beside faces has not their body (see ``_set_backs``)."""
        faces: list[tuple[Quad, Reading]] = []
        backs: list[Quad] = []
        for cell in cells:
            if not faces and blank_either_way(
                self.frame, self.in_frame(cell), self.aspect, self.cfg["read"]
            ):
                # (as two readings would say, in a fraction of the time; not after a face,
                # where the next cell is most likely a face too, read anyway)
                backs.append(cell)
                continue
            readings = self.read(cell)
            if self.sure(readings[0]):
                faces.append((cell, readings[0]))
            elif _blank(*readings):
                backs.append(cell)
            else:
                return None
        if faces and backs and not self._set_backs([q for q, _ in faces], backs):
            return None
        if self._red_four([q for q, r in faces if r.face == "1-1"]):
            return None
        return Group(tuple(faces), tuple(backs))

    def _red_four(self, ones: list[Quad]) -> bool:
        """Do two of these cells read as 1-1s lie side by side with no seam between them
        (``locate.red_four_columns``: a playing card's two rows of red marks, cut as tiles,
        read so), as the careful reading holds against them too?"""
        if len(ones) < 2:
            return False
        seen = np.array([self.in_frame(q) for q in ones])  # (n, 4, 2)
        h, w = self.frame.shape[:2]
        pad = float(np.hypot(*(seen[0, 1] - seen[0, 0])))
        x0, y0 = (max(0, int(v - pad)) for v in seen.reshape(-1, 2).min(axis=0))
        x1, y1 = (int(v + pad) + 1 for v in seen.reshape(-1, 2).max(axis=0))
        light = lightness(self.frame[y0 : min(h, y1), x0 : min(w, x1)])
        shifted = [tuple((float(x - x0), float(y - y0)) for x, y in q) for q in seen]
        return bool(red_four_columns(shifted, light, self.cfg))

    def _set_backs(self, faces: list[Quad], blanks: list[Quad]) -> bool:
        """Are the blanks beside faces backs of their set: each of their colour within
        ``read.back_colour`` (as the careful reading asks), not a face-up tile whose pips a
        glare washed out, nor a tile of the other colour?"""
        body = np.median([self._body(q) for q in faces], axis=0)
        apart = float(self.cfg["read"]["back_colour"])
        return all(float(np.abs(self._body(q) - body).max()) <= apart for q in blanks)

    def _body(self, cell: Quad) -> Floats:
        """The cell's colour where no face has a pip (a face's pips would darken an ivory
        body's median, and a blank's has none)."""
        return median_colour(self.frame, self.in_frame(cell), _CLEAR_OF_PIPS)

    def lined(self, cells: list[Quad], least: int) -> int:
        """Of ``least`` cells or more, how many show a line across the middle, where every
        other one reads a face sure (0 where not)? (Where pips crowd a tile's middle, a 6's or
        a 5's, they leave no room to see a line between them, and a 1's or a 4's may light
        it; so in a row of four, one cell may be all that shows it.)"""
        if len(cells) < least:
            return 0
        shown = 0
        for cell in cells:  # (none read past the first that neither shows it nor reads sure)
            reading = self.read(cell)[0]
            if SEAM in reading.defects:
                shown += 1
            elif not self.sure(reading):
                return 0
        return shown

    def all_faces(self, cells: list[Quad]) -> bool:
        """Does every cell read a face sure? (Read again with the pips found round them only
        where every other cell reads a face sure: that costs several readings.)"""
        later = []
        for cell in cells:
            if not self.sure(self.first_read(cell)[0]):
                if not self._may_read_again(cell):
                    return False
                later.append(cell)
        return all(self.sure(self.read(cell)[0]) for cell in later)

    def any_face(self, cells: list[Quad]) -> bool:
        """Does a cell read a face sure? (Again: first as all_faces.)"""
        if any(self.sure(self.first_read(cell)[0]) for cell in cells):
            return True
        return any(self.sure(self.read(cell)[0]) for cell in cells if self._may_read_again(cell))

    def sure(self, reading: Reading) -> bool:
        return reading.face is not None and reading.confidence >= self.floor

    def in_frame(self, cell: Quad) -> Quad:
        """The cell (top-down pixels) in the frame's pixels: it is read from the frame
        itself, not from a top-down view of it (one warp, not two)."""
        seen = cv2.perspectiveTransform(np.array(cell, np.float64).reshape(-1, 1, 2), self.to_frame)
        return tuple((float(x), float(y)) for x, y in seen.reshape(-1, 2))

    def read(self, cell: Quad) -> tuple[Reading, ...]:
        """The cell read as its body's shade says its pips are (light on a dark body) and,
        unless that reads a face sure, the other way too: the way that read a face sure
        first, if either did, else the body's way first. Where neither does and a blob in it
        may be pips run together, it is read again with the pips found round it."""
        readings = self.first_read(cell)
        if self._may_read_again(cell):
            if cell not in self.again:
                self.again[cell] = self._with_pips(cell, self.bright[cell])
            again = self.again[cell]
            if again is not None:
                return (again,)
        return readings

    def first_read(self, cell: Quad) -> tuple[Reading, ...]:
        """The cell read both ways (as ``read``), not yet again with the pips found round it."""
        if cell not in self.done:
            self.done[cell] = self._read(cell)
        return self.done[cell]

    def _may_read_again(self, cell: Quad) -> bool:
        readings = self.first_read(cell)
        return (
            self.found_pips
            and len(readings) == 2
            and not self.sure(readings[0])
            and any(d.startswith("blob of") for r in readings for d in r.defects)
        )

    def _read(self, cell: Quad) -> tuple[Reading, ...]:
        quad = self.in_frame(cell)
        bright = self.bright[cell] = _dark_body(self.frame, quad)
        first = read_tile(self.frame, quad, bright, self.aspect, self.cfg["read"])
        if self.sure(first):
            return (first,)
        second = read_tile(self.frame, quad, not bright, self.aspect, self.cfg["read"])
        if self.sure(second):
            return (second, first)
        return (first, second)

    def _with_pips(self, cell: Quad, bright: bool) -> Reading | None:
        """The cell read sure from a top-down view round it, with the pips found there
        telling how many a blob of several holds (big pips run together in a 6's column), as
        the careful reading reads its cells; None if it does not read sure so."""
        corners = np.array(cell)
        width = float(np.linalg.norm(corners[1] - corners[0]))
        x0, y0 = np.floor(corners.min(axis=0) - width)
        x1, y1 = np.ceil(corners.max(axis=0) + width)
        shift = np.array([[1.0, 0.0, -x0], [0.0, 1.0, -y0], [0.0, 0.0, 1.0]])
        view = cv2.warpPerspective(
            self.frame,
            shift @ np.linalg.inv(self.to_frame),
            (int(x1 - x0), int(y1 - y0)),
            flags=cv2.INTER_LINEAR,
        )
        kernel = round(float(self.cfg["table"]["pip_kernel"]) * width)
        found = find_pips(lightness(view), view, self.cfg["pips"], kernel, width)
        inner: Quad = tuple((float(x - x0), float(y - y0)) for x, y in cell)
        for way in (bright, not bright):
            xy = next(p.xy for p in found if p.bright == way)
            reading = read_tile(view, inner, way, self.aspect, self.cfg["read"], xy)
            if self.sure(reading):
                return reading
        return None


#: where no face has a pip (shares of a cell's width across, length along): by its long
#: sides, and across its middle (a set's line there, if it has one, is not most of them)
_CLEAR_OF_PIPS = np.array(
    [(u, v) for u in (0.1, 0.9) for v in np.linspace(0.1, 0.9, 9).tolist()]
    + [(u, 0.5) for u in np.linspace(0.2, 0.8, 7).tolist()]
)


def _blank(*readings: Reading) -> bool:
    """Is a cell read so (its body's way first, then the other way) a back? Blank its body's
    way, with nothing pip-like in it (not a face-up tile whose pips ran together, which
    reads blank the other way), and blank the other way, or only of a body too light for
    pips lighter than it (an ivory back read as a black one)."""
    if len(readings) != 2:
        return False  # (one reading: a face read sure)
    body_way, other = readings
    return (
        body_way.is_blank
        and not body_way.defects
        and other.is_blank
        and all(d.startswith("a body of lightness") for d in other.defects)
    )


def _grids(rect: Rect, width: float, aspect: float, cfg: Config) -> list[Cut]:
    """The grids of whole tiles the rectangle may be, the closest fit first: each way the
    tiles may lie, where each side is a whole number of tiles within ``plain_fit`` widths."""
    _, (a, b), _ = rect
    length = aspect * width
    fits = []
    for along_a in (True, False):
        ua, ub = (length, width) if along_a else (width, length)
        na, nb = round(a / ua), round(b / ub)
        off = max(abs(a - na * ua), abs(b - nb * ub)) / width
        if na >= 1 and nb >= 1 and off <= float(cfg["table"]["plain_fit"]):
            fits.append((off, along_a, na * nb))
    out = []
    options = cuts(rect, width, aspect, cfg["locate"], known=True)
    for _, along_a, count in sorted(fits):
        out += [
            c for c in options if c.along_a == along_a and len(c.cells) == count and not c.flush
        ][:1]
    return out


def _filled_cells(contour: Array, cut: Cut, scale: float, cfg: Config) -> list[Quad] | None:
    """The cut's cells (top-down pixels) the outline (at ``scale``) fills, ``plain_cell_fill``
    of each at least; None if a cell is neither that full nor ``plain_cell_empty`` empty."""
    full, empty = float(cfg["table"]["plain_cell_fill"]), float(cfg["table"]["plain_cell_empty"])
    cells = []
    for cell, share in zip(cut.cells, filled(contour, cut.cells, scale), strict=True):
        if share >= full:
            cells.append(cell)
        elif share > empty:
            return None
    return cells


def filled(contour: Array, cells: Sequence[Quad], scale: float = 1.0) -> list[float]:
    """The share of each cell that the outline covers (the cells' pixels times ``scale`` are
    the outline's)."""
    x, y, w, h = cv2.boundingRect(contour)
    inside = np.zeros((h, w), np.uint8)
    cv2.drawContours(inside, [contour - np.array((x, y))], -1, 1, -1)
    shares = []
    for cell in cells:
        corners = np.round(np.array(cell) * scale - (x, y)).astype(np.int32)
        mask = np.zeros_like(inside)
        cv2.fillConvexPoly(mask, corners, 1)
        shares.append(cv2.countNonZero(mask & inside) / max(cv2.countNonZero(mask), 1))
    return shares


def left_over(
    shown: Image,
    covered: Image,
    cells: Sequence[Quad],
    scale: float,
    reach: int,
    offset: tuple[int, int] = (0, 0),
) -> Image:
    """What ``shown`` holds beyond ``reach`` pixels of the groups not plain (``covered``,
    drawn in already, in place) and of the plain groups' ``cells`` (full-size pixels; in
    ``shown`` at ``scale``, less ``offset``): a die beside a tile read plainly is no group of
    its own where the mask lost most of it, and must not go unread."""
    for cell in cells:
        corners = np.round(np.array(cell) * scale - offset).astype(np.int32)
        cv2.fillConvexPoly(covered, corners, 255)
    grown = cv2.dilate(covered, np.ones((2 * reach + 1, 2 * reach + 1), np.uint8))
    left: Image = cv2.subtract(shown, grown)
    return left


def _dark_body(frame: Image, quad: Quad) -> bool:
    """Is the tile's body dark (its pips light)? Its middle is body on every face (the
    halves' pips lie clear of it): the median grey there, against mid-grey."""
    x, y = np.mean(np.array(quad), axis=0)
    h, w = frame.shape[:2]
    x0, y0 = min(max(int(x) - 1, 0), w - 3), min(max(int(y) - 1, 0), h - 3)
    middle = frame[y0 : y0 + 3, x0 : x0 + 3].reshape(-1, 3)
    return median(middle.mean(axis=1)) < 128.0
