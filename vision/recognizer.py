"""The recogniser: pips -> regions -> tiles -> readings, for one still frame.

``recognize(image)`` runs the stages in order; ``Recognizer`` holds a config (and, on a mat, the
known tile size) for many frames.
"""

from __future__ import annotations

import functools
import itertools
import math
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from .backs import lone_backs, without_false_backs
from .channels import channel_max
from .config import Config, load_config
from .lean import lean, pip_shapes, view_from_above
from .locate import (
    Cut,
    Rect,
    add_if_new,
    cell_about,
    cell_axes,
    cell_body,
    centre_on_pips,
    common_area,
    cuts,
    edge_aligned_rect,
    first_guess,
    gradients,
    held_by,
    in_cell,
    inside,
    line_strength,
    own_shape,
    pip_grid_cells,
    points_in,
    rect_along,
    red_four_columns,
    rim_size,
    round_thing,
    same_angle,
    sample,
    size_near,
    strip_cuts,
    tile_sizes,
)
from .medians import median, median_of, percentile
from .noise import noise_level, quietened
from .pips import chip_rings, find_pips, lightness
from .plain_scene import Unsettled, read_plainly
from .read import (
    ALONG,
    BLUE_TWO,
    SEAM,
    SIX_ACROSS,
    canonical,
    for_lined_sets,
    holds_middle_lines,
    lines_shown,
    read_tile,
)
from .segment import (
    BODY_RING,
    GREY,
    Region,
    body_colours,
    coloured_ring,
    colours,
    edge_mask,
    glare_on_ground,
    ground_mask,
    ring_pixels,
    segment,
)
from .timing import Laps
from .types import (
    Array,
    Bools,
    Cells,
    Floats,
    Image,
    Observation,
    Pips,
    Quad,
    Reading,
    Tile,
)


@dataclass(frozen=True, slots=True)
class _Found:
    quad: Quad
    reading: Reading

    @property
    def center(self) -> tuple[float, float]:
        return _centre(self.quad)


def _centre(quad: Quad) -> tuple[float, float]:
    return (sum(p[0] for p in quad) / 4, sum(p[1] for p in quad) / 4)


def _one_on_another(a: Quad, b: Quad) -> bool:
    """Does either cell's centre lie in the other: two readings of one tile?"""
    return inside(_centre(a), b) or inside(_centre(b), a)


def _prepare(image: Image, tile_px: float | None, cfg: Config) -> tuple[Image, float]:
    h, w = image.shape[:2]
    scale = min(1.0, float(cfg["max_side"]) / max(h, w))
    if tile_px is not None and tile_px * scale < float(cfg["min_tile_px"]):
        scale = min(1.0, float(cfg["min_tile_px"]) / tile_px)
    if scale < 1.0:
        if min(h, w) * scale < 0.5:  # (a strip a pixel or two thick keeps a row)
            size = (max(1, round(w * scale)), max(1, round(h * scale)))
            return cv2.resize(image, size, interpolation=cv2.INTER_AREA), scale
        image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return image, scale


def _lightest(grey: Image, share: float) -> int:
    """The grey level below which all but the lightest ``share`` of the pixels lie."""
    counts = cv2.calcHist([grey], [0], None, [256], [0, 256]).ravel()
    return int(np.searchsorted(np.cumsum(counts), (1 - share) * grey.size))


def _halved(image: Image) -> Image:
    h, w = image.shape[:2]
    half: Image = cv2.resize(image, (max(1, w // 2), max(1, h // 2)), interpolation=cv2.INTER_AREA)
    return half


def _exposed(image: Image, cfg: Config, half: Image | None = None) -> Image:
    """The picture brightened where it is underexposed: its lightest things (the
    ``top_share`` lightest pixels: an ivory body, a black tile's pips) darker than
    ``dim_below`` grey levels are brought up toward ``bright_to``, by ``max_gain`` at most.
    Every threshold of the stages is in grey levels, and a dim room with the camera's
    exposure fixed for daylight (or a dim picture on its own) puts a pip's contrast under
    them: ivory tiles lit at a third of their usual light read nothing at all. (``half``:
    the picture at half size, where the caller has it.)"""
    # (at half size, where camera noise averages away and a pip still fills a pixel)
    half = _halved(image) if half is None else half
    top = _lightest(cv2.cvtColor(half, cv2.COLOR_BGR2GRAY), float(cfg["top_share"]))
    if top >= int(cfg["dim_below"]):
        return image
    gain = min(float(cfg["max_gain"]), float(cfg["bright_to"]) / max(top, 1))
    brighter: Image = cv2.convertScaleAbs(image, alpha=gain)
    return brighter


def _on_own_shade(image: Image, pips: Pips, cfg: Config) -> Bools:
    """Which pips lie on a body of their polarity's shade (white pips on a dark body, dark
    ones on a light body): a tile's, not a cloth's dots on a yellow ground. And of their
    colour: light ones white or red (not a black flower's yellow heart), with little of the
    ring round them coloured (a black tile's body is grey, a purple cloth under its white
    dots is not); dark ones black or red, as an ivory tile's pips are (not a white cloth's
    teal dots, blue flowers or purple checks)."""
    shade, colour = _shade_and_colour(image, pips, cfg)
    return shade & colour


def _shade_and_colour(image: Image, pips: Pips, cfg: Config) -> tuple[Bools, Bools]:
    """``_on_own_shade`` in two: the pips on a body of their shade (light ones, of a
    tile's pips' colour too), and which are of a tile's pips' colour: dark ones black or
    red, not green or navy (a cloth's dots, or a set's pips: see ``_shades``); every
    light one."""
    body = body_colours(image, pips)
    own: Bools = (body @ GREY <= float(cfg["segment"]["dark_body_max"])) == pips.bright
    any_pip: Bools = np.ones(len(own), bool)
    if not len(own):
        return own, any_pip
    locate = cfg["locate"]
    h, w = image.shape[:2]
    xs = np.clip(np.round(pips.xy[:, 0]).astype(int), 0, w - 1)
    ys = np.clip(np.round(pips.xy[:, 1]).astype(int), 0, h - 1)
    lab = cv2.cvtColor(image[ys, xs].reshape(-1, 1, 3), cv2.COLOR_BGR2LAB)[:, 0].astype(float)
    a, b = lab[:, 1] - 128, lab[:, 2] - 128
    chroma, hue = np.hypot(a, b), np.degrees(np.arctan2(b, a))
    least = float(locate["pattern_chroma"])
    # (red by its hue as well: a purple check's a* is as high as a red pip's)
    red = (a >= least) & (hue >= float(locate["red_hue_from"]))
    if pips.bright:
        # the ring: where it is dark enough for a black body (a dot touching a tile), and
        # all of it (but for a big pip's ring reaching past its tile's end: a pink cloth);
        # not for a vivid red pip, found smaller than it is by its glint, its ring on itself
        dark, every = coloured_ring(
            image,
            pips,
            float(locate["body_chroma"]),
            float(locate["body_ring"]),
            float(cfg["segment"]["dark_body_max"]),
        )
        vivid = red & (chroma >= float(locate["red_pip_chroma"]))
        own &= vivid | (
            (dark <= float(locate["body_coloured_share"]))
            & (every < float(locate["ring_coloured_share"]))
        )
        # the pip: grey, or white as the picture's lightest things are (a warm lamp's
        # white; not that alone: on a red felt with few white things, they are the felt's)
        ca, cb = _white(image, float(locate["white_share"]))
        apart = np.minimum(chroma, np.hypot(a - ca, b - cb))
        own &= red | (apart < float(locate["light_pip_chroma"]))
        return own, any_pip
    coloured = (chroma >= least) & ~red
    # (a cool colour, purple to green, stands out of grey less: a lilac check, the mix of
    # purple and white, is 15 to 20 from grey; a small black pip blurred grey has ivory's
    # warm hue)
    cool = (hue < float(locate["warm_hue_from"])) | (hue > float(locate["warm_hue_to"]))
    tinted = cool & (chroma >= float(locate["cool_chroma"]))
    # (a colour's hue is noise where it is nearly black: a black pip under a tinted light)
    black = lab[:, 0] < float(locate["black_below"])
    of_a_tile: Bools = black | ~(coloured | tinted)
    return own, of_a_tile


def _shades(image: Image, pips: Pips, cfg: Config) -> list[tuple[Bools, Floats]]:
    """The ways a polarity is read: which pips lie on a body of their shade
    (``_on_own_shade``), and the seeds that way takes that the first does not. The first,
    of a tile's colours only; for dark pips, where that takes other seeds out of the
    tiles' size, a second of any colour as well. A cloth's teal dots are a pattern, but some
    ivory sets' pips are green or navy, with only the 1s and 4s red: the red ones alone
    said the tiles' size, and the rest grew no tile. Both are read, and one kept
    (``_one_way_each``)."""
    shade, colour = _shade_and_colour(image, pips, cfg)
    own = shade & colour
    none = np.zeros((0, 2))
    if pips.bright or (_tile_pips(pips, own, cfg) == _tile_pips(pips, shade, cfg)).all():
        return [(own, none)]
    return [(own, none), (shade, pips.xy[shade & ~colour & pips.seed])]


def _white(image: Image, share: float) -> tuple[float, float]:
    """The a* and b* of white in the picture: the median of its lightest ``share`` (every
    fourth pixel each way: a glint or a pip still covers a few)."""
    few = np.ascontiguousarray(image[::4, ::4])
    grey = cv2.cvtColor(few, cv2.COLOR_BGR2GRAY)
    if grey.size == 0:
        return 0.0, 0.0
    lightest = few[grey >= _lightest(grey, share)]
    lab = cv2.cvtColor(lightest.reshape(-1, 1, 3), cv2.COLOR_BGR2LAB)[:, 0]
    return float(np.median(lab[:, 1])) - 128.0, float(np.median(lab[:, 2])) - 128.0


def _tile_pips(pips: Pips, own: Bools, cfg: Config) -> Bools:
    """The pips that say the tiles' size: all of them; but where most lie off a body of
    their shade (``own``, fewer than ``own_share`` on it: a pattern) and ``own_least`` or
    more lie on one, those only. A cloth's small white dots on a yellow ground, hundreds,
    set the first guess of a tile's width and the pips' size, and big black tiles among
    them went unread. (Not where most lie on it: a glare greys a few pips' body, and the
    size from the rest moved enough to lose tiles.)"""
    locate = cfg["locate"]
    if int(own.sum()) < int(locate["own_least"]) or own.mean() >= float(locate["own_share"]):
        return np.ones(len(pips.radius), bool)
    return own


def recognize(
    image: Image,
    cfg: Config | None = None,
    tile_px: float | None = None,
    aspect: float | None = None,
    ground: tuple[float, float, float] | None = None,
    no_tiles: list[Quad] | None = None,
    pip_kernel: float | None = None,
    lined: bool = False,
) -> Observation:
    """Every face-up tile in a BGR image, face-down tiles counted; pixels of the input image.

    ``tile_px`` (a tile's width in input pixels) and ``aspect`` are known on a calibrated mat;
    without them the size is found from the pips and the lone tiles. ``ground`` (BGR) is the
    colour the tiles lie on, when known; with it, ``no_tiles`` are areas (input pixels) known to
    hold no tile (the mat's markers). ``pip_kernel`` (input pixels) sizes the search for pips
    when the image is a crop of a larger view. ``lined``: the set is known to have a line
    between each tile's halves (a table that has shown so): where tiles are left in doubt,
    the picture is read again as such a set's, and that reading kept if it reads more,
    whether or not its new tiles show the line.

    Where none of those is given, the picture is first read plainly (``plain_scene``);
    where it can be only in part, it is read carefully as a whole, and the tiles its plain
    groups read are added where that reading reads none (``_with_plain_tiles``). Tiles
    read over each other are in doubt (``_none_over_another``). A very noisy picture whose
    reading leaves something in doubt is read again median-filtered (``noise.py``), and
    that reading kept where it reads more.
    """
    start = time.perf_counter()
    cfg = cfg if cfg is not None else load_config("recognize")
    args = (tile_px, aspect, ground, no_tiles, pip_kernel)
    alone = tile_px is None and ground is None and pip_kernel is None  # (off the mat)
    obs = _read_as_shown(image, cfg, args, lined)
    quiet = False
    noisy = float(cfg["prepare"]["noise_above"])
    if obs.uncertain and alone and noise_level(image, cfg["prepare"]) >= noisy:
        # a very noisy picture (a webcam's gain raised in a dim room) leaves specks that
        # pass for pips: read again median-filtered, and kept where that reads more (not
        # filtered first: a cloth's fine weave measures as noisy, and filtered, one of our
        # renders with such a cloth read a tile fewer)
        quieter = quietened(image, cfg["prepare"])
        again = _read_as_shown(quieter, cfg, args, lined)
        if len(again.tiles) > len(obs.tiles):
            image, obs, quiet = quieter, again, True
    if obs.uncertain and alone:
        # off the mat, a camera leaning from overhead draws the far tiles squat, of no
        # tile's shape: where the pips say so, the picture is read again as seen from above
        obs = _from_above(image, obs, cfg, args, lined)
    _no_face_past_two_sets(obs, cfg["read"])
    obs.debug.pop("working_pips", None)
    obs.debug["quietened"] = quiet
    obs.debug["ms"] = 1000 * (time.perf_counter() - start)  # every reading made
    return obs


def _no_face_past_two_sets(obs: Observation, cfg: Config) -> None:
    """A face read more often than two sets hold it (``most_of_a_face``), and as a good
    share of all the tiles read, is a pattern read as tiles: all of them are put in doubt.
    A gingham's dark crossings are pips on a light body, two to a tile's length, and one
    cloth read as 28 1-1s; no set holds more than two of a face, and a table rarely more
    than one set."""
    counts = Counter(t.face for t in obs.tiles)
    share = float(cfg["most_of_a_face_share"]) * len(obs.tiles)
    over = {f for f, n in counts.items() if n > int(cfg["most_of_a_face"]) and n > share}
    for tile in obs.tiles:
        if tile.face in over:
            obs.uncertain += 1
            obs.uncertain_at.append(tile.center)
    obs.tiles = [t for t in obs.tiles if t.face not in over]


#: a polarity's reading: how well its cut reads (area), its tiles, those in doubt, the tile
#: width it was cut at, and whether its pips are bright
_Polarity = tuple[float, list[_Found], list[_Found], float, bool]


#: what is known of a picture, as ``recognize`` takes it: tile_px, aspect, ground, no_tiles,
#: pip_kernel
_Known = tuple[
    float | None, float | None, tuple[float, float, float] | None, list[Quad] | None, float | None
]


def _read_as_shown(
    image: Image,
    cfg: Config,
    args: _Known,
    lined: bool,
) -> Observation:
    """``recognize``, the picture taken as the camera shows it."""
    obs = _read_picture(image, cfg, *args, lined=lined)
    least = int(cfg["read"]["columns_least"])
    # (tiles read as a set with lines' are read again so: their line is no seam)
    lined_read = bool(obs.debug.get("lined"))
    if obs.uncertain and (
        _twos_along(obs) >= least
        or (
            len(obs.tiles) >= least
            and _threes_in_a_column(image, obs.tiles, _lined(cfg) if lined_read else cfg) >= least
        )
    ):
        # the set lays its 2s and 3s in a column along the centre line: read again so, each
        # cell's 2 or 3 on the line its own (where the set lays them so, no 2 laid across
        # its tile, turned in a cell cut crosswise, shows so), and kept where that reads
        # more and every tile read before as it was
        along = {**cfg, "read": {**cfg["read"], "along_the_line": True}}
        again = _read_picture(image, along, *args, lined=lined)
        if len(again.tiles) > len(obs.tiles) and all(
            any(t.face == a.face and inside(t.center, a.corners) for a in again.tiles)
            for t in obs.tiles
        ):
            again.debug["columns"] = True
            obs = again
    return _none_over_another(obs, cfg)


def _from_above(
    image: Image,
    obs: Observation,
    cfg: Config,
    args: _Known,
    lined: bool,
) -> Observation:
    """The picture read again as seen from straight above, where its pips say the camera
    leans ``least_degrees`` or more (``lean.py``); that reading, carried back to the
    picture's pixels, is kept where it reads more tiles (``least_alone`` where the picture
    read none). The view, wider than the picture, is shrunk to the working size as any
    picture is: read at its own size, up to 1920 pixels, the eighth renderer's 75 leaning
    tables read 504 tiles right, not 524, and took longer."""
    own = cfg["lean"]
    # the pips the reading found, in its working picture (a lean is an angle: measured as
    # well there as in the picture; a reading with tiles in doubt is always _recognize's)
    found: tuple[Image, tuple[Pips, Pips]] = obs.debug["working_pips"]  # type: ignore[assignment]
    light, both = found
    xy, shapes = [], []
    for pips in both:
        at, shape = pip_shapes(light, pips, own)
        xy.append(at)
        shapes.append(shape)
    h, w = light.shape[:2]
    degrees = lean(np.concatenate(xy), np.concatenate(shapes), (w, h), own)
    obs.debug["lean"] = degrees
    if degrees < float(own["least_degrees"]):
        return obs
    seen, into = view_from_above(image, degrees, own)
    above = _read_as_shown(seen, cfg, args, lined)
    # (where the picture read no tile, a few more: a pair of dice touching, each die's top
    # and the side a camera leaning sees drawn taller from above, read as two small tiles
    # on an empty table)
    least = int(own["least_alone"]) if not obs.tiles else len(obs.tiles) + 1
    if len(above.tiles) < least:
        return obs
    back = np.linalg.inv(into)

    def carried(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
        if not points:
            return []
        out = cv2.perspectiveTransform(np.array([points], np.float64), back)[0]
        return [(float(x), float(y)) for x, y in out]

    above.tiles = _none_inside_plain_things(
        [
            Tile(t.face, t.confidence, carried([t.center])[0], tuple(carried(t.corners)), t.zone)
            for t in above.tiles
        ],
        obs.tiles,
        image,
        cfg,
    )
    if len(above.tiles) < least:
        return obs
    above.uncertain_at = carried(above.uncertain_at)
    above.debug["lean"] = degrees
    return above


def _none_inside_plain_things(
    tiles: list[Tile], before: list[Tile], image: Image, cfg: Config
) -> list[Tile]:
    """The tiles read from above, but those the picture as shown did not read that lie inside
    something plain and larger than a tile (see _inside_a_plain_thing): a 2 of diamonds,
    its two marks read as a 1-1's pips from above (the ninth renderer's scene 67, the
    camera leaning 16 degrees). As pips left over, they were dropped in the picture's
    reading; from above they were placed otherwise."""
    new = [t for t in tiles if not any(inside(t.center, b.corners) for b in before)]
    if not new:
        return tiles
    light = lightness(image)
    plain = [t for t in new if _inside_a_plain_thing(image, light, t.corners, cfg)]
    return [t for t in tiles if t not in plain]


def _twos_along(obs: Observation) -> int:
    """How many cells are in doubt only for a 2 laid along their centre line, where they
    outnumber the tiles read sure with a 2 (laid across: a set lays its 2s one way); else 0."""
    notes: list[tuple[str | None, float, tuple[str, ...]]] = obs.debug.get("doubtful", [])  # type: ignore[assignment]
    along = sum(
        bool(defects) and all(d.startswith(ALONG[0]) for d in defects) for _, _, defects in notes
    )
    across = sum("2" in t.face for t in obs.tiles)
    return along if along > across else 0


def _threes_in_a_column(image: Image, tiles: list[Tile], cfg: Config) -> int:
    """How many of the tiles with a 3 read it laid in a column along the centre line
    (``Reading.along``): each read again where it lies, either shade's pips (a few readings,
    asked only where tiles are in doubt)."""
    found = 0
    for tile in tiles:
        if "3" not in tile.face:
            continue
        quad = tile.corners
        if math.dist(quad[0], quad[1]) > math.dist(quad[1], quad[2]):
            quad = (*quad[1:], quad[0])  # (the width first)
        aspect = math.dist(quad[1], quad[2]) / max(math.dist(quad[0], quad[1]), 1e-9)
        for bright in (True, False):
            reading = read_tile(image, quad, bright, aspect, cfg["read"])
            if reading.face == tile.face and reading.along:
                found += 1
                break
    return found


def _read_picture(
    image: Image,
    cfg: Config,
    tile_px: float | None = None,
    aspect: float | None = None,
    ground: tuple[float, float, float] | None = None,
    no_tiles: list[Quad] | None = None,
    pip_kernel: float | None = None,
    lined: bool = False,
) -> Observation:
    """The picture read as ``recognize`` reads it, but for its last step: tiles read over
    each other are left to the whole picture's reading (a box the plain reading leaves is
    read so, and its tiles weighed with the picture's)."""
    if image.ndim != 3 or image.shape[2] != 3 or image.dtype != np.uint8:
        from .errors import RecognitionError

        raise RecognitionError("not a colour image", image.shape, "an 8-bit BGR image (h, w, 3)")
    tried = 0.0  # ms spent on reading the picture plainly, where it could not be
    plain: list[Tile] = []  # the plain groups' tiles, where it is read plainly in part
    if tile_px is None and ground is None and pip_kernel is None:
        start = time.perf_counter()
        quick = _plainly(image, cfg)
        if isinstance(quick, Observation):
            return quick  # (nothing in doubt: what is, is read carefully as a whole)
        if quick is not None:
            plain = quick.tiles
        tried = 1000 * (time.perf_counter() - start)
    args = (tile_px, aspect, ground, no_tiles, pip_kernel)
    obs = _recognize(image, cfg, *args, lined=False)
    obs.debug["ms"] = float(obs.debug["ms"]) + tried  # type: ignore[arg-type]
    if not (lined and obs.uncertain) and not _in_doubt(obs, tile_px is not None, cfg["lines"]):
        return _with_plain_tiles(obs, plain, cfg)
    # Most Chinese sets show nothing between a tile's halves, and a line there is the seam of
    # two tiles end to end: that is how a cell across two tiles' halves is told from a tile.
    # Some sets have a line (engraved or painted) across every tile: each tile's region
    # stops at it, a half, which no cut fits, and nearly every tile is left in doubt. Read
    # so again as a set with lines (the lines taken out of the regions' colours, and not
    # held against a cell), that reading is kept if it reads more and its new tiles hold.
    # (the halves the first reading left say the tiles' size, which the lined reading's
    # regions, rows grown whole over their lines and seams, may not; on the mat it is known)
    no_cut: list[Quad] = obs.debug.get("no_cut", [])  # type: ignore[assignment]
    by_halves = _size_of_halves(no_cut, cfg["lines"]) if tile_px is None else None
    again = _recognize(image, _lined(cfg), *args, lined=True, halves=by_halves)
    both_ms = float(obs.debug["ms"]) + float(again.debug["ms"])  # type: ignore[arg-type]
    kept = obs
    if len(again.tiles) > len(obs.tiles):
        new = _new_as_any(again, obs, image, cfg)
        if lined or _read_again_holds(new, no_cut, cfg):
            kept = again
            kept.debug["lined"] = True
            _as_shown(kept, image, _lined(cfg))
            _seams_in_doubt(kept, new, cfg)
            _side_by_side_in_doubt(kept, image, _lined(cfg))
            _first_tiles_kept(kept, obs)
        else:
            # (no line shows, but its regions, grown otherwise, may cut groups the first
            # reading fitted no cut to: its new tiles that read clean as any tile are
            # added as the plain groups' are, two or more of them; see lines.clean_least)
            floor = float(cfg["read"]["min_confidence"])
            clean = [t for t, r in new if _clean_face(r, floor) and r.face == t.face]
            if len(clean) >= int(cfg["lines"]["clean_least"]):
                kept = _with_plain_tiles(obs, clean, cfg)
    kept.debug["ms"] = both_ms
    return _with_plain_tiles(kept, plain, cfg)


def _first_tiles_kept(again: Observation, first: Observation) -> None:
    """The tiles the first reading read sure where the reading kept, as a set with lines,
    reads neither a tile nor a doubt, added to it: they were lost without a word (a lone
    black 6-6 under a glare, read sure the first time, was no region the second time:
    the ninth renderer's scene 99)."""
    for tile in first.tiles:
        if any(_one_on_another(tile.corners, t.corners) for t in again.tiles):
            continue
        if any(inside(at, tile.corners) for at in again.uncertain_at):
            continue
        again.tiles.append(tile)


def _none_over_another(obs: Observation, cfg: Config) -> Observation:
    """The observation with tiles that lie over each other put in doubt, both: tiles on a
    table seen from above touch, they do not lie a third over each other, and which of two
    so read is wrong is not known. (Tiles touching, their cells a little wide where their
    sides show, share up to a quarter; two cells over a playing card's hearts, each pair of
    hearts read as a 1-1's red pips, shared two fifths; so did two cells at a quarter of a
    tile's size, each over a 6's columns read as a 2-2.)"""
    most = float(cfg["locate"]["overlap_most"])
    over: set[int] = set()
    for i, j in itertools.combinations(range(len(obs.tiles)), 2):
        if _overlap(obs.tiles[i].corners, obs.tiles[j].corners, most):
            over |= {i, j}
    for i in sorted(over):
        obs.uncertain += 1
        obs.uncertain_at.append(obs.tiles[i].center)
    obs.tiles = [t for i, t in enumerate(obs.tiles) if i not in over]
    return obs


def _with_plain_tiles(obs: Observation, plain: list[Tile], cfg: Config) -> Observation:
    """The careful reading of a picture with the tiles its plain groups read added where
    it reads none (a cell where an outline of whole tiles puts it is a tile's: a glare or a
    playing card's clubs that break or mislead the whole picture's regions leave them in
    doubt there). Where both read a tile and their faces differ, neither is kept: it is in
    doubt. A back the careful reading counted stands. One set's tiles are all of a size:
    a tile of either reading that is not the size of two or more of the other's, or of
    its own reading's, is in doubt (a playing card of hearts, twice a tile's width, read
    as a 4-4 where the tiles about it, read plainly, were in doubt in the careful
    reading: it had no size but the card's)."""
    backs: list[Quad] = list(obs.debug.get("backs", []))  # type: ignore[call-overload]
    least = int(cfg["locate"]["min_sure_for_size"])
    ratio = float(cfg["locate"]["cells_same_size"])

    def size_of(tiles: list[Tile]) -> float:
        return median_of([_width(t.corners) for t in tiles]) if len(tiles) >= least else 0.0

    def off(tile: Tile, size: float) -> bool:
        return size > 0 and not ratio * size <= _width(tile.corners) <= size / ratio

    # (and the other way: the careful reading's tiles the plain groups' size says are not
    # the set's, where those groups read the others, held in doubt by the careful reading;
    # then those off the careful reading's own size: cells of half a tile, placed by the
    # pips of two tiles' ends side by side, a red 4 read as a 1 under a glare, read two
    # 1-1s among 13 tiles, 0.51 and 0.54 of their width: the ninth renderer's scene 211;
    # right tiles came 0.74 to 1.37 of it)
    for tiles in (plain, obs.tiles):
        by = size_of(tiles)
        for tile in [t for t in obs.tiles if off(t, by)]:
            obs.tiles.remove(tile)
            obs.uncertain += 1
            obs.uncertain_at.append(tile.center)
    careful = list(obs.tiles)  # (a plain tile is weighed against these, not those added)
    size = size_of(careful)
    for tile in plain:
        if any(inside(tile.center, q) for q in backs):
            continue
        if off(tile, size):
            continue  # (in doubt, as the careful reading has it)
        over = [
            t for t in careful if inside(tile.center, t.corners) or inside(t.center, tile.corners)
        ]
        if not over:
            obs.tiles.append(tile)
            doubts = [c for c in obs.uncertain_at if inside(c, tile.corners)]
            obs.uncertain_at = [c for c in obs.uncertain_at if c not in doubts]
            obs.uncertain -= min(obs.uncertain, len(doubts))
        elif any(t.face != tile.face for t in over):
            # (a careful cell across two plain tiles' halves: neither plain tile is added)
            for t in over:
                if t in obs.tiles:
                    obs.tiles.remove(t)
            obs.uncertain += 1
            obs.uncertain_at.append(tile.center)
    obs.tiles.sort(key=lambda t: (t.center[1], t.center[0]))
    return obs


def _width(quad: Quad) -> float:
    """A tile's width: its cell's shorter side."""
    return min(math.dist(quad[0], quad[1]), math.dist(quad[1], quad[2]))


def _plainly(image: Image, cfg: Config) -> Observation | Unsettled | None:
    """The picture read plainly (``plain_scene``), where it can be: at most ``max_side``
    pixels long, as the careful reading reads it, its answer in the picture's pixels."""
    work, scale = _prepare(image, None, cfg["prepare"])
    half = _halved(work)  # (the exposure's view, and the outlines' at their usual scale)
    if _exposed(work, cfg["prepare"], half) is not work:
        return None  # (underexposed: the careful reading brightens it first)
    obs = read_plainly(work, cfg, _read_picture, half)
    if obs is None or scale == 1.0:
        return obs
    k = 1.0 / scale
    tiles = [
        Tile(t.face, t.confidence, (t.center[0] * k, t.center[1] * k), _times(t.corners, k))
        for t in obs.tiles
    ]
    if isinstance(obs, Unsettled):
        return Unsettled(tiles)
    obs.tiles = tiles
    obs.tile_px *= k  # (no doubts to scale: where a box leaves one, read_plainly gives up)
    return obs


def _times(quad: Quad, k: float) -> Quad:
    return tuple((x * k, y * k) for x, y in quad)


def _in_doubt(obs: Observation, known_size: bool, cfg: Config) -> bool:
    """Are many of the frame's tiles left in doubt, as a set with lines leaves them: tiles'
    halves (regions no cut fits, two by two as long as a tile), or cells showing a line
    across their middle, or most of the frame in doubt? On the mat (``known_size``) many
    in doubt is enough: its zones are small pictures, read again in little time, and a row
    of tiles there grows whole over its lines, its cells refused for them."""
    if obs.uncertain < max(1.0, float(cfg["doubt_share"]) * len(obs.tiles)):
        return False
    # (where no tile was read at all, nothing tells: a lone tile's halves may be one region;
    # nor where most are in doubt: a set with a border line as well as a groove grows each
    # half's inside alone, its halves too far apart to be told as a tile's, and 21 regions
    # in doubt beside one tile read showed no sign)
    signs = int(obs.debug.get("lined_signs", 0))  # type: ignore[call-overload]
    most = obs.uncertain >= float(cfg["most_in_doubt"]) * len(obs.tiles)
    return known_size or not obs.tiles or most or signs >= int(cfg["min_signs"])


def _box_shape(quad: Quad) -> tuple[Floats, Floats]:
    """A box's centre and its sides, shorter first."""
    q = np.array(quad, np.float64)
    return q.mean(axis=0), np.sort(np.hypot(*(q[[1, 3]] - q[0]).T))


def _halves(no_cut: list[Quad], cfg: Config) -> list[Floats]:
    """The sides (shorter first) of the regions no cut fits (``no_cut``) that lie beside
    another of their size and shape, as far apart as they are wide across the gap: a
    tile's halves (or a row's), each grown to a line between them."""
    boxes = [_box_shape(q) for q in no_cut]
    alike = float(cfg["half_sizes"])
    return [
        box[1]
        for i, box in enumerate(boxes)
        if any(j != i and _as_halves(box, other, alike) for j, other in enumerate(boxes))
    ]


def _lined_alone(
    bgr: Image, no_cut: list[Quad], cfg: Config, needed: int, pips: Floats | None = None
) -> int:
    """How many of the regions no cut fits are a lone tile's outline that reads a face but
    for a line across its middle: a tile of a set with lines, its cut refused for the line
    (which two tiles' ends would show too), so its reading is no doubtful seam to count. Of
    a tile's shape only (``locate.aspect``), and no more than ``lines.alone_most`` are read
    (each costs a reading); counted up to ``needed`` (the signs still wanting), no further.
    ``pips``: the centres of those found (working pixels), which say their shade."""
    lo, hi = (float(v) for v in cfg["locate"]["aspect"])
    count = 0
    for quad in no_cut[: int(cfg["lines"]["alone_most"])]:
        if count >= needed:
            break
        width, length = math.dist(quad[0], quad[1]), math.dist(quad[1], quad[2])
        if width > length:  # (the cell's first side is its end)
            quad = (quad[1], quad[2], quad[3], quad[0])
            width, length = length, width
        if width <= 0 or not lo <= length / width <= hi:
            continue
        reading = _read_as_laid(bgr, quad, cfg, shade_from=pips)
        count += reading.face is not None and reading.defects == (SEAM,)
    return count


def _size_of_halves(no_cut: list[Quad], cfg: Config) -> tuple[float, float] | None:
    """The size (W, aspect) of the tiles whose halves are the regions no cut fits
    (``no_cut``, see ``_halves``), from the median of their sides: a half is W by L / 2
    (for the longer sets, L / 2 longer than W); None where fewer than two are halves.
    A half's region stops short of its rim, so W is a little more than it says."""
    sides = _halves(no_cut, cfg)
    if len(sides) < 2:
        return None
    short, long = np.median(np.array(sides), axis=0)
    return float(short), float(2 * long / short)


def _as_halves(one: tuple[Floats, Floats], other: tuple[Floats, Floats], alike: float) -> bool:
    """Do two boxes (centre, sides shorter first) lie as a tile's halves: their sides
    within ``alike`` (log) of each other's, as far apart as they are wide across?"""
    (c, sides), (d, others) = one, other
    apart = float(np.hypot(*(c - d))) / (0.5 * (sides[0] + others[0]))
    return bool(np.all(np.abs(np.log(sides / others)) < alike)) and 0.8 <= apart <= 1.3


def _grown_as_shown(
    smooth: Image,
    pips: Pips,
    guess: float,
    regions: list[Region],
    cfg: Config,
    ground: tuple[float, float, float] | None,
    not_ground: Image | None,
    edges: Image | None,
    sizing: Bools,
) -> list[Region]:
    """For a set with lines: regions grown over the picture as shown (``smooth``, bounded by
    its ``edges``) from the seed pips that no region grown with the lines taken out holds,
    where they lie clear of those regions. Taken out as a line, the seam between two tiles
    meeting at a right angle lets them grow one region of no tile's shape, which fails:
    their pips grew nothing (the ninth renderer's scene 194, an ivory 5-5 laid across a
    3-3's end, neither read nor in doubt)."""
    held = np.zeros(len(pips.radius), bool)
    held[[j for r in regions for j in r.pips]] = True
    left = sizing & pips.seed & ~held
    if not left.any():
        return []
    taken = np.zeros(smooth.shape[:2], np.uint8)
    cv2.drawContours(taken, [r.contour for r in regions], -1, 255, -1)
    clear = float(cfg["lines"]["as_shown_overlap"])
    out = []
    for region in segment(smooth, pips, guess, cfg["segment"], ground, not_ground, edges, left):
        if held[list(region.pips)].any():
            continue
        x, y, w, h = cv2.boundingRect(region.contour)
        own = np.zeros((h, w), np.uint8)
        cv2.drawContours(own, [region.contour], -1, 255, -1, offset=(-x, -y))
        shared = cv2.countNonZero(cv2.bitwise_and(own, taken[y : y + h, x : x + w]))
        if shared <= clear * region.area:
            out.append(region)
    return out


def _whole_as_shown(
    bgr: Image,
    light: Image,
    grown: list[Region],
    pips: Pips,
    width: float,
    ratio: float,
    ok: list[_Found],
    cfg: Config,
    known: bool,
) -> list[_Found]:
    """The tiles read (``ok``) with those of the regions ``_grown_as_shown`` added, cut at
    the set's size where every cell reads a face sure and none lies on a tile read sure
    (those regions are kept out of the choice of size and of the doubts: grown where the
    lines were taken out and nothing grew, they may cover a tile's half, or tiles that the
    pips left over place better)."""
    floor = float(cfg["read"]["min_confidence"])
    for region in grown:
        sure = [f.quad for f in ok if _sure_face(f.reading, floor)]
        rect = edge_aligned_rect(region.contour)
        _, cells = _best_cut(bgr, light, region, rect, pips, width, ratio, cfg, known)
        if not cells or not all(_sure_face(r, floor) for _, r in cells):
            continue
        if any(_overlap(q, t) for q, _ in cells for t in sure):
            continue
        ok = [f for f in ok if not any(_overlap(f.quad, q) for q, _ in cells)]
        ok += [_Found(q, r) for q, r in cells]
    return ok


def _halves_joined(regions: list[Region], width: float, cfg: Config) -> list[Region]:
    """The regions, with each two that are a tile's halves joined: read again as a set
    with lines, a tile's line that stands out too broadly to be taken out (blurred) still
    stops its region at it on both sides (the sixth renderer's scene 368, lone tiles of a
    blurred set on felt: 1 of 8 read). Two regions about the set's width across
    (``width``) lying side by side as a tile's halves do (as ``_halves`` counts them),
    making a tile's shape or a row of tiles side by side (``_joined``), each the other's
    only such partner, are one region. Halves of tiles end to end pair with two each:
    which two make a tile is not known."""
    alike = float(cfg["lines"]["half_sizes"])
    shapes = [(np.array(r.rect[0]), np.sort(np.array(r.rect[1]))) for r in regions]
    # (a half is W across, whatever its length: L / 2, up to 1.35 W in the longest sets
    # searched; or a row of halves side by side, the line across a row of tiles unbroken)
    half = [
        not r.at_border and abs(math.log(sides[0] / width)) < alike
        for r, (_, sides) in zip(regions, shapes, strict=True)
    ]
    partners: list[list[int]] = [[] for _ in regions]
    wholes: dict[tuple[int, int], Region] = {}
    for i, j in itertools.combinations(range(len(regions)), 2):
        same = half[i] and half[j] and regions[i].bright == regions[j].bright
        if same and _as_halves(shapes[i], shapes[j], alike):
            # (not two halves that make no tile's shape: in a row of tiles side by side,
            # two tiles' halves beside each other across their seam, 2 W by L / 2)
            whole = _joined(regions[i], regions[j], cfg)
            if whole is not None:
                wholes[i, j] = whole
                partners[i].append(j)
                partners[j].append(i)
    # (each joined region stands where the first of its two stood)
    joined: dict[int, Region] = {}
    gone: set[int] = set()
    for i, mates in enumerate(partners):
        if len(mates) == 1 and i < mates[0] and partners[mates[0]] == [i]:
            joined[i] = wholes[i, mates[0]]
            gone.add(mates[0])
    return [joined.get(k, region) for k, region in enumerate(regions) if k not in gone]


def _joined(one: Region, other: Region, cfg: Config) -> Region | None:
    """Two regions as one, their hull's; None where that is neither a tile's shape nor a
    row of tiles side by side made of two rows of their halves."""
    a_lo, a_hi = (float(v) for v in cfg["locate"]["aspect"])
    hull = cv2.convexHull(np.vstack([one.contour, other.contour]))
    (cx, cy), (w, h), angle = cv2.minAreaRect(hull)
    short, long = min(w, h), max(w, h)
    if not short > 0:
        return None
    # (or two rows of halves, each as long as the whole, a row of k tiles side by side;
    # not two regions each a tile's shape: two tiles side by side, each grown whole, made
    # "a row of three" crosswise, each cell over two tiles' halves, read sure)
    parts = min(max(one.rect[1]), max(other.rect[1]))
    rows = (
        parts >= float(cfg["lines"]["row_halves"]) * long
        and not any(
            a_lo <= max(r.rect[1]) / max(min(r.rect[1]), 1e-9) <= a_hi for r in (one, other)
        )
        and any(
            a_lo <= k * short / long <= a_hi for k in range(2, int(cfg["lines"]["row_most"]) + 1)
        )
    )
    if not (a_lo <= long / short <= a_hi or rows):
        return None
    return Region(
        contour=hull,
        rect=((cx, cy), (w, h), angle),
        area=float(cv2.contourArea(hull)),
        pips=tuple(sorted({*one.pips, *other.pips})),
        body=(
            (one.body[0] + other.body[0]) / 2,
            (one.body[1] + other.body[1]) / 2,
            (one.body[2] + other.body[2]) / 2,
        ),
        bright=one.bright,
        loose=one.loose or other.loose,
    )


def _lined(cfg: Config) -> Config:
    """The config for a set with a line between every tile's halves: no cell is held to
    be two tiles' halves for a line across its middle."""
    return {**cfg, "read": for_lined_sets(cfg["read"])}


def _without_lines(image: Image, bright: bool, width: float, cfg: Config) -> Image:
    """The image with thin lines lighter than a black tile's body (darker than an ivory
    one's) taken out, for growing regions over: what a grey opening (closing) narrower than
    any pip takes away, where that is long as a line across a tile. Not dots (a cloth's,
    which would leave it one colour, for regions to grow over whole)."""
    k = max(3, round(float(cfg["erase"]) * width)) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
    smoothed: Image = cv2.morphologyEx(image, cv2.MORPH_OPEN if bright else cv2.MORPH_CLOSE, kernel)
    taken = (channel_max(cv2.absdiff(image, smoothed)) >= int(cfg["erase_contrast"])).astype(
        np.uint8
    )
    _, labels, stats, _ = cv2.connectedComponentsWithStats(taken, connectivity=8)
    reach = np.hypot(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT])
    lines = reach >= float(cfg["line_length"]) * width
    lines[0] = False
    if not lines.any():
        return image
    out = image.copy()
    cv2.copyTo(smoothed, lines[labels].view(np.uint8), out)
    return out


def _read_again_holds(new: list[tuple[Tile, Reading]], halves: list[Quad], cfg: Config) -> bool:
    """Do most of the tiles read again that were not read before (``new``, each with its
    reading as any tile is read), and two of them at least, show a line across their
    middle, as a set with lines has? (One alone is also what a cell across two tiles'
    halves shows, their seam between: in a picture cut through a row, a 3-1 read 3-3.)
    A line shows in a tile's picture, or in how the first reading grew its regions:
    ``halves``, the regions no cut fitted, where two lie on the tile's two halves, each
    the shape of a half, the fill stopped at a line across its middle (a faint groove,
    which the seam's measure passes, left a row of four tiles side by side all in
    doubt). A cell laid across two tiles' halves, end to end, lies over two regions each a
    whole tile's.

    The tiles read as any tile is, sure and as read again, say nothing either way: a
    faint groove shows in some tiles' pictures and not in others' (the ninth renderer's
    scene 298: 3 of 9 new tiles showed it, the other 6 read sure as they lay; its scene
    216: 10 of 22, and 11 read sure). They are not counted; a seam among them, under a
    cell across two tiles, stands out of the set's line and is put in doubt (see
    _seams_in_doubt)."""
    shapes = [_box_shape(h) for h in halves]
    shown = sum(
        SEAM in reading.defects or _halves_grown(tile.corners, shapes, cfg["lines"])
        for tile, reading in new
    )
    floor = float(cfg["read"]["min_confidence"])
    plain = sum(_clean_face(reading, floor) and reading.face == tile.face for tile, reading in new)
    return lines_shown(shown, len(new) - plain, cfg["lines"])


def _halves_grown(quad: Quad, shapes: list[tuple[Floats, Floats]], cfg: Config) -> bool:
    """Does each half of the cell hold one of the regions no cut fitted (``shapes``: each
    one's centre and sides, see _box_shape) centred on it, with sides within
    ``half_sizes`` (log) of the half's?"""
    centre, _, along, width, length = cell_axes(quad)
    wanted = np.sort([width, 0.5 * length])
    near = float(cfg["half_centre"]) * width
    alike = float(cfg["half_sizes"])
    return all(
        any(
            float(np.hypot(*(c - (centre + end * 0.25 * length * along)))) <= near
            and bool(np.all(np.abs(np.log(sides / wanted)) < alike))
            for c, sides in shapes
        )
        for end in (-1.0, 1.0)
    )


def _new_as_any(
    again: Observation, obs: Observation, image: Image, cfg: Config
) -> list[tuple[Tile, Reading]]:
    """The tiles read again that were not read before, each with its cell read as any tile
    is (not as a set with lines)."""
    pips = _pips_found(again)
    return [
        (tile, _read_as_laid(image, tile.corners, cfg, shade_from=pips))
        for tile in again.tiles
        if not any(inside(tile.center, o.corners) for o in obs.tiles)
    ]


def _read_as_laid(
    image: Image,
    quad: Quad,
    cfg: Config,
    pips: Floats | None = None,
    shade_from: Floats | None = None,
) -> Reading:
    """The cell read as it lies, at its own aspect, its pips' shade as those found in it
    say, else as its body says (see _bright_pips); ``pips``: the centres of those found in
    the picture, which count pips run together and say their shade; ``shade_from``: those
    that say their shade only."""
    _, _, _, width, length = cell_axes(quad)
    bright = _bright_pips(image, quad, cfg, pips if pips is not None else shade_from)
    return read_tile(image, quad, bright, length / max(width, 1.0), cfg["read"], pips)


def _pips_found(obs: Observation) -> Floats | None:
    """The centres of the pips a reading found (input pixels), where it kept them."""
    found = obs.debug.get("pips")
    return found if isinstance(found, np.ndarray) else None


def _bright_pips(image: Image, quad: Quad, cfg: Config, pips: Floats | None = None) -> bool:
    """Are the tile's pips bright: lighter than its body where ``pips`` (centres found in
    the picture) lie in it, else its body as dark as the regions take black tiles'? (An
    ivory set in a dim room, a white card in view keeping the picture as dim, has bodies at
    grey 80 to 95: taken for black tiles by their grey alone, their dark pips were not
    seen, and the tiles read as a set with lines were all left in doubt.)"""
    body = float(cell_body(image, quad) @ GREY)
    own = pips[held_by(quad, pips)] if pips is not None and len(pips) else None
    if own is not None and len(own):
        return float(np.median(sample(image, own) @ GREY)) > body
    return body <= float(cfg["segment"]["dark_body_max"])


def _as_shown(obs: Observation, image: Image, cfg: Config) -> None:
    """The tiles read as a set with lines, each read again from the picture as shown (its
    cells were read with thin lines taken out): where that reads another face, the face as
    shown stands if sure, else the tile is in doubt. Taking lines out can take out pips: an
    ivory 6's columns of three, small and blurred, their closing's fringes joined into a
    line, and the 6 read as a 2 (a 3-6 read 3-2, sure; its line a groove)."""
    floor = float(cfg["read"]["min_confidence"])
    kept = []
    # (with the pips the picture showed, as its cells were read: a crowded 6's columns run
    # together are counted by them, and read as laid without them, a 6-6 was left in doubt)
    pips = _pips_found(obs)
    for tile in obs.tiles:
        shown = _read_as_laid(image, tile.corners, cfg, pips)
        if shown.face == tile.face:
            kept.append(tile)
        elif shown.face is not None and shown.confidence >= floor:
            kept.append(Tile(shown.face, shown.confidence, tile.center, tile.corners))
        else:
            obs.uncertain += 1
            obs.uncertain_at.append(tile.center)
    obs.tiles = kept


def _seams_in_doubt(again: Observation, new: list[tuple[Tile, Reading]], cfg: Config) -> None:
    """The tiles read again (``new``, with their readings as any tile) whose middle shows a
    line far stronger than the set's line, as the other new tiles show it, are put in
    doubt: a seam between two tiles side by side, under a cell laid across them (a faint
    groove between every tile's halves, 7 where a seam is held against a cell from 6, sent
    a row of three ivory tiles to be read again as a set with lines, and two cells across
    them read a 2-2 as a 4-2 and a 3-2, their middles 41 and 43).

    A line found as a blob is as strong as the pips, past measure. Where most of the set's
    lines are so, a seam is a line fainter than a pip (``read.min_contrast``): between
    tiles side by side it measured 6 to 23 on the fifth and sixth renderers, and the
    set's own lines, where measured, 37 to 83 (white lines on black tiles, taken as blobs
    on most, counted as no line: tiles read right were left in doubt). A cell whose own
    line is a blob is not measured against the set's."""
    least = float(cfg["read"]["middle_seam"])
    over = float(cfg["lines"]["seam_over_line"])
    pip = float(cfg["read"]["min_contrast"])
    for k, (tile, reading) in enumerate(new):
        if math.isinf(reading.middle):
            continue
        # (the set's line as the other new tiles show it: a seam among two or three would
        # lift their median past itself; not where it is 0, not measured (the pips cover
        # the middle's columns) or showing nothing: a set of lines, 23 tiles read again,
        # 6 of them 0, 6 blobs, the rest 0.5 to 67, put a 6-6 and a 5-5 in doubt at 57,
        # the ninth renderer's scene 254)
        line = _the_set_s_line(
            [r.middle for j, (_, r) in enumerate(new) if j != k and r.middle > 0]
        )
        if math.isinf(line):
            seam = least < reading.middle < pip
        else:
            seam = reading.middle > max(least, over * line)
        if seam:
            # (read again as shown, it may stand with another face, or be in doubt already)
            standing = [t for t in again.tiles if t.corners == tile.corners]
            if not standing:
                continue
            again.tiles.remove(standing[0])
            again.uncertain += 1
            again.uncertain_at.append(tile.center)


def _the_set_s_line(middles: list[float]) -> float:
    """The set's line as tiles show it: their lines' median (0 where there are none), past
    measure where more than half were found as blobs; where half were and the median
    falls past measure, the strongest measured (a blob and a line of 38 say 38: in a group
    of three, the other two tiles)."""
    if not middles:
        return 0.0
    line = median_of(middles)
    measured = [m for m in middles if math.isfinite(m)]
    if math.isinf(line) and 2 * len(measured) >= len(middles):
        return max(measured)
    return line


def _redness_at(bgr: Image, xy: Floats) -> Floats:
    """Lab a* at the points (k, 2) (only theirs converted: a whole frame's Lab is 2 to 7 ms,
    960 to 1280 pixels wide)."""
    if not len(xy):
        return np.zeros(0)
    colours = sample(bgr, xy.reshape(-1, 2)).astype(np.uint8).reshape(1, -1, 3)
    redness: Floats = cv2.cvtColor(colours, cv2.COLOR_BGR2LAB)[0, :, 1].astype(np.float64)
    return redness


Chip = tuple[Floats, float]  # a gaming chip's centre and radius (``pips.chip_rings``)


def _on_chips(xy: Floats, chips: list[Chip], cfg: Config) -> Bools:
    """Which of the points lie on a chip (out to ``segment.round_reach`` of its radius)?"""
    on = np.zeros(len(xy), bool)
    for centre, radius in chips:
        on |= np.hypot(*(xy - centre).T) <= float(cfg["segment"]["round_reach"]) * radius
    return on


def _off_chips(pips: Pips, chips: list[Chip], cfg: Config) -> Pips:
    """The pips, none on a chip a seed (its marks, two by two as a 2-2's pips)."""
    if not chips or not len(pips.xy):
        return pips
    return Pips(pips.bright, pips.xy, pips.radius, pips.seed & ~_on_chips(pips.xy, chips, cfg))


def _off_chips_found(found: list[_Found], chips: list[Chip], cfg: Config) -> list[_Found]:
    """The cells read but those whose centre lies on a chip: no tile, nor one in doubt (a
    region grown over a chip and the cloth about it cut as tiles read its marks)."""
    if not chips or not found:
        return found
    centres = np.array([np.mean(f.quad, axis=0) for f in found], np.float64)
    on = _on_chips(centres, chips, cfg)
    return [f for f, chip in zip(found, on, strict=True) if not chip]


def _gap_beside(
    lab: Callable[[], Floats],
    centre: Floats,
    u: Floats,
    along: Floats,
    width: float,
    length: float,
    cfg: Config,
) -> bool:
    """Does the table show between the tile (``centre``, ``along`` it, ``width`` by
    ``length``) and the place beside it (across it, ``u``), where its own middle line does
    not? The table is as it shows past the tile's ends; each line is taken where it comes
    nearest that within a few pixels of where it should lie (a gap of a pixel or two,
    blurred). Then the line beside it is a seam and its own a line: it lies as read.
    (``cfg``: the lines section; ``lab``: the picture in Lab.)"""
    picture = lab()
    steps = np.linspace(-0.3, 0.3, 7)
    # past both ends, at points across the tile: the table (or a tile end to end with it)
    ends = [centre + s * (length / 2 + float(cfg["gap_probe"]) * width) * along for s in (-1, 1)]
    past = np.array([e + k * width * u for e in ends for k in steps])
    table = np.median(sample(picture, past), axis=0)
    probe = np.arange(-2, 3)  # pixels either side

    def nearest(points: Floats, normal: Floats) -> float:
        # (each point's nearest to the table of those a few pixels either side of it)
        shifted = points[:, None, :] + probe[None, :, None] * normal[None, None, :]
        apart = np.linalg.norm(sample(picture, shifted) - table, axis=2).min(axis=1)
        return float(np.median(apart))

    seam = nearest(np.array([centre + (width / 2) * u + k * length * along for k in steps]), u)
    middle = nearest(np.array([centre + k * width * u for k in steps]), along)
    return seam < float(cfg["gap_near"]) and middle > float(cfg["gap_over"]) * seam


def _lies_alone(bgr: Image, quad: Quad, cfg: Config, ends: bool = True) -> bool:
    """Does no side of the cell (nor end, if ``ends``) show its body just past it: fewer
    than ``alone_share`` of the points along it at each depth, ``alone_probe`` x W out,
    within ``alone_contrast`` (Lab) of the cell's own median? Then no tile of its colour
    touches it there, and it is no cell over two tiles' halves. (Not the median along a
    side: past such a cell, the other halves' pips are half the points; ``cfg``: the
    lines section.)"""
    centre, across, along, width, length = cell_axes(quad)
    steps = np.linspace(-0.35, 0.35, 8)
    inner = [centre + a * length * along + b * width * across for a in steps for b in steps]
    sides = [
        [
            centre + s * (half + out * width) * axis + k * side * other
            for out in cfg["alone_probe"]
            for k in steps
        ]
        for axis, other, half, side in (
            (across, along, width / 2, length),
            *([(along, across, length / 2, width)] if ends else []),
        )
        for s in (-1.0, 1.0)
    ]
    points = np.array(inner + [p for side in sides for p in side])
    values = np.clip(sample(bgr, points), 0, 255).astype(np.uint8).reshape(-1, 1, 3)
    lab = cv2.cvtColor(values, cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float64)
    body = np.median(lab[: len(inner)], axis=0)
    near = np.linalg.norm(lab[len(inner) :] - body, axis=1) <= float(cfg["alone_contrast"])
    # (each depth by itself: the nearer may fall on a line past a cell narrower than its
    # tile, the other halves' body beyond)
    share = near.reshape(len(sides), len(cfg["alone_probe"]), len(steps)).mean(axis=2)
    return bool((share < float(cfg["alone_share"])).all())


def _not_round(
    regions: list[Region], pips: Pips, width: float, cfg: Config
) -> tuple[list[Region], Pips]:
    """The regions less those as round as a gaming chip or a coin (``round_thing``, tiles
    ``width`` wide), and the pips less the seeds on them (``_off_chips``: its marks lie at
    its rim, and may be left out of its region): a chip's marks are pips of a size, two by
    two as a 2-2's, and a cut across the chip read them so, sure (or, where its region
    stopped short of them, tiles placed by the pips left over)."""
    kept, chips = [], []
    for region in regions:
        circle = round_thing(region.contour, width, cfg["segment"])
        if circle is None:
            kept.append(region)
        else:
            chips.append(circle)
    return kept, _off_chips(pips, chips, cfg)


def _as_a_tile(reading: Reading, floor: float) -> bool:
    """Does a reading say a tile may lie there: sure, or a 2-2 in doubt for its blue pips
    alone (``read.BLUE_TWO``: a blue set's 2-2 reads so; the doubt is for a die's 6)? Two
    cells across a blue set's 2-2 and a 4-3 side by side, lined, read a 4-2 across their
    upper halves, sure, the 2-2's own cell in doubt (the eighth renderer's scene 27)."""
    if reading.face is None:
        return False
    # (not a face in doubt with no defect named: that doubt is not the blue pips')
    blue_alone = bool(reading.defects) and all(d == BLUE_TWO for d in reading.defects)
    return reading.confidence >= floor or blue_alone


def _side_by_side_in_doubt(obs: Observation, image: Image, cfg: Config) -> None:
    """Tiles of a set with lines are put in doubt where the two cells laid across the tile
    and the place beside it (each over a half of each, their seam across its middle) read
    faces sure too, other than the tile and the one read beside it: tiles side by side,
    the line across each tile's middle and the seam between them are both lines, and
    which is the seam is not known (a groove lighter than the seams between black tiles
    read a row of four across, each cell over two tiles' halves, every one sure). Beside a
    tile no other lies, a cell across it lies half over the table. Nor where the cells
    across are no tile's shape: 2 W by L / 2, their aspect 4 W / L, where the set's tiles
    are long (2.36 long, a cell across 1.69), no size the set is searched at cuts them
    (a block of six such tiles side by side, read right, was left all in doubt)."""
    rcfg = cfg["read"]
    floor = float(rcfg["min_confidence"])
    least = float(cfg["lines"]["across_aspect_min"])
    doubt = []
    lab = functools.cache(lambda: cv2.cvtColor(image, cv2.COLOR_BGR2LAB).astype(np.float64))
    pips = _pips_found(obs)  # (their shade says the pips', see _bright_pips)
    for tile in obs.tiles:
        centre, across, along, width, length = cell_axes(tile.corners)
        if 4 * width / length < least:
            continue
        bright = _bright_pips(image, tile.corners, cfg, pips)
        for side in (-1.0, 1.0):
            u = side * across  # towards the place beside it
            cells = []
            for half in (-1.0, 1.0):
                corner = centre + (half - 1) * (length / 4) * along - (width / 2) * u
                quad = (
                    corner,
                    corner + (length / 2) * along,
                    corner + (length / 2) * along + 2 * width * u,
                    corner + 2 * width * u,
                )
                cells.append(tuple((float(x), float(y)) for x, y in quad))
            readings = [read_tile(image, q, bright, 4 * width / length, rcfg) for q in cells]
            if not all(_as_a_tile(r, floor) for r in readings):
                continue
            x, y = centre + width * u  # (the place beside it)
            pair = [tile.face] + [
                t.face for t in obs.tiles if t is not tile and inside((x, y), t.corners)
            ]
            if sorted(pair) != sorted(str(r.face) for r in readings) and not _gap_beside(
                lab, centre, u, along, width, length, cfg["lines"]
            ):
                # (a 1-1 beside a 3-1 reads, laid across, as a 3-1 and a 1-1: the same)
                doubt.append(tile)
                break
    for tile in doubt:
        obs.uncertain += 1
        obs.uncertain_at.append(tile.center)
        obs.tiles.remove(tile)


def _recognize(
    image: Image,
    cfg: Config,
    tile_px: float | None,
    aspect: float | None,
    ground: tuple[float, float, float] | None,
    no_tiles: list[Quad] | None,
    pip_kernel: float | None,
    lined: bool,
    halves: tuple[float, float] | None = None,
) -> Observation:
    """``recognize``, for a set with lines between the halves if ``lined``; ``halves``:
    the size (W, aspect; input pixels) that a first reading's tiles' halves say, if any."""
    laps = Laps()
    work, scale = _prepare(image, tile_px, cfg["prepare"])
    if ground is None:
        # (on the mat, the ground's colour is known as the camera shows it: left as shown)
        work = _exposed(work, cfg["prepare"])
    light = lightness(work)
    smooth: Image = cv2.medianBlur(work, 3)
    laps.lap("prepare")
    found: list[_Found] = []
    doubtful: list[_Found] = []
    used_width = 0.0
    not_ground = None
    if ground is not None:
        # a glare on the ground is no tile's body either: lighter than the ground, its colour
        # is the ground's plus white light (a row of tiles under a glare grows whole)
        smooth_colours = colours(smooth)
        lit = glare_on_ground(smooth, ground, cfg["segment"], smooth_colours)
        not_ground = cv2.bitwise_not(
            cv2.bitwise_or(ground_mask(smooth, ground, cfg["segment"], smooth_colours), lit)
        )
        for quad in no_tiles or []:
            corners = np.round(np.array(quad, np.float64) * scale).astype(np.int32)
            cv2.fillConvexPoly(not_ground, corners, 0)
    kernel = round(pip_kernel * scale) if pip_kernel is not None else None
    both = find_pips(light, work, cfg["pips"], kernel, None if tile_px is None else tile_px * scale)
    # gaming chips, by the marks round their rims: no tiles grown from those, or read there
    chips = [
        (c, r)
        for p in both
        for c, r, _ in chip_rings(p.xy, p.radius, cfg["pips"], _redness_at(work, p.xy))
    ]
    both = (_off_chips(both[0], chips, cfg), _off_chips(both[1], chips, cfg))
    edges = edge_mask(work, cfg["segment"]) if ground is None else None
    laps.lap("pips")
    seeds = [p.xy[p.seed] / scale for p in both if len(p.radius)]
    seed_radii = [p.radius[p.seed] / scale for p in both if len(p.radius)]
    floor = float(cfg["read"]["min_confidence"])
    # the lightness's gradients, for measuring tiles' rims: once a frame, and only if needed
    grads = functools.cache(lambda: gradients(light))
    ways = [(p, *way) for p in both if len(p.radius) for way in _shades(smooth, p, cfg)]
    read_ways: list[tuple[_Polarity, Floats]] = []
    for pips, own, coloured in ways:
        sizing = _tile_pips(pips, own, cfg)
        guess = (
            tile_px * scale
            if tile_px is not None
            else first_guess(pips.xy[sizing], _sizing_radii(pips, sizing, cfg), cfg["locate"])
        )
        if guess <= 0:
            continue
        grown_over, bounds = smooth, edges
        seen = work  # (what the cells are read from)
        if lined:
            grown_over = _without_lines(smooth, pips.bright, guess, cfg["lines"])
            bounds = None if edges is None else edge_mask(grown_over, cfg["segment"])
            # and the cells read without them: a line the colour of the pips (as a Western
            # set's) is no pip, nor pips run together (the seams between tiles are still
            # weighed from the lightness as shown)
            strong = {**cfg["lines"], "erase_contrast": cfg["lines"]["read_erase_contrast"]}
            seen = _without_lines(work, pips.bright, guess, strong)
        regions = segment(
            grown_over, pips, guess, cfg["segment"], ground, not_ground, bounds, sizing
        )
        extra = (
            _grown_as_shown(smooth, pips, guess, regions, cfg, ground, not_ground, edges, sizing)
            if lined
            else []
        )
        grown_here = {id(r) for r in extra}
        kept, pips = _not_round([*regions, *extra], pips, guess, cfg)
        regions = [r for r in kept if id(r) not in grown_here]
        extra = [r for r in kept if id(r) in grown_here]
        if lined:
            regions = _halves_joined(regions, guess, cfg)
        laps.lap("segment")
        if tile_px is not None:
            ratio = aspect if aspect is not None else float(cfg["locate"]["default_aspect"])
            sizes = [(tile_px * scale, ratio)]
        else:
            sizes = tile_sizes(regions, guess, cfg["locate"])
            if halves is not None:
                # (a row of tiles side by side grown whole is cut as well by a size of
                # other tiles crosswise, which the guess from the pips may favour: seventh
                # renderer's scene 105, seven tiles 52 x 124 cut as twelve 44 x 92)
                near = size_near(regions, halves[0] * scale, halves[1], cfg["lines"])
                add_if_new(sizes, *near, float(cfg["locate"]["distinct"]))
        known = tile_px is not None
        aligned = [edge_aligned_rect(region.contour) for region in regions]
        # each region's cells read already, shared by the sizes tried: they cut many of the
        # same cells (a lone tile's region is one cell at any size)
        reads: list[_Readings] = [{} for _ in regions]
        tried = [
            (
                width,
                ratio,
                _cut_regions(seen, light, regions, aligned, pips, width, ratio, cfg, known, reads),
            )
            for width, ratio in sizes
            if width >= float(cfg["locate"]["min_width_px"])  # else dice, buttons, print
        ]
        # how well each size reads the regions, by their area (not by their count of cells,
        # which favours sizes too small)
        totals = [_total(regions, cut, cfg) for _, _, cut in tried]
        if tried:
            k = int(np.argmax(totals))
            width, ratio, cut = tried[k]
            read_sure = _sure_cells(cut, cfg)
            measured = not known and len(read_sure) >= int(cfg["locate"]["min_sure_for_size"])
            redo: list[tuple[float, float]] = []
            if measured and any(cells is None for _, cells in cut):
                # the set's size is now known (see _set_sizes): groups no cut fitted are cut
                # again at it, where a region covering part of a tile still holds one
                redo = _set_sizes(grads(), pips, read_sure, width, ratio, cfg)
                # (not a region grown again between others: boxed in by them, it may cover
                # parts of two tiles, and a cell hanging off it read their halves as a tile)
                cut = [
                    _recut(
                        seen,
                        light,
                        region,
                        rect,
                        pips,
                        _with_local_sizes(grads(), pips, read_sure, region, redo, cfg),
                        read_sure,
                        cfg,
                        [other[i] for j, (_, _, other) in enumerate(tried) if j != k],
                        reads[i],
                    )
                    if cells is None and not region.regrown
                    else (score, cells)
                    for i, (region, rect, (score, cells)) in enumerate(
                        zip(regions, aligned, cut, strict=True)
                    )
                ]
            elif not measured and not known:
                # nothing read sure at any size the pips and outlines suggested: a camera off
                # overhead draws far tiles smaller than near ones, and no one size cuts every
                # row; each row no cut fits is cut at the sizes its own outline says, near
                # the size chosen, where most of its tiles then read sure
                cut = [
                    _own_size(seen, light, region, rect, pips, width, cfg, reads[i])
                    if cells is None and not region.regrown
                    else (score, cells)
                    for i, (region, rect, (score, cells)) in enumerate(
                        zip(regions, aligned, cut, strict=True)
                    )
                ]
            ok, bad = _found(regions, cut, [c for _, _, c in tried], cfg, seen, light, pips)
            at_edge = any(f.reading.defects == (_AT_EDGE,) for f in ok)
            free = _free_pips(pips, ok, cfg) if measured else []
            if measured and not redo and (at_edge or free):
                redo = _set_sizes(grads(), pips, read_sure, width, ratio, cfg)  # needed now
            if redo:
                ok = _clear_of_the_edge(seen, light, pips, ok, redo, cfg)
                placed = _leftovers(seen, light, grads(), pips, ok, free, redo, cfg)
                # cells read in doubt where a tile now lies were its halves or a misfit
                ok = [
                    f
                    for f in ok
                    if _sure_face(f.reading, floor)
                    or not any(_overlap(f.quad, n.quad) for n in placed)
                ] + placed
            if extra:
                ok = _whole_as_shown(seen, light, extra, pips, width, ratio, ok, cfg, known)
            ok = _past_the_ends(ok, pips, own, cfg)
            ok = _astride(ok, pips, own, work.shape, cfg)
            read_ways.append(((totals[k], ok, bad, width, pips.bright), coloured))
        laps.lap("cut and read")
    per_polarity = _one_way_each(read_ways, cfg)
    # one set's tiles are all of a size: the size that most tiles read sure at is the set's,
    # and what reads at another (dice, buttons, the gaps between tiles) is not its tiles
    # (blanks do not count: the body of a tile of the other colour reads as a blank). Tiles
    # counted by their area: a die's 4 read as two tiles side by side, each a quarter of
    # a tile's area, outvoted the one tile beside it (strong-glare sweep, seed 9014)
    counted = [(sum(_sure_face(f.reading, floor) for f in b[1]), b[3]) for b in per_polarity]
    reference = _set_width(
        [(n, len(b[1]) + len(b[2]), w) for (n, w), b in zip(counted, per_polarity, strict=True)],
        cfg["locate"],
    )
    sure = reference > 0
    ratio = float(cfg["locate"]["same_size"])
    faces_by_polarity: list[tuple[bool, list[Quad]]] = []
    idle: set[int] = set()  # (ids of the cells in doubt of a polarity that read no face)
    for (n, _), (_, ok, bad, width, bright) in zip(counted, per_polarity, strict=True):
        doubtful += bad
        if sure and n == 0:
            # no face of this polarity read, the other's read: its blanks are not the set's
            # backs but something of another colour cut into cells (an arm across the felt,
            # the wood between black tiles), nor do its cells in doubt hide backs
            ok = [f for f in ok if not f.reading.is_blank]
            idle |= {id(f) for f in bad}
        if sure and not ratio * reference <= width <= reference / ratio:
            flagged = [
                _Found(f.quad, _flag(f.reading, "not the size of the other tiles")) for f in ok
            ]
            doubtful += flagged
            if n == 0:
                idle |= {id(f) for f in flagged}
            continue
        found += ok
        used_width = max(used_width, width)
        faces_by_polarity.append((bright, [f.quad for f in ok if _sure_face(f.reading, floor)]))
    if ground is None:
        # (on the mat, the backs are counted over the whole mat: see TableRecognizer)
        # (a region no cut fits may be a row of backs lying askew, grown from a glint)
        taken = [
            f.quad
            for f in found + doubtful
            if f.reading.defects != (_NO_CUT,) and id(f) not in idle
        ]
        found += [_Found(q, r) for q, r in lone_backs(work, faces_by_polarity, taken, cfg)]
    # a blank cell with pips in it (of the other colour) is a face-up tile misjudged, not a
    # back; not for a speck at its rim (where the corners of a stack's tiles meet), nor for
    # a "pip" of a tile's own size (a lone back, lighter than the table, is a bright blob to
    # a top-hat as large as it)
    pips_xy = np.concatenate([p.xy[p.seed] for p in both]).reshape(-1, 2)
    pips_radius = np.concatenate([p.radius[p.seed] for p in both])
    inset = float(cfg["locate"]["blank_inset"])
    largest = float(cfg["read"]["back_seed_max"])
    found = [
        _Found(f.quad, _flag(f.reading, "pips in a blank"))
        if f.reading.is_blank
        and (
            held_by(f.quad, pips_xy, inset)
            & (pips_radius <= largest * math.dist(f.quad[0], f.quad[1]))
        ).any()
        else f
        for f in found
    ]
    found = _no_red_four(found, light, cfg)
    # (not specks: the shade where tiles' corners meet is in both tiles' cells)
    counted = [xy for p in both for xy in p.xy[p.seed & _not_specks(p.radius, cfg)]]
    every = np.array(counted, np.float64).reshape(-1, 2)
    found, doubtful = _off_chips_found(found, chips, cfg), _off_chips_found(doubtful, chips, cfg)
    obs = _assemble(found, doubtful, float(cfg["read"]["min_confidence"]), 1.0 / scale, every)
    if not lined:
        seams = sum(SEAM in f.reading.defects for f in doubtful + found)
        no_cut = [f.quad for f in doubtful if f.reading.defects == (_NO_CUT,)]
        signs = len(_halves(no_cut, cfg["lines"])) + seams
        if tile_px is None:
            # (the lone outlines are read only for the signs still wanting: on the mat, and
            # past min_signs, _in_doubt asks no more)
            signs += _lined_alone(
                work,
                no_cut,
                cfg,
                int(cfg["lines"]["min_signs"]) - signs,
                pips_xy,
            )
        obs.debug["lined_signs"] = signs
        obs.debug["no_cut"] = [tuple((x / scale, y / scale) for x, y in q) for q in no_cut]
    obs.tile_px = used_width / scale if scale > 0 else 0.0
    laps.lap("assemble")
    obs.debug["stages_ms"] = dict(laps.ms)
    obs.debug["pips"] = np.concatenate(seeds) if seeds else np.zeros((0, 2))
    obs.debug["pip_radii"] = np.concatenate(seed_radii) if seed_radii else np.zeros(0)
    obs.debug["working_pips"] = (light, both)  # (for the camera's lean: see _from_above)
    obs.debug["ms"] = laps.total
    return obs


def _sizing_radii(pips: Pips, sizing: Bools, cfg: Config) -> Floats:
    """The radii that bound the first guess of the tiles' width: the seeds' (those strong
    enough to grow a region) where their median is no more than ``seed_radius_within``
    times all the pips' (a grey wood's grain, found as hundreds of specks, made the median
    pip a third of the tiles' and held the guess to half their width); else all the pips'
    (two dice in a close-up: their pips, the seeds, are eight times the specks', and
    bound the guess so high that a die's face was cut as a 1-1)."""
    every = pips.radius[sizing]
    seeds = pips.radius[sizing & pips.seed]
    within = float(cfg["locate"]["seed_radius_within"])
    if len(seeds) and float(np.median(seeds)) <= within * float(np.median(every)):
        return seeds
    return every


def _one_way_each(read: list[tuple[_Polarity, Floats]], cfg: Config) -> list[_Polarity]:
    """Of a polarity read two ways (see ``_shades``: its pips of a tile's colours only,
    then of any colour), the second where it reads more area, and two tiles sure or more
    hold pips of a colour the first took for a pattern's: on a cloth of grey-green dots,
    the dots taken for pips had ivory tiles cut at half their width, and their red 4s read
    as 1-1s, sure (pips of a tile's colours); and not at another size where the first read
    the set's (two tiles sure or more)."""
    floor = float(cfg["read"]["min_confidence"])
    least = int(cfg["locate"]["min_sure_for_size"])
    ratio = float(cfg["locate"]["same_size"])
    out = []
    for bright in dict.fromkeys(b[4] for b, _ in read):
        # (the first way, whose pips are of a tile's colours, takes no seed the other
        # does not; it may have read nothing, at no size tried)
        first = next((b for b, xy in read if b[4] == bright and not len(xy)), None)
        kept = first
        sized = first is not None and sum(_sure_face(f.reading, floor) for f in first[1]) >= least
        for b, coloured in read:
            if b[4] != bright or not len(coloured):
                continue
            shown = sum(
                _sure_face(f.reading, floor) and bool(held_by(f.quad, coloured).any()) for f in b[1]
            )
            if first is None:
                kept = b if shown >= least else None
                continue
            alike = ratio * first[3] <= b[3] <= first[3] / ratio
            if b[0] > first[0] and shown >= least and (alike or not sized):
                kept = b
        if kept is not None:
            out.append(kept)
    return out


def _set_width(polarities: list[tuple[int, int, float]], cfg: Config) -> float:
    """The set's tile width, of the polarities' readings (each: its tiles read sure, the
    cells it read, and its width): the one whose tiles read sure cover the most area; 0
    where none read one. Not a polarity whose share of its cells read sure is under
    ``sure_share`` times the other's: a pattern's. (A gingham's crossings, found as dark
    pips round black tiles, cut 264 regions, and read two as 4-4s in cells 83 px wide: by
    area they outvoted the five tiles read sure of six, and those were put in doubt,
    the 4-4s reported: the sixth renderer's scene 154.)"""
    shares = [n / max(1, cells) for n, cells, _ in polarities]
    least = float(cfg["sure_share"]) * max(shares, default=0.0)
    sure = [
        (n * width**2, width)
        for (n, _, width), share in zip(polarities, shares, strict=True)
        if n > 0 and share >= least
    ]
    return max(sure)[1] if sure else 0.0


#: a region's cells read already, by their rounded corners, each with whether a pip lies
#: on its ends
_Readings = dict[tuple[int, ...], tuple[Reading, bool]]
_AT_EDGE = "region reaches the picture's edge"
_DIE_FACE = "a square of two cells, one read: a die's face"
_NO_CUT = "no cut fits"
_SEAM_BESIDE = "a cell of its cut shows a seam across the middle, or a 6 laid across it"
_OFF_SIZE = "off the tile size"  # (a cell stretched to fit its region: see _misfit_cell)


def _cut_regions(
    bgr: Image,
    light: Image,
    regions: list[Region],
    aligned: list[Rect],
    pips: Pips,
    width: float,
    aspect: float,
    cfg: Config,
    known: bool,
    reads: list[_Readings],
) -> list[tuple[float, Cells | None]]:
    """The best cut of every region into tiles of this size, read, with its score;
    ``aligned``: each region's rectangle turned the way its edges run; ``reads``: each
    region's cells read already."""
    return [
        _best_cut(bgr, light, region, rect, pips, width, aspect, cfg, known, reads=done)
        for region, rect, done in zip(regions, aligned, reads, strict=True)
    ]


def _total(regions: list[Region], cut: list[tuple[float, Cells | None]], cfg: Config) -> float:
    """How well a size reads the regions: each cut's score by its region's area; a region
    none of whose cells reads a face sure, some of them in doubt, by ``blank_region_weight``
    of its area only. Such a region says little of the faces' size: the table grown over from
    a tile of nearly its colour (a jade tile on cream paper: a region of the table nine
    tiles large, cut into blanks and cells in doubt, chose a size that read none of the four
    tiles read sure at another). A stack of backs cut into blanks, every one sure, counts
    whole: its tiles are the set's."""
    floor = float(cfg["read"]["min_confidence"])
    weak = float(cfg["locate"]["blank_region_weight"])

    def weight(cells: Cells) -> float:
        sure = [r.confidence >= floor for _, r in cells]
        faces = any(r.face is not None and s for (_, r), s in zip(cells, sure, strict=True))
        return 1.0 if faces or all(sure) else weak

    return sum(
        score * region.area * weight(cells)
        for region, (score, cells) in zip(regions, cut, strict=True)
        if cells
    )


def _may_hold_a_tile(region: Region, width: float, aspect: float, cfg: Config) -> bool:
    """Is the region wide enough for a tile, and long enough for the part of one that a
    region stopping short of its tile's end may cover?"""
    short, long = sorted(region.rect[1])
    snap = float(cfg["locate"]["snap"])
    return short >= (1 - snap) * width and long >= (1 - float(cfg["locate"]["underhang"])) * (
        aspect * width
    )


def _set_sizes(
    grads: tuple[Image, Image],
    pips: Pips,
    sure: list[Quad],
    width: float,
    ratio: float,
    cfg: Config,
) -> list[tuple[float, float]]:
    """The set's tile size (W, aspect), measured between the rims of the tiles read ``sure``
    at the candidate ``width`` and ``ratio`` (which need only be near it to read them); best
    guess first: the tile measured with its bevel, the candidate size, the face alone (see
    ``_rim_sizes``)."""
    with_bevel, face = _rim_sizes(grads, pips, sure, cfg["locate"])
    # a tile's shape is known within the searched range: rims measured on two or three
    # tiles can be thrown far off it (a shadow, a neighbour's rim); the candidate read them,
    # whatever its shape (a lone tile's own, which the camera may have shortened)
    lo, hi = (float(v) for v in cfg["locate"]["aspect"])
    return [
        (w, a)
        for w, a in (with_bevel, (width, ratio), face)
        if lo <= a <= hi or (w, a) == (width, ratio)
    ]


def _rim_sizes(
    grads: tuple[Image, Image], pips: Pips, quads: Sequence[Quad], cfg: Config
) -> tuple[tuple[float, float], tuple[float, float]]:
    """The tile size (W, aspect) measured between the rims of tiles read (the median), with
    its bevel and without. The rims found are often the face's, inside the tile's bevelled
    edge (on a table of the tile's colour, its outer edge hardly shows)."""
    measured = [rim_size(grads, q, pips.xy, pips.radius, cfg) for q in quads]
    rim_w = float(np.median([m[0] for m in measured]))
    rim_len = float(np.median([m[1] for m in measured]))
    band = 2 * float(cfg["rim_bevel"]) * rim_w
    return (
        (rim_w + band, (rim_len + band) / max(rim_w + band, 1e-9)),
        (rim_w, rim_len / max(rim_w, 1e-9)),
    )


def _clear_of_the_edge(
    bgr: Image,
    light: Image,
    pips: Pips,
    found: list[_Found],
    sizes: list[tuple[float, float]],
    cfg: Config,
) -> list[_Found]:
    """Tiles in doubt only for their region reaching the picture's edge, read again in a cell
    of the set's size moved onto their pips (each of ``sizes`` in turn: measured between
    rims, the size is often a few per cent long, and a cell too long reaches past the edge
    where its tile does not): where that cell lies in the picture and reads the same face
    sure and the picture shows every pip it can have, the tile is whole (its region ran on
    into the picture's edge over the table, or over its rim)."""
    out: list[_Found] = []
    for f in found:
        if f.reading.defects != (_AT_EDGE,) or f.reading.face is None:
            out.append(f)
            continue
        whole = (_whole_at_the_edge(bgr, light, pips, f, size, cfg) for size in sizes)
        out.append(next((w for w in whole if w is not None), f))
    return out


def _whole_at_the_edge(
    bgr: Image, light: Image, pips: Pips, f: _Found, size: tuple[float, float], cfg: Config
) -> _Found | None:
    """The tile ``f`` read again in a cell of ``size`` (see _clear_of_the_edge), or None."""
    width, ratio = size
    c, across, along, _, _ = cell_axes(f.quad)
    cell = cell_about(c, across, along, width, ratio * width)
    own = np.hypot(*(pips.xy - c).T) < ratio * width
    moved = centre_on_pips(cell, pips.xy[own], pips.radius[own])
    reading = read_tile(bgr, moved, pips.bright, ratio, cfg["read"], pips.xy, True)
    locate = cfg["locate"]
    # all of it but the rim no pip reaches; or all but the rim where no pip has its middle,
    # where the pips the edge cuts are the tile's own (no seam parts them from its middle):
    # each shows half of itself at least, and past the edge lies body
    shown = _shows_every_pip(moved, bgr.shape, locate) or (
        _shows_every_pip(moved, bgr.shape, locate, float(locate["pip_middle_rim"]))
        and not _holds_anothers_pip_cut_off(light, moved, pips, cfg)
    )
    if (
        shown
        and math.dist(_centre(moved), (float(c[0]), float(c[1]))) < 0.15 * ratio * width
        and reading.face == f.reading.face
        and reading.confidence >= float(cfg["read"]["min_confidence"])
    ):
        return _Found(moved, reading)
    return None


def _past_the_ends(found: list[_Found], pips: Pips, own: Bools, cfg: Config) -> list[_Found]:
    """Tiles read sure with a pip just past either end, near their centre line, that no
    other tile read holds: a cell cut short of its tile (the set's size taken a little
    small, a region stopping short) reads the part of its face it holds, and leaves the
    rest of the face just beyond its end. Only a pip on a body of its shade (``own``): the
    rest of a face lies on its tile's body, a cloth's dot on the cloth."""
    floor = float(cfg["read"]["min_confidence"])
    across, depth = (float(v) for v in cfg["locate"]["past_the_end"])
    keep = pips.seed.copy()
    keep[pips.seed] = _not_specks(pips.radius[pips.seed], cfg)
    xy = pips.xy[keep & own]
    sure = [f.quad for f in found if _sure_face(f.reading, floor)]
    out: list[_Found] = []
    for f in found:
        if not _sure_face(f.reading, floor):
            out.append(f)
            continue
        a, c, width, length = in_cell(f.quad, xy)
        x, y = np.abs(c), np.abs(a)
        near = (x <= across * width) & (y > length / 2) & (y <= length / 2 + depth * width)
        loose = [
            p for p in xy[near] if not any(inside((float(p[0]), float(p[1])), o) for o in sure)
        ]
        out.append(
            _Found(f.quad, _penalise(f.reading, "a pip just past its end", cfg)) if loose else f
        )
    return out


def _astride(
    found: list[_Found], pips: Pips, own: Bools, shape: tuple[int, ...], cfg: Config
) -> list[_Found]:
    """Tiles read sure with seed pips that no other tile read holds just past both of their
    ends: the cell may lie across two tiles end to end, over a half of each, their seam not
    showing (seed 9299: a 3-3's lower half and a 6-2's upper half read as a 6-3). Only pips
    on a body of their shade (``own``): a tile's, not a cloth's dots about a tile. A pip
    is told from a speck by the size of the pips the tiles read hold, not of all found: a
    cloth's flowers, their dark middles twice a small tile's pips and most of the pips
    found, made every pip of two tiles end to end a speck, and a cell across their halves
    (a red 4 and a 3, each tile's 2 past its ends) stood, sure (with tiles searched up to
    2.7 long, tried)."""
    floor = float(cfg["read"]["min_confidence"])
    sure = [(f.quad, f.reading) for f in found if _sure_face(f.reading, floor)]
    # (not a spot just past an end: the shade in the gap between tiles end to end; a
    # neighbour's pips lie a rim's width at least inside it, seed 5031 cropped)
    beyond = float(cfg["locate"]["beside_sure"])
    held = np.zeros(len(pips.radius), bool)
    for quad, _ in sure:
        held |= held_by(quad, pips.xy)
    held &= pips.seed
    typical = float(np.median(pips.radius[held])) if held.any() else None
    seeds = _whole_seeds(pips, shape, cfg, own, typical)
    astride = _past_both_ends(sure, [], seeds, cfg, beyond)
    return [
        _Found(f.quad, _flag(f.reading, "pips past both of its ends"))
        if f.quad in astride and _sure_face(f.reading, floor)
        else f
        for f in found
    ]


def _whole_seeds(
    pips: Pips,
    shape: tuple[int, ...],
    cfg: Config,
    own: Bools | None = None,
    typical: float | None = None,
) -> Floats:
    """The seed pips that are pips (not specks, see ``_not_specks``, against ``typical``
    when given), shown whole: none that the picture's edge (``shape``) cuts; of those in
    ``own`` only, when given."""
    keep = pips.seed & _not_specks(pips.radius, cfg, typical) & ~_cut_by_the_edge(pips, shape)
    whole: Floats = pips.xy[keep if own is None else keep & own]
    return whole


def _not_specks(radius: Floats, cfg: Config, typical: float | None = None) -> Array:
    """Which of the pips are pips, not specks far smaller than the others (a glint on the
    table beside a tile), nor patches far larger (a lighter patch of wood's grain between
    two tiles: more than twice the others' radius, as no tile's pip is). The others' size
    is their median, or ``typical`` where given."""
    if typical is None:
        typical = float(np.median(radius)) if len(radius) else 0.0
    keep: Array = radius >= float(cfg["locate"]["speck"]) * typical
    keep &= radius <= float(cfg["segment"]["max_pip_radius"]) * typical
    return keep


def _free_pips(pips: Pips, ok: list[_Found], cfg: Config) -> list[int]:
    """The seed pips that no cell read sure holds."""
    floor = float(cfg["read"]["min_confidence"])
    cells = [f.quad for f in ok if f.reading.confidence >= floor]
    return [
        int(i)
        for i in np.flatnonzero(pips.seed)
        if not any(inside((float(pips.xy[i][0]), float(pips.xy[i][1])), q) for q in cells)
    ]


def _leftovers(
    bgr: Image,
    light: Image,
    grads: tuple[Image, Image],
    pips: Pips,
    ok: list[_Found],
    free: list[int],
    sizes: list[tuple[float, float]],
    cfg: Config,
) -> list[_Found]:
    """Tiles placed by the pips that no tile read holds (``free``, see ``pip_grid_cells``),
    group by group of pips near each other: where the tiles' body is so like the table that
    the regions grown over it cover only the pips, or stop short. The tiles are turned the
    way the tiles read nearest them are."""
    floor = float(cfg["read"]["min_confidence"])
    sure = [f.quad for f in ok if _sure_face(f.reading, floor)]
    if not free or not sure:
        return []
    width = sizes[0][0]
    out: list[_Found] = []
    for group in _near_each_other(pips.xy[free], float(cfg["locate"]["pip_link"]) * width):
        if len(group) < 2:
            continue  # a tile shows two pips at least, within the link of each other
        if len(group) > int(cfg["locate"]["leftover_max_pips"]):
            continue  # more pips than a row of tiles shows: a cloth's dots (tried as tiles: minutes)
        own = [free[k] for k in group]
        centre = pips.xy[own].mean(axis=0)
        angles = _angles_near(centre, sure, pips.xy[own], cfg["locate"])
        best: Cells = []
        local = _local_sizes(grads, pips, sure, centre, sizes, cfg["locate"])
        # last, the set's width with tiles a little longer: a camera not quite overhead
        # lengthens tiles lying one way more than those the set was measured on (black tiles
        # on dark felt, 7 % longer there and as wide, their end pips cut at the set's length:
        # seed 9419)
        longer = (sizes[0][0], sizes[0][1] * (1 + float(cfg["locate"]["stretched"])))
        measured = [(w, r, False) for w, r in [*sizes, *local]]
        for w, r, guessed in [*measured, (*longer, True)]:
            _, cells_read = _from_pips(
                bgr,
                pips.xy[own],
                pips.radius[own],
                pips.bright,
                angles,
                w,
                r,
                sure,
                pips.xy,
                cfg,
                light,
            )
            # (a size guessed, not measured: a cell under a glare, where pips wash out, reads
            # what is left as a face more readily at some size; none is taken where a half of
            # a cell is lit far more than the other, seed 9199)
            if guessed and not all(
                _evenly_lit(light, q, pips.bright, cfg) for q, _ in cells_read or []
            ):
                cells_read = None
            best = _more_tiles(best, cells_read)
            if best and _holds_all([q for q, _ in best], pips.xy[own]):
                break
        # (a playing card's red marks are pips left over too, and a cell placed on two of
        # them reads a 1-1: but the card's white runs on past the cell's sides, unbroken)
        best = [
            (q, reading) for q, reading in best if not _inside_a_plain_thing(bgr, light, q, cfg)
        ]
        out += [_Found(q, reading) for q, reading in best]
        sure += [q for q, _ in best]
    return out


def _inside_a_plain_thing(bgr: Image, light: Image, quad: Quad, cfg: Config) -> bool:
    """Does the cell lie inside something plain and larger than a tile: no edge along
    either of its long sides (the lightness steps by less than ``locate.outline_step``
    across each, looked for a little either side of it), and its body's colour on past
    both (within ``read.back_colour``, over ``locate.outline_share`` of the points half a
    tile out)? A tile's outline shows as an edge against the table, or a seam against a
    neighbour of its colour; a playing card's white runs on past a cell laid on its marks."""
    lcfg = cfg["locate"]
    q = np.array(quad, np.float64)
    width = float(np.linalg.norm(q[1] - q[0]))
    body = cell_body(bgr, quad)
    apart = float(cfg["read"]["back_colour"])
    t = np.linspace(0.15, 0.85, 15)[:, None]
    depth = float(lcfg["outline_depth"]) * width
    for a, b, other in ((q[1], q[2], q[0]), (q[3], q[0], q[1])):
        along = b - a
        normal = np.array([-along[1], along[0]]) / max(float(np.linalg.norm(along)), 1e-9)
        if float(np.dot(other - a, normal)) > 0:
            normal = -normal  # (outward)
        for shift in np.linspace(-1.0, 1.0, 7) * depth:
            line = a + t * along + shift * normal
            outer = median(sample(light, line + depth * normal))
            inner = median(sample(light, line - depth * normal))
            if abs(outer - inner) >= float(lcfg["outline_step"]):
                return False  # (an edge: the tile's outline, or a seam)
        beyond = sample(bgr, a + t * along + 0.5 * width * normal)
        alike = np.all(np.abs(beyond - body) <= apart, axis=1)
        if float(np.mean(alike)) < float(lcfg["outline_share"]):
            return False
    return True


def _evenly_lit(light: Image, quad: Quad, bright: bool, cfg: Config) -> bool:
    """Is the body of the cell's two halves about as light? Each half's body is taken as
    its fifth darkest under bright pips (lightest under dark ones): crowded big pips cover
    half of a half. A glare over one half lights its body up to its pips."""
    width = int(cfg["read"]["width_px"])
    upright = canonical(light, quad, width, round(width * own_shape(quad)))
    border = max(1, round(float(cfg["read"]["border"]) * width))
    inner = upright[border:-border, border:-border]
    half = inner.shape[0] // 2
    share = 0.2 if bright else 0.8
    apart = abs(percentile(inner[:half], share) - percentile(inner[half:], share))
    return apart <= float(cfg["locate"]["stretched_even"])


def _local_sizes(
    grads: tuple[Image, Image],
    pips: Pips,
    sure: list[Quad],
    centre: Floats,
    sizes: list[tuple[float, float]],
    cfg: Config,
) -> list[tuple[float, float]]:
    """The tile size measured between the rims of the tiles read sure nearest ``centre``,
    where it differs from every one of the set's ``sizes``: a camera not quite overhead
    shows the far tiles smaller than the near ones (a tenth, across one photo), and a cell
    a little too wide hangs off its tile onto the table or a neighbour."""
    q = np.array(sure, np.float64)
    nearest = np.argsort(np.hypot(*(q.mean(axis=1) - centre).T))[: int(cfg["angle_tiles"])]
    lo, hi = (float(v) for v in cfg["aspect"])
    near = float(cfg["local_size"])
    # (of the set's shape: a camera not quite overhead shortens or stretches tiles by a
    # few per cent; rims measured 2.8 long in a set 2.1 long cut a 3-1 and its neighbour's
    # pip, read 3-2, sure)
    stretch = float(cfg["local_stretch"])
    return [
        (w, a)
        for w, a in _rim_sizes(grads, pips, [sure[int(k)] for k in nearest], cfg)
        if w > 0
        and lo <= a <= hi
        and all(abs(math.log(w / other)) > near for other, _ in sizes)
        and any(abs(math.log(a / ratio)) <= stretch for _, ratio in sizes)
    ]


def _with_local_sizes(
    grads: tuple[Image, Image],
    pips: Pips,
    sure: list[Quad],
    region: Region,
    sizes: list[tuple[float, float]],
    cfg: Config,
) -> list[tuple[float, float]]:
    """The set's ``sizes``, then the width measured on the rims of the tiles read sure
    nearest the region (``_local_sizes``, where it differs), at the set's aspect and at
    the one measured with it: a camera far from overhead shows the far tiles smaller than
    the near ones, and a region grown over part of a tile at the far side fits no cut at
    the set's size (sixth renderer, scenes 251, 277, 331: camera 16 to 25 degrees off
    overhead, lone tiles 8 to 29 % shorter than the scene's median; 358, one at the near
    side 13 % longer). The rims of tiles whose sides show measure them long: the set's
    aspect is tried first. Measured on as many tiles as are looked at for the angles a
    group of pips lies at."""
    if len(sure) < int(cfg["locate"]["angle_tiles"]):
        return sizes
    centre = np.array(region.rect[0], np.float64)
    local = _local_sizes(grads, pips, sure, centre, sizes, cfg["locate"])
    return [*sizes, *((w, r) for w, own in local for r in (sizes[0][1], own))]


def _more_tiles(best: Cells, cells: Cells | None) -> Cells:
    """Of two placings of a group's tiles, the one of more tiles (the first, if as many): a
    size that reads some tiles sure beside others only in doubt may not be the set's."""
    return cells if cells and len(cells) > len(best) else best


def _near_each_other(xy: Floats, reach: float) -> list[list[int]]:
    """The points in groups: each within ``reach`` of another of its group."""
    d = np.hypot(*(xy[:, None, :] - xy[None, :, :]).transpose(2, 0, 1))
    group = list(range(len(xy)))

    def root(i: int) -> int:
        while group[i] != i:
            group[i] = group[group[i]]
            i = group[i]
        return i

    for i, j in zip(*np.nonzero(np.triu(d <= reach, 1)), strict=True):
        group[root(int(i))] = root(int(j))
    out: dict[int, list[int]] = {}
    for i in range(len(xy)):
        out.setdefault(root(i), []).append(i)
    return list(out.values())


def _angles_near(centre: Floats, quads: list[Quad], xy: Floats, cfg: Config) -> list[float]:
    """Ways the tiles of a group of pips (``xy``, about ``centre``) may lie, in degrees as
    ``pip_grid_cells`` takes them, each with a quarter turn from it: as each of the tiles
    read nearest them lies, and as the pips' own rows run (the way from each pip to its
    nearest, four times over, so that rows and columns agree) and their smallest rectangle
    lies."""
    q = np.array(quads, np.float64)  # (n, 4, 2)
    across = q[:, 1] - q[:, 0]
    nearest = np.argsort(np.hypot(*(q.mean(axis=1) - centre).T))[: int(cfg["angle_tiles"])]
    theta = [math.degrees(math.atan2(float(a[1]), float(a[0]))) for a in across[nearest]]
    if len(xy) >= 2:
        d = xy[:, None, :] - xy[None, :, :]
        dist = np.hypot(d[..., 0], d[..., 1])
        np.fill_diagonal(dist, np.inf)
        step = d[np.arange(len(xy)), np.argmin(dist, axis=1)]
        four = 4 * np.arctan2(step[:, 1], step[:, 0])
        rows = math.atan2(float(np.sin(four).sum()), float(np.cos(four).sum())) / 4
        theta.append(math.degrees(rows))
    if len(xy) >= 3:
        # and as the smallest rectangle round them lies: a 5's and a 3's nearest pips lie
        # corner to corner, a turn of 45 degrees off the rows (a lone 5-3 on felt that its
        # region leaked into, turned 32 degrees, was tried at 80 and 170 only)
        theta.append(float(cv2.minAreaRect(xy.astype(np.float32))[2]))
    out: list[float] = []
    for t in theta:
        if all(not same_angle(t, o, float(cfg["angle_slack"])) for o in out):
            out.append(t % 180.0)
    return [a for t in out for a in (t, (t + 90.0) % 180.0)]


def _recut(
    bgr: Image,
    light: Image,
    region: Region,
    rect: Rect,
    pips: Pips,
    sizes: list[tuple[float, float]],
    sure: list[Quad],
    cfg: Config,
    elsewhere: Sequence[tuple[float, Cells | None]] = (),
    reads: _Readings | None = None,
) -> tuple[float, Cells | None]:
    """A region no cut fitted, cut again at the set's known size (each of ``sizes`` in turn
    until one fits), where a region covering part of a tile still holds one. ``elsewhere``:
    its cuts at the other sizes first tried, best first, taken where every cell reads sure;
    ``reads``: the region's cells read already."""
    out: tuple[float, Cells | None] = (-1.0, None)
    seeds = _whole_seeds(pips, bgr.shape, cfg)
    for width, ratio in [*sizes, *_line_sizes(region, sizes[0][0], cfg)]:
        if _may_hold_a_tile(region, width, ratio, cfg):
            cut = _best_cut(bgr, light, region, rect, pips, width, ratio, cfg, True, False, reads)
            out = _claims_none(cut, sure)
            if out[1] is not None and not _past_both_ends(out[1], sure, seeds, cfg):
                return out
    out = (-1.0, None)
    floor = float(cfg["read"]["min_confidence"])

    # a camera far from overhead shows near tiles larger than far ones: a row of far tiles
    # 16 % narrower than the set's size, measured on a block of near ones, fitted none of
    # the set's sizes, but a size the pips suggested first cut it whole, every cell sure;
    # else a cut most of whose cells read a face, sure, none saying it lies across its
    # tiles, stands with the others in doubt (a photo scaled down, tiles 25-28 px in a block
    # of six: read 4 sure at a width 9 % above the set's, and not at all at the set's)
    def all_sure(cells: Cells) -> bool:
        return min(r.confidence for _, r in cells) >= floor

    def mostly_sure(cells: Cells) -> bool:
        sure_faces = sum(_sure_face(r, floor) for _, r in cells)
        return 2 * sure_faces > len(cells) and not any(_across(r) for _, r in cells)

    ranked = sorted(elsewhere, key=lambda c: -c[0])
    for good in (all_sure, mostly_sure):
        for score, cells in ranked:
            if cells and good(cells):
                out = _claims_none((score, cells), sure)
                if out[1] is not None:
                    return out
    own = [i for i in region.pips if pips.seed[i]]
    angles = [a for r in (rect, region.rect) for a in (r[2], r[2] + 90.0)]
    xy, radius = pips.xy[own], pips.radius[own]
    for width, ratio in sizes:
        # a region shorter than the part of a tile one may cover holds no whole tile, however
        # its pips are laid: it is a tile cut off by the picture's edge, or a die
        if max(region.rect[1]) >= (1 - float(cfg["locate"]["underhang"])) * ratio * width:
            placed = _from_pips(
                bgr, xy, radius, region.bright, angles, width, ratio, sure, pips.xy, cfg
            )
            if placed[1] is not None:
                # (a cell placed so over a 6-5's 5 and the 2 of the 2-2 beyond read 5-2)
                across = _past_both_ends(placed[1], sure, seeds, cfg)
                placed = (placed[0], [c for c in placed[1] if c[0] not in across] or None)
            if placed[1] is not None and len(placed[1]) > len(out[1] or []):
                out = placed
            if out[1] is not None and _holds_all([q for q, _ in out[1]], xy):
                break
    return out


def _own_size(
    bgr: Image,
    light: Image,
    region: Region,
    rect: Rect,
    pips: Pips,
    width: float,
    cfg: Config,
    reads: _Readings,
) -> tuple[float, Cells | None]:
    """A region no cut fitted, cut at the sizes of a tile's shape that make it whole tiles
    in a line or rows within ``own_width`` of ``width`` (``_line_sizes``), where every cell
    reads and most read a face sure, none saying it lies across its tiles; else none."""
    floor = float(cfg["read"]["min_confidence"])
    best: tuple[float, Cells | None] = (-1.0, None)
    wide = {**cfg, "locate": {**cfg["locate"], "line_width": cfg["locate"]["own_width"]}}
    a_lo, a_hi = (float(v) for v in cfg["locate"]["aspect"])
    for w, ratio in _line_sizes(region, width, wide):
        if not a_lo <= ratio <= a_hi:
            # (of a tile's shape, not the wider range a camera draws one to where the set's
            # size is measured: half a 6-1, in a blurred picture read at a quarter of its
            # size, was cut in two cells 1.7 long, each read as a 2-2, sure)
            continue
        score, cells = _best_cut(bgr, light, region, rect, pips, w, ratio, cfg, True, True, reads)
        if not cells or any(_across(r) for _, r in cells):
            continue
        if 2 * sum(_sure_face(r, floor) for _, r in cells) > len(cells) and score > best[0]:
            best = (score, cells)
    return best


def _past_both_ends(
    cells: Cells, sure: list[Quad], seeds: Floats, cfg: Config, beyond: float = 0.0
) -> list[Quad]:
    """The cells of a region cut again (or placed by its pips) with pips that nothing holds
    just past both of their ends. Such a cell, hanging off a region short of its tile, may
    lie across two tiles' halves, end to end, leaving the other halves' pips just past its
    ends: small tiles, a cell over a 6-2's 2 and the 6-4's 6 read 6-2, sure. (A tile whose
    neighbour on one side went unread has loose pips past one end only.)"""
    held = [*sure, *(q for q, _ in cells)]
    loose = [p for p in seeds if not any(inside((float(p[0]), float(p[1])), q) for q in held)]
    reach = float(cfg["locate"]["past_both_ends"])
    out: list[Quad] = []
    for q, _ in cells:
        a, c, width, length = in_cell(q, np.array(loose))
        past = (np.abs(c) <= width / 2) & (np.abs(a) > length / 2 + beyond * width)
        past &= np.abs(a) <= length / 2 + reach * width
        if (a[past] > 0).any() and (a[past] < 0).any():
            out.append(q)
    return out


def _line_sizes(region: Region, width: float, cfg: Config) -> list[tuple[float, float]]:
    """Tile sizes that cut a region one tile wide (or long) into whole tiles, its width near
    the set's ``width``: a camera not quite overhead shortens tiles lying one way more than
    those lying the other (a row of tiles end to end, 13 % longer than the upright tiles
    the set's size was measured on, fitted no cut). Then the same for a block of such rows
    side by side: two rows of two tiles end to end, stretched so to an aspect of 2.4 where
    the set's tiles measured 2.1, fitted no cut either. Their aspect may lie below the range
    searched for the set's size (``line_aspect``): shortened so, a row of three end to end
    measured 1.74 each, where the set's tiles measured 2.22 (seed 9600)."""
    short, long = sorted(region.rect[1])
    a_lo, a_hi = (float(v) for v in cfg["locate"]["aspect"])
    near = float(cfg["locate"]["line_width"])
    out: list[tuple[float, float]] = []
    if abs(math.log(short / width)) <= near:  # tiles end to end, each as wide as the region
        out += _end_to_end(short, long, cfg)
        if a_hi < long / short <= a_hi * (1 + float(cfg["locate"]["snap"])):
            # one tile and its shadow (a near tile, larger than the set's): as long as a
            # tile can be, laid as a known size is (flush with either end, or between)
            out.append((short, a_hi))
    out += _side_by_side(short, long, width, cfg)
    for rows in range(2, int(short / width * (1 + near)) + 1):
        across = short / rows  # rows of tiles end to end, each row this wide
        if abs(math.log(across / width)) <= near:
            out += _end_to_end(across, long, cfg)
    for rows in range(2, int(short / (a_lo * width * (1 - near))) + 1):
        out += _side_by_side(short / rows, long, width, cfg)
    return out


def _end_to_end(across: float, side: float, cfg: Config) -> list[tuple[float, float]]:
    """Sizes of tiles ``across`` wide lying end to end along a region's ``side``."""
    a_lo, a_hi = (float(v) for v in cfg["locate"]["line_aspect"])
    ratios = [side / (n * across) for n in range(1, int(side / (a_lo * across)) + 1)]
    return [(across, ratio) for ratio in ratios if a_lo <= ratio <= a_hi]


def _side_by_side(
    length: float, side: float, width: float, cfg: Config
) -> list[tuple[float, float]]:
    """Sizes of tiles ``length`` long lying side by side along a region's ``side``, each
    near the set's ``width`` (one tile alone is no row: it is as wide as the side, which is
    longer than ``length``)."""
    a_lo, a_hi = (float(v) for v in cfg["locate"]["line_aspect"])
    near = float(cfg["locate"]["line_width"])
    out: list[tuple[float, float]] = []
    for n in range(2, int(side / width * (1 + near)) + 1):
        across = side / n  # tiles side by side, each this wide
        if abs(math.log(across / width)) <= near and a_lo <= length / across <= a_hi:
            out.append((across, length / across))
    return out


def _from_pips(
    bgr: Image,
    xy: Floats,
    radius: Floats,
    bright: bool,
    angles: list[float],
    width: float,
    aspect: float,
    sure: list[Quad],
    every: Floats,
    cfg: Config,
    light: Image | None = None,
) -> tuple[float, Cells | None]:
    """Tiles placed by a group of pips alone (``pip_grid_cells``) at the set's known size,
    turned each of ``angles`` (degrees): the cells read sure, surest first, that overlap none
    kept before nor any tile read ``sure`` already (a region grown over part of its
    neighbours). ``every``: all the pips found, which tell how many a blob holds;
    ``light``, when given: the lightness, where a seam at a cell's end or side shows that
    the pips past it are another tile's, one the picture's edge cuts off."""
    if len(xy) == 0:
        return -1.0, None
    floor = float(cfg["read"]["min_confidence"])
    edge = float(cfg["locate"]["edge_margin"])
    explain = float(cfg["locate"]["explain"])
    doubt_floor = float(cfg["locate"]["holder_confidence"])
    seen: set[tuple[int, ...]] = set()
    read: Cells = []
    tile_like: Cells = []  # read in doubt only for red pips not red enough (_holds_a_tile)
    for angle in sorted({round(a % 180.0, 1) for a in angles}):
        for cell in pip_grid_cells(xy, radius, angle, width, aspect * width):
            q = centre_on_pips(cell, xy, radius)
            key = tuple(round(v) for p in q for v in p)
            if key in seen or _near_edge(q, bgr.shape, edge):
                continue  # a cell off the picture: its tile's pips there are not seen
            seen.add(key)
            if any(_overlap(q, t) for t in sure):
                # on a tile read sure: kept neither as a tile nor as a holder, whatever it
                # reads, and no tile read in doubt either; so not read (a third of the cells
                # placed by pips on held-out scenes lay so: 10 % of the reads)
                continue
            reading = read_tile(bgr, q, bright, aspect, cfg["read"], every)
            if _sure_face(reading, floor) and _same_longer(
                bgr, q, reading, bright, aspect, every, cfg
            ):
                read.append((q, reading))
            elif _holds_a_tile(reading, doubt_floor):
                tile_like.append((q, reading))
    # a pip is one tile's: a cell holding a pip that a tile read sure holds lies across it
    # and its neighbour (or across the table between two rows, reading their ends' pips)
    taken = [
        (float(x), float(y)) for x, y in xy if any(inside((float(x), float(y)), t) for t in sure)
    ]
    kept: Cells = []
    for q, reading in sorted(read, key=lambda c: -c[1].confidence):
        if any(inside(p, q) for p in taken):
            continue
        if not any(_overlap(q, other) for other in [*sure, *(k for k, _ in kept)]):
            kept.append((q, reading))
    # a tile that reads only in doubt still holds its pips: the cells beside it are not
    # across two tiles for leaving them loose
    holders: list[Quad] = []
    for q, _ in sorted(tile_like, key=lambda c: -c[1].confidence):
        if not any(_overlap(q, other) for other in [*sure, *(k for k, _ in kept), *holders]):
            holders.append(q)
    pip_like = _not_specks(radius, cfg)
    counted, counted_radius = xy[pip_like], radius[pip_like]
    # a spot at a tile read sure, just outside it (its own end pip past a cell a little
    # short, or the shade where tiles' corners meet), is no pip of a tile still to place:
    # those lie a rim's width at least inside their own tile
    rim = float(cfg["locate"]["beside_sure"]) * width
    outlines = [np.array(q, np.float32).reshape(-1, 1, 2) for q in sure]
    pip = np.array([not _beside(p, outlines, rim) for p in counted], bool)
    # and one as near outside a cell placed here, off any body of its colour: the table
    # between two tiles' corners at a row's end, a light tile's shadow at its side on a
    # light table (where the tile's region could not grow). One on such a body is a pip:
    # another tile's, or this one's where the cell lies off it. And one further off, as
    # far as a cell must explain pips, with the table nearly all round it, off the body of
    # the tiles read sure too: a corner of a tile's hard shadow, cast across the table by
    # a low lamp. (A playing card's corner index, at its edge, has a third of its ring on
    # the card's body: a 2 of hearts, its hearts a cell read as a 1-1, stays unplaced for
    # it. A glare greys a black tile's body about the pips of a cell across part of it:
    # the tile's other pips, on its body as it is elsewhere, are pips still)
    # (the tiles' body measured only where a spot that far lies off the cell's: few do)
    set_body = functools.cache(lambda: np.median([cell_body(bgr, q) for q in sure], axis=0))
    pip &= ~_off_the_body_beside(
        bgr,
        counted,
        counted_radius,
        bright,
        [q for q, _ in kept],
        rim,
        explain * width if sure else rim,
        cfg,
        set_body,
    )
    counted = counted[pip]
    cut_off = (
        None
        if light is None
        else functools.partial(_on_a_tile_cut_off, light, bright=bright, cfg=cfg)
    )
    kept = _explained(
        kept, sure, counted, explain * width, holders, [q for q, _ in tile_like], cut_off
    )
    if not kept:
        return -1.0, None
    return sum(r.confidence for _, r in kept) / len(kept), kept


#: doubts of a tile whose pips are all there, laid as a face's are, only not red enough (a
#: small red pip blurred, or its colour halved by a JPEG): a tile lies there. Other doubts
#: (a blob, red pips in a white count) are as often a cell across two tiles' halves.
_PALE_RED = ("pips not all red", "faint red specks")


def _holds_a_tile(reading: Reading, floor: float) -> bool:
    """Is a reading in doubt still a tile, whose pips the tiles beside it need not hold?"""
    return (
        reading.low >= 1
        and reading.high <= 6
        and reading.confidence >= floor
        and all(any(kind in d for kind in _PALE_RED) for d in reading.defects)
    )


def _off_the_body_beside(
    bgr: Image,
    xy: Floats,
    radius: Floats,
    bright: bool,
    cells: Sequence[Quad],
    near: float,
    far: float,
    cfg: Config,
    set_body: Callable[[], Floats],
) -> Bools:
    """Which of the spots ``xy`` lie outside each of ``cells`` but within ``far`` of one,
    off a body of its colour: less than a share of a ring round the spot (where a pip's
    body is measured, ``BODY_RING``) within the widest colour tolerance a region grows by
    of the cell's body (``locate.beside_on_body`` within ``near``, ``locate.far_on_body``
    beyond, where the ring must lie as little on ``set_body`` too). That is the body about the spots inside the cell
    (``body_colours``, their median), not the cell's own colour: a cell over a tile cut off
    by the picture's edge lies mostly on the table. A pip on its tile has most of its ring
    on the body, the rest on the pips crowding it; a spot at a tile's rim, half or less
    (a light tile's shadow on a light table, 0.5; the table between two tiles' corners,
    0.25); one further off, on the table, little or none (the corner of a tile's hard
    shadow, 0 to 0.08; a playing card's corner index, at the card's edge, 0.33). The
    tiles read sure (``set_body``, their body, asked for only there) count too that far:
    a glare greys the body about a cell's pips, and the rest of the tile is as dark as the
    set's tiles."""
    off = np.zeros(len(xy), bool)
    outlines = [np.array(q, np.float32).reshape(-1, 1, 2) for q in cells]
    tolerance = max(float(t) for t in cfg["segment"]["tolerances"])
    near_share = float(cfg["locate"]["beside_on_body"])
    far_share = float(cfg["locate"]["far_on_body"])
    # (a ring the picture's edge cuts says nothing of what lies round its spot: a crowded
    # 6's pips by the edge, its neighbours and the edge's pixels in their rings, read
    # as off the body as a tile's shadow does)
    h, w = bgr.shape[:2]
    out = np.maximum(2.0, BODY_RING * radius)
    seen = (xy[:, 0] - out >= 0) & (xy[:, 0] + out <= w - 1)
    seen &= (xy[:, 1] - out >= 0) & (xy[:, 1] + out <= h - 1)
    bodies: dict[int, Floats | None] = {}
    for k in np.flatnonzero(seen):
        beside = _nearest_beside(xy[k], outlines, far)
        if beside is None:
            continue
        cell, outside = beside
        if cell not in bodies:
            # (measured only for a cell a spot lies beside: most cells placed have none)
            held = np.array([inside((float(x), float(y)), cells[cell]) for x, y in xy], bool)
            spots = Pips(bright, xy[held], radius[held], np.ones(int(held.sum()), bool))
            bodies[cell] = np.median(body_colours(bgr, spots), axis=0) if held.any() else None
        body = bodies[cell]
        if body is None:
            continue
        xs, ys = ring_pixels(bgr.shape, xy[k : k + 1], radius[k : k + 1], BODY_RING)
        ring = bgr[ys[0], xs[0]].astype(np.float64)
        if outside < near:
            off[k] = _share_on(ring, body, tolerance) < near_share
        else:
            off[k] = (
                _share_on(ring, body, tolerance) < far_share
                and _share_on(ring, set_body(), tolerance) < far_share
            )
    return off


def _share_on(ring: Floats, colour: Floats, tolerance: float) -> float:
    """The share of a ring's pixels (BGR) within ``tolerance`` of ``colour`` in each
    channel."""
    return float((np.abs(ring - colour).max(axis=1) <= tolerance).mean())


def _beside(p: Floats, outlines: Sequence[Array], reach: float) -> bool:
    """Does point ``p`` lie outside each of ``outlines`` (float32 contours) but within
    ``reach`` of one?"""
    return _nearest_beside(p, outlines, reach) is not None


def _nearest_beside(p: Floats, outlines: Sequence[Array], reach: float) -> tuple[int, float] | None:
    """The one of ``outlines`` (float32 contours) nearest point ``p``, and how far outside
    it ``p`` lies, where ``p`` lies outside each but within ``reach`` of one; else None."""
    point = (float(p[0]), float(p[1]))
    dist = [cv2.pointPolygonTest(outline, point, True) for outline in outlines]
    if not dist or any(d >= 0 for d in dist) or max(dist) <= -reach:
        return None
    return int(np.argmax(dist)), -max(dist)


def _explained(
    kept: Cells,
    sure: list[Quad],
    xy: Floats,
    reach: float,
    holders: Sequence[Quad] = (),
    tile_like: Sequence[Quad] = (),
    cut_off: Callable[[Quad, tuple[float, float]], bool] | None = None,
) -> Cells:
    """The cells that, with the tiles read before (``sure``), each other and ``holders``
    (tiles read in doubt), hold every pip within ``reach`` of them: a cell across two
    tiles' halves reads as a tile too, and leaves the other halves' pips just beyond it.
    Pips farther off are another tile's. A holder leaving pips loose is dropped as a cell
    is, so that cells across tiles do not hold each other's halves along a row; and a cell
    whose pips all lie in one ``tile_like`` cell (read in doubt) with loose pips beside
    them is part of that tile: holders do not hold its loose pips. Nor need a cell hold
    pips that ``cut_off`` says lie on a tile the picture's edge cuts off."""
    points = [(float(x), float(y)) for x, y in xy]
    cells: list[tuple[Quad, Reading | None]] = [*kept, *((q, None) for q in holders)]
    part = {id(q) for q, _ in kept if _part_of_a_tile(q, points, sure, tile_like)}
    while any(r is not None for _, r in cells):
        # again after dropping cells: their pips are loose now, and a cell beside them may
        # hold the other half of a tile one of them lay across
        held = [*sure, *(q for q, _ in cells)]
        loose = [p for p in points if not any(inside(p, q) for q in held)]
        # for a cell that is part of a tile read in doubt, the holders hold nothing
        by_cells = [*sure, *(q for q, r in cells if r is not None)]
        loose_here = [p for p in points if not any(inside(p, q) for q in by_cells)] if part else []
        near = {
            k
            for k, (q, _) in enumerate(cells)
            for p in (loose_here if id(q) in part else loose)
            if cv2.pointPolygonTest(np.array(q, np.float32).reshape(-1, 1, 2), p, True) > -reach
            and not (cut_off is not None and cut_off(q, p))
        }
        if not near:
            break
        cells = [c for k, c in enumerate(cells) if k not in near]
    return [(q, r) for q, r in cells if r is not None]


def _on_a_tile_cut_off(
    light: Image, quad: Quad, p: tuple[float, float], bright: bool, cfg: Config
) -> bool:
    """Does ``p`` lie where a tile end to end or side by side with the cell would lie, one
    that would run past the picture's edge, with a seam between the cell and it? (Without
    the seam, ``p`` is as likely the rest of the cell's own tile, cut off: a cell over the
    part of a 6-4 left in the picture reads 2-2.)"""
    centre, across, along, width, length = cell_axes(quad)
    a, c = (float((np.asarray(p) - centre) @ axis) for axis in (along, across))
    q = np.array(quad, np.float64)  # TL, TR, BR, BL: TL-TR across one end
    if abs(a) > length / 2 and abs(c) <= width / 2:
        shift = along * math.copysign(length, a)  # the tile end to end with it, on p's side
        line = (q[2], q[3]) if a > 0 else (q[0], q[1])
    elif abs(c) > width / 2 and abs(a) <= length / 2:
        shift = across * math.copysign(width, c)  # the tile side by side with it
        line = (q[1], q[2]) if c > 0 else (q[3], q[0])
    else:
        return False
    beside = q + shift
    h, w = light.shape[0], light.shape[1]
    if not inside(p, tuple(map(tuple, beside))) or all(
        0 <= x <= w - 1 and 0 <= y <= h - 1 for x, y in beside
    ):
        return False
    locate = cfg["locate"]
    offset = max(1.5, float(locate["seam_offset"]) * width)
    seam = line_strength(light, [line], offset, int(locate["seam_samples"]), bright)
    return float(seam[0]) >= float(cfg["read"]["middle_seam"])


def _part_of_a_tile(
    quad: Quad, points: list[tuple[float, float]], sure: list[Quad], tile_like: Sequence[Quad]
) -> bool:
    """Do the pips in ``quad`` all lie in one of ``tile_like``, with pips no tile read sure
    holds: a cell over part of a tile read in doubt (a 6-3's 3 read as 2-1)."""
    own = [p for p in points if inside(p, quad)]
    others = [p for p in points if not inside(p, quad) and not any(inside(p, q) for q in sure)]
    return bool(own) and any(
        all(inside(p, t) for p in own) and any(inside(p, t) for p in others) for t in tile_like
    )


def _same_longer(
    bgr: Image,
    quad: Quad,
    reading: Reading,
    bright: bool,
    aspect: float,
    every: Floats,
    cfg: Config,
    by: float | None = None,
    toward: int = 0,
) -> bool:
    """Does the cell, made longer about its centre (``by`` a share of its length, or a
    little), read the same face? A cell of a size measured a few per cent short cuts off
    its tile's end pips and reads part of its face (a 4-1's large 1 cut in two as a 2); the
    whole tile reads as it did. ``toward``: -1 or 1, made longer past one end only."""
    share = float(cfg["locate"]["longer"]) if by is None else by
    q = np.array(quad, np.float64)
    along = (q[3] - q[0]) * share
    before = along * {0: 0.5, -1: 1.0, 1: 0.0}[toward]  # the share grown past the first end
    after = along - before
    longer = (q[0] - before, q[1] - before, q[2] + after, q[3] + after)
    cell = tuple((float(p[0]), float(p[1])) for p in longer)
    grown = aspect * (1 + share)
    return read_tile(bgr, cell, bright, grown, cfg["read"], every).face == reading.face


def _holds_all(quads: Sequence[Quad], xy: Floats) -> bool:
    """Does every point lie in one of the cells?"""
    return all(any(inside((float(x), float(y)), q) for q in quads) for x, y in xy)


def _overlap(a: Quad, b: Quad, share: float = 0.2) -> bool:
    """Do two cells share more than ``share`` of the smaller one (a fifth)?"""
    if (
        max(x for x, _ in a) <= min(x for x, _ in b)
        or max(x for x, _ in b) <= min(x for x, _ in a)
        or max(y for _, y in a) <= min(y for _, y in b)
        or max(y for _, y in b) <= min(y for _, y in a)
    ):
        return False  # (their boxes apart: most pairs)
    qa, qb = np.array(a, np.float32), np.array(b, np.float32)
    least = min(abs(cv2.contourArea(qa)), abs(cv2.contourArea(qb)))
    return common_area(a, b) > share * least


def _claims_none(cut: tuple[float, Cells | None], sure: list[Quad]) -> tuple[float, Cells | None]:
    """A cut made again at the set's size, unless one of its cells lies on a tile read sure
    before, or over part of one (as cells placed by their pips may not): that tile's reading
    is the stronger (its region fitted it), and the two may disagree. (A cell hanging off a
    red 4's region onto the 1 of the 2-1 beyond it read 4-1, sure.)"""
    score, cells = cut
    if any(_overlap(q, other) for q, _ in cells or [] for other in sure):
        return score, None
    return score, cells


def _sure_cells(cut: list[tuple[float, Cells | None]], cfg: Config) -> list[Quad]:
    """The cells a size's cuts read sure as face-up tiles."""
    floor = float(cfg["read"]["min_confidence"])
    return [q for _, cells in cut for q, r in cells or [] if _sure_face(r, floor)]


def _sure_face(reading: Reading, floor: float) -> bool:
    """Read sure as a face-up tile (not a blank)."""
    return reading.confidence >= floor and not reading.is_blank


def _clean_face(reading: Reading, floor: float) -> bool:
    """Read sure as a face-up tile, nothing against it."""
    return _sure_face(reading, floor) and not reading.defects


def _found(
    regions: list[Region],
    chosen: list[tuple[float, Cells | None]],
    every: list[list[tuple[float, Cells | None]]],
    cfg: Config,
    image: Image,
    light: Image,
    pips: Pips,
) -> tuple[list[_Found], list[_Found]]:
    """The tiles of the chosen size's cuts, and those in doubt.

    A region that another candidate size reads clearly better, as other faces, is in doubt:
    the sizes differ by a few per cent, and a cut a little off reads two tiles' halves (where
    a cell of the cut reads badly, better at all is enough). Where the chosen size stretched
    a cell of a region's cut to fit it, the region is cut at a size that reads each of its
    cells clean, if one does. A cell of a region reaching the picture's edge that comes near
    it is in doubt: its tile may be cut off; the region's other tiles are whole. A blank
    cell is a back only where its body is its set's (see without_false_backs).
    """
    shape = image.shape[:2]
    found: list[_Found] = []
    doubtful: list[_Found] = []
    margin = float(cfg["locate"]["size_margin"])
    edge = float(cfg["locate"]["edge_margin"])
    floor = float(cfg["read"]["min_confidence"])
    die_square = float(cfg["locate"]["die_square"])
    sure = [q for _, cut in chosen for q, r in cut or [] if _sure_face(r, floor)]
    # (the faces' median body: once a frame, and only if a region's blanks ask for it)
    set_body = functools.cache(
        lambda: np.median([cell_body(image, q) for q in sure], axis=0) if sure else None
    )
    for k, (region, (score, cells)) in enumerate(zip(regions, chosen, strict=True)):
        if cells is None:
            doubtful.append(_Found(_box(region), Reading(0, 0, 0.0, (_NO_CUT,))))
            continue
        cells = without_false_backs(image, light, region, cells, set_body, pips, cfg)
        if not cells:
            continue
        if any(d.endswith(_OFF_SIZE) for _, r in cells for d in r.defects):
            # the chosen size cuts the region with a cell stretched to fit it: the size is
            # not its tiles' (a row of seven black tiles on dark wood, their region a little
            # longer than seven of the set's width, cut into eight, two of them read in
            # doubt). Another size that cuts it into cells each read a face, sure, nothing
            # against it, is theirs (sixth renderer, scene 54)
            clean = [
                (s, c)
                for s, c in (other[k] for other in every)
                if c and all(_clean_face(r, floor) for _, r in c)
            ]
            if clean:
                score, cells = max(clean, key=lambda c: c[0])
        if len(sure) == 1 and _a_die_s_face(region, cells, floor, die_square):
            cells = [(q, _flag(r, _DIE_FACE)) for q, r in cells]
        faces = sorted(str(r.face) for _, r in cells)
        # a cut with cells that read badly may lie across its tiles, its other cells over
        # two tiles' halves
        lead = 0.0 if min(r.confidence for _, r in cells) < floor else margin
        rival = any(
            other[k][1] is not None
            and other[k][0] > score + lead
            and sorted(str(r.face) for _, r in other[k][1] or []) != faces
            for other in every
        )
        for quad, reading in cells:
            if rival:
                reading = _flag(reading, "another tile size reads this group better")
            elif region.at_border and _near_edge(quad, shape, edge):
                reading = _penalise(reading, _AT_EDGE, cfg)
            (found if reading.confidence > 0 else doubtful).append(_Found(quad, reading))
    return found, doubtful


def _a_die_s_face(region: Region, cells: Cells, floor: float, square: float) -> bool:
    """Is the region square (no longer than ``square`` times its width), cut into two cells
    side by side, one of them read sure as a 1-1 or a 2-2 and the other one a face read in
    doubt? A die's face (a side of it showing) so cut: half of its 6, two of its rows, seen
    through a cell as a 2-2, or half of its 4 or its 5 as a 1-1. (Not any face: a pair of
    tiles, one of them in doubt under a glare, is as square.)"""
    short, long = sorted(region.rect[1])
    if len(cells) != 2 or long > square * short:
        return False
    sure = [r.face for _, r in cells if _sure_face(r, floor)]
    doubtful = [r for _, r in cells if not _sure_face(r, floor)]
    return len(sure) == 1 and sure[0] in ("1-1", "2-2") and not any(r.is_blank for r in doubtful)


def _shows_every_pip(
    quad: Quad, shape: tuple[int, ...], cfg: Config, ends: float | None = None
) -> bool:
    """Does the picture show every pip a tile under the cell can have: all of the cell but
    the rim where no face has a pip (at its ends: ``ends`` of its width, when given)? Not
    where the cell lies along the picture's edge and comes near it: there the edge may have
    cut a line of tiles lying across it between their halves, each half-and-half cell a
    whole tile's face."""
    c, across, along, width, length = cell_axes(quad)
    rim_across, rim_along = (float(v) for v in cfg["pip_free_rim"])
    rim_along = rim_along if ends is None else ends
    zone = cell_about(
        c, across, along, width * (1 - 2 * rim_across), length - 2 * rim_along * width
    )
    h, w = shape[0], shape[1]
    if not all(0 <= x <= w - 1 and 0 <= y <= h - 1 for x, y in zone):
        return False
    margin = float(cfg["edge_margin"]) * width
    parallel = math.cos(math.radians(float(cfg["edge_parallel"])))
    xs, ys = [x for x, _ in quad], [y for _, y in quad]
    near = [
        (min(xs) < margin or max(xs) > w - 1 - margin, abs(float(along[1]))),  # left, right
        (min(ys) < margin or max(ys) > h - 1 - margin, abs(float(along[0]))),  # top, bottom
    ]
    return not any(close and lying_along > parallel for close, lying_along in near)


def _holds_anothers_pip_cut_off(light: Image, quad: Quad, pips: Pips, cfg: Config) -> bool:
    """Does the cell hold a pip that the picture's edge cuts, with a seam across the cell
    between it and the cell's middle (within ``seam_reach`` of a width of the pip)? That pip
    is another tile's:
    a cell a little long, over a 3-3 and the end pips of the 6-1 beyond it that the edge
    cut, read 5-3. (Without the seam it is the tile's own, its middle in the picture.)"""
    cut = held_by(quad, pips.xy) & _cut_by_the_edge(pips, light.shape)
    if not cut.any():
        return False
    a, _, _, _ = in_cell(quad, pips.xy)
    centre, across, along, width, _ = cell_axes(quad)
    locate = cfg["locate"]
    offset = max(1.5, float(locate["seam_offset"]) * width)
    reach = float(locate["seam_reach"])
    for k in np.flatnonzero(cut):
        side = math.copysign(1.0, float(a[k]))
        steps = float(a[k]) - side * np.arange(0.0, reach * width, 1.0)
        lines = [
            (centre + along * s - across * width / 2, centre + along * s + across * width / 2)
            for s in steps
        ]
        seam = line_strength(light, lines, offset, int(locate["seam_samples"]), pips.bright)
        if float(seam.max()) >= float(cfg["read"]["middle_seam"]):
            return True
    return False


def _cut_by_the_edge(pips: Pips, shape: tuple[int, ...]) -> Bools:
    """The pips that reach past the picture's edge (``shape``): cut off there."""
    x, y, r = pips.xy[:, 0], pips.xy[:, 1], pips.radius
    cut: Bools = (x < r) | (y < r) | (x > shape[1] - 1 - r) | (y > shape[0] - 1 - r)
    return cut


def _near_edge(quad: Quad, shape: tuple[int, ...], margin: float) -> bool:
    """Does the cell come within ``margin`` of its width of the picture's edge?"""
    h, w = shape[0], shape[1]
    m = margin * math.dist(quad[0], quad[1])
    return any(x < m or y < m or x > w - 1 - m or y > h - 1 - m for x, y in quad)


def _box(region: Region) -> Quad:
    pts = cv2.boxPoints(region.rect)
    return tuple((float(x), float(y)) for x, y in pts)


def _best_cut(
    bgr: Image,
    light: Image,
    region: Region,
    aligned: Rect,
    pips: Pips,
    width: float,
    aspect: float,
    cfg: Config,
    known: bool,
    whole: bool = True,
    reads: _Readings | None = None,
) -> tuple[float, list[tuple[Quad, Reading]] | None]:
    """The best cut of a region into tiles of this size, read, and its score. ``whole``: the
    region covers its tiles whole, so a cell hanging off it is in doubt; else (a region
    that stopped short at a sheen or a scratch, cut again at the set's size) it need not.
    ``reads``: the region's cells read already (at other sizes), by their rounded corners."""
    best: list[tuple[Quad, Reading]] | None = None
    best_score = -1.0
    chosen: Cut | None = None
    plain: Cells | None = None  # the best of the cuts not flush with an end
    plain_score = -1.0
    slack = float(cfg["locate"]["angle_slack"])
    rects = [region.rect]
    if not same_angle(aligned[2], region.rect[2], slack):
        rects.append(aligned)  # a staircase of tiles: its smallest rectangle lies askew
    own = list(region.pips)
    xy, radius = pips.xy[own], pips.radius[own]
    seeds = xy[pips.seed[own] & _not_specks(radius, cfg)]
    short, long = sorted(region.rect[1])
    one = float(cfg["locate"]["pips_angle_size"])
    if len(seeds) >= 3 and short < one * width and long < one * aspect * width:
        # a tile's pips lie in columns along it: where a shadow or a neighbour's corner joined
        # a lone tile's region askew, the smallest rectangle round its pips lies as the tile
        # does (seed 20242: a 5-1's region 7 degrees off, its cell read the 1 off the centre
        # line; not a group's, whose pips' rectangle lies along a row of tiles askew)
        turned = cv2.minAreaRect(seeds.astype(np.float32))[2]
        if all(not same_angle(turned, r[2], slack) for r in rects):
            rects.append(rect_along(region.contour, turned))
    options: list[Cut] = []
    row_gap = float(cfg["locate"]["row_gap"])
    for rect in rects:
        # (faces' rows laid a little apart; not backs', whose stacks seen from the side
        # were so cut into more backs than lie there: the eighth renderer's scene 98)
        options += cuts(rect, width, aspect, cfg["locate"], known, not whole, row_gap)
        options += strip_cuts(region.contour, rect, width, aspect, cfg["locate"], known)
    seam_cfg = cfg["locate"]
    offset = max(1.5, float(seam_cfg["seam_offset"]) * width)
    samples = int(seam_cfg["seam_samples"])
    floor = float(cfg["read"]["min_confidence"])
    tried: list[tuple[float, Cut]] = []
    seen: dict[tuple[int, ...], Reading] = {}  # cells read already at this size
    raw = reads if reads is not None else {}
    moved: dict[tuple[int, ...], Quad] = {}  # cells moved onto their pips already

    # (a region cut as one tile lies on that tile, as a plain group's outline does: a 2 or
    # a 3 laid along its centre line is read there, see read._a_column. Where a line
    # across a cell's middle is let stand, a set with lines read so, only where no side of
    # the cell shows its body (_lies_alone): a region between two tiles' lines, over a half
    # of each side by side, read a 5-2's 2 and a 5-1's 1 as a 2-1, the other halves past
    # its long side; a lone 6-2 of such a set was left in doubt, seventh renderer's 205.
    # A cell of a cut of several tiles, where no side along it shows its body: a cell half
    # a tile off across, over a 4's column, has its tile's body past one side)
    read_cfg = cfg["read"]
    along_the_line = {**read_cfg, "along_the_line": True}
    lines_held = holds_middle_lines(read_cfg)

    def read_cell(q: Quad, lone: bool = False) -> Reading:
        key = (*(round(v) for p in q for v in p), lone)
        if key not in seen:
            if key not in raw:
                # as the cell lies, not stretched to the size tried: the same cell reads
                # alike at every size
                how = along_the_line if lone and lines_held else read_cfg
                first = read_tile(bgr, q, region.bright, own_shape(q), how, xy)
                if (
                    how is read_cfg
                    and any(d.startswith(ALONG) for d in first.defects)
                    and _lies_alone(bgr, q, cfg["lines"], ends=lone)
                ):
                    first = read_tile(bgr, q, region.bright, own_shape(q), along_the_line, xy)
                raw[key] = (first, first.face is not None and _pip_on_an_end(q, xy, radius, cfg))
            first, on_end = raw[key]
            reading = _misfit_cell(first, q, width, aspect, cfg)
            reading = _short_cell(bgr, reading, q, region.bright, width, aspect, xy, cfg)
            if on_end:
                reading = _penalise(reading, _ON_END, cfg)
            seen[key] = _off_region(reading, q, region, cfg) if whole else reading
        return seen[key]

    # (a cut with no seams between its cells scores its cells' mean confidence, 1 at most:
    # once a cut not flush scores that, none of those left can take its place)
    seamless_from = [True] * (len(options) + 1)
    for i in reversed(range(len(options))):
        seamless_from[i] = seamless_from[i + 1] and not options[i].seams
    for index, cut in enumerate(options):
        if best_score >= 1.0 and chosen is not None and not chosen.flush and seamless_from[index]:
            break
        readings = []
        cells = []
        lone = whole and len(cut.cells) == 1 and not cut.flush
        for cell in cut.cells:
            # the cell moved onto its pips; or, where that reads badly, as cut (the first
            # stage's pips can be off: a glare spot taken for one, a pip missed)
            q = _moved(cell, xy, radius, moved)
            reading = read_cell(q, lone)
            if (
                reading.confidence < floor
                and q != cell
                and read_cell(cell, lone).confidence > reading.confidence
            ):
                q, reading = cell, read_cell(cell, lone)
            if not whole and reading.confidence < floor:
                break  # a cut of a region short of its tiles must read every cell (below)
            cells.append(q)
            readings.append(reading)
        if len(readings) < len(cut.cells):
            continue
        cut = Cut(tuple(cells), cut.seams, cut.middles, cut.along_a, cut.flush)
        score = sum(r.confidence for r in readings) / len(readings)
        evidence = 0.0
        if cut.seams:
            seams = median(line_strength(light, cut.seams, offset, samples, region.bright))
            middles = median(line_strength(light, cut.middles, offset, samples, region.bright))
            evidence = float(seams - middles) / float(seam_cfg["seam_scale"])
            score += float(seam_cfg["seam_weight"]) * float(np.tanh(evidence))
            if cut.flush and evidence < float(seam_cfg["flush_min_evidence"]):
                continue  # flush tiles whose seams do not show: perhaps across two tiles' halves
        if not whole and not _holds_all(cut.cells, xy):
            # a region short of its tiles is cut at the set's size with no regard for its
            # outline: its tiles must all read (above), and hold every pip it holds
            continue
        if whole and not _holds_all(cut.cells, seeds):
            # a seed pip of the region left out: the cut stops short inside a tile (a
            # region grown short of its tile's end) and its cells read part of a tile
            continue
        tried.append((score, cut))
        bad = [r for r in readings if r.confidence < floor]
        if len(bad) < len(readings):
            # (a cell in doubt only for a 2 or a 3 in a column lies on its tile's pips, where
            # another of the cut's cells reads sure: see _a_column_only)
            bad = [r for r in bad if not _a_column_only(r)]
        if 2 * len(bad) > len(readings):
            # most cells read badly: the cut is off the tiles, and the few that read may be
            # across two tiles' halves
            continue
        if len(readings) > 1 and _lie_across(readings, floor, cfg):
            # one of its cells shows a seam across its middle (or a 6 laid across it): the
            # cut is scored as it ends up (below), every other cell ruled out, not as its
            # cells read; else it wins over a cut a little along from it that reads every
            # tile (by the seams it cuts along) and loses them all
            score = sum(r.confidence for r in readings if _across(r)) / len(readings)
        if score > best_score:
            best_score = score
            best = list(zip(cut.cells, readings, strict=True))
            chosen = cut
        if not cut.flush and score > plain_score:
            plain_score, plain = score, list(zip(cut.cells, readings, strict=True))

    def finished(cells: Cells | None, score: float) -> tuple[float, Cells | None]:
        if cells is not None and region.loose:
            cells = _half_along(bgr, cells, region, aspect, xy, cfg)
        if cells is not None and len(cells) > 1 and _lie_across([r for _, r in cells], floor, cfg):
            # the cut's cells lie alike: where one shows a seam across its middle, or a 6
            # laid across it (its pips in three columns, two on the centre line), they lie
            # across tiles side by side, each over two tiles' halves (a 5-5 read so is sure;
            # small tiles side by side, a 6-4 and a 5-3, were read as a 4-3, sure, and a 6-5
            # with its 6 laid across: seed 9206 of the small tiles' sweep row)
            cells = [(q, r if _across(r) else _flag(r, _SEAM_BESIDE)) for q, r in cells]
            # and the size that cut it so reads the region no better than its cells now do
            score = sum(r.confidence for _, r in cells) / len(cells)
        return score, cells

    best_score, best = finished(best, best_score)
    if best is not None and chosen is not None and chosen.flush:
        # tiles flush with an end, laid one way, against the other way reading nearly as well:
        # cells across two tiles' halves read as tiles too, so neither is trusted
        margin = float(seam_cfg["flush_margin"])
        if any(_laid_across(c, chosen) and s >= best_score - margin for s, c in tried):
            return best_score, None
        if min(r.confidence for _, r in best) < floor and plain is not None:
            # one cell read badly: the flush cells may be off the tiles, and the others
            # misread; the region is cut as if no flush cut had been tried (a row whose
            # one blurred tile reads badly keeps its other tiles). Where every cut is
            # flush (a row a quarter tile longer than its tiles, blurred all round), the
            # cut stands, its bad cell in doubt: the row is not lost for one tile
            return finished(plain, plain_score)
    return best_score, best


def _lie_across(readings: Sequence[Reading], floor: float, cfg: Config) -> bool:
    """Do the cut's cells lie across its tiles, as one or more of them showing a seam across
    its middle says? Not where the others reading a face sure outnumber those
    ``locate.across_outvoted`` times or more: a glare across one black tile of a block of
    twelve, or its two red 1s, read as a seam and put the eleven tiles read sure round it
    in doubt (the ninth renderer's scenes 107 and 149, 21 tiles). Blanks do not count: a
    cut of 36 cells, most over a cloth and read blank, two over tiles showing a seam and
    read wrong (the ninth renderer's scene 52)."""
    flags = [_across(r) for r in readings]
    across = sum(flags)
    if across == 0:
        return False
    sure = sum(_sure_face(r, floor) for r, a in zip(readings, flags, strict=True) if not a)
    return sure < float(cfg["locate"]["across_outvoted"]) * across


def _a_column_only(reading: Reading) -> bool:
    """Is a reading in doubt only for a 2 or a 3 laid in a column along the centre line
    (``read.ALONG``)? Such a cell lies on a tile's pips as a tile's cell does: some sets lay
    their 2s and 3s so, and a row of such tiles reads more in doubt than sure."""
    return (
        reading.face is not None
        and len(reading.defects) == 1
        and reading.defects[0].startswith(ALONG)
    )


def _across(reading: Reading) -> bool:
    """Does the reading say its cell lies across its tile: a seam across its middle, or a 6
    laid across it (three columns of two, the middle one on the centre line, where a 6's
    two columns of three lie clear of it)?"""
    return SEAM in reading.defects or any(d.startswith(SIX_ACROSS) for d in reading.defects)


def _laid_across(one: Cut, other: Cut) -> bool:
    """Do the two cuts' tiles lie across each other? (Not by ``along_a``: that is the side
    of the rectangle each was cut from, and a region's two rectangles, its smallest and
    the one its edges run along, may have their sides the other way round.)"""
    return _crosswise(one.cells[0], other.cells[0])


def _crosswise(a: Quad, b: Quad) -> bool:
    """Do the two cells lie across each other (their long axes over 45 degrees apart)?"""
    along_a, along_b = cell_axes(a)[2], cell_axes(b)[2]
    return abs(float(along_a @ along_b)) < math.cos(math.radians(45))


def _moved(quad: Quad, xy: Floats, radius: Floats, done: dict[tuple[int, ...], Quad]) -> Quad:
    """The cell moved onto its pips (once for each cell: several cuts share cells)."""
    key = tuple(round(v) for p in quad for v in p)
    if key not in done:
        done[key] = centre_on_pips(quad, xy, radius)
    return done[key]


_SAMPLES = np.array([(u, v) for u in (0.2, 0.5, 0.8) for v in (0.1, 0.3, 0.5, 0.7, 0.9)])


def _off_region(reading: Reading, quad: Quad, region: Region, cfg: Config) -> Reading:
    """The reading, less sure when much of its cell lies outside the region it was cut from
    (the cell hangs over the table, or over a neighbour the region left out)."""
    points = points_in(quad, _SAMPLES)
    contour = region.contour.reshape(-1, 1, 2).astype(np.float32)
    held = sum(cv2.pointPolygonTest(contour, (x, y), False) >= 0 for x, y in points.tolist())
    share = held / len(points)
    if share >= float(cfg["locate"]["min_inside"]):
        return reading
    return _penalise(reading, f"{1 - share:.0%} of the cell off its region", cfg)


def _half_along(
    bgr: Image, cells: Cells, region: Region, aspect: float, xy: Floats, cfg: Config
) -> Cells:
    """The cells of a region grown neighbour to neighbour, each in doubt when half a tile
    along it reads as well, as another face (such a region's ends need not be the tiles'
    ends, and tiles end to end read across two halves as readily as whole), or when the
    first stage found more pips well inside it than it reads (a pip lost)."""
    floor = float(cfg["read"]["min_confidence"])
    out: Cells = []
    for quad, reading in cells:
        q = np.array(quad, np.float64)
        half = (q[3] - q[0]) / 2
        if reading.confidence >= floor:
            across, along = q[1] - q[0], q[3] - q[0]
            rel = xy - q.mean(axis=0)
            x = np.abs(rel @ across) / max(float(across @ across), 1e-9)
            y = np.abs(rel @ along) / max(float(along @ along), 1e-9)
            if int(((x < 0.4) & (y < 0.45)).sum()) > reading.high + reading.low:
                reading = _flag(reading, "more pips found in it before than read")
        if reading.confidence >= floor:
            for shift in (half, -half):
                moved = tuple((float(px), float(py)) for px, py in q + shift)
                other = read_tile(bgr, moved, region.bright, aspect, cfg["read"], xy)
                # (a blank is no other face: half of this tile lies under the moved cell,
                # and a cell over a face-up tile's half that reads blank read it wrongly)
                if other.confidence >= floor and not other.is_blank and other.face != reading.face:
                    reading = _flag(reading, "half a tile along reads as well")
                    break
        out.append((quad, reading))
    return out


def _no_red_four(found: list[_Found], light: Image, cfg: Config) -> list[_Found]:
    """Two 1-1s side by side with no seam between them are the two columns of one red 4 (a
    tile's, read at half its size, or a die's): both are ruled out (see
    ``locate.red_four_columns``). Those in doubt count too (the other column at the
    picture's edge)."""
    ones = [i for i, f in enumerate(found) if f.reading.face == "1-1" and f.reading.confidence > 0]
    flagged = {ones[k] for k in red_four_columns([found[i].quad for i in ones], light, cfg)}
    return [
        _Found(f.quad, _flag(f.reading, "1-1s side by side with no seam: a red 4"))
        if k in flagged
        else f
        for k, f in enumerate(found)
    ]


def _misfit_cell(reading: Reading, quad: Quad, width: float, aspect: float, cfg: Config) -> Reading:
    """The reading, less sure when its cell is stretched away from the tile size: the cut may
    be across two tiles' halves."""
    w = math.dist(quad[0], quad[1])
    length = math.dist(quad[1], quad[2])
    off = max(abs(w / width - 1), abs(length / (aspect * width) - 1))
    if off <= float(cfg["locate"]["cell_slack"]):
        return reading
    return _penalise(reading, f"cell {off:.0%} {_OFF_SIZE}", cfg)


_ON_END = "a pip on its end"


def _pip_on_an_end(quad: Quad, xy: Floats, radius: Floats, cfg: Config) -> bool:
    """Does a pip (not a speck) lie on either end of the cell? No face has a pip at its
    tile's end, so the cell lies along its tile by part of a pip's column, its end cutting
    through it, and its reading is in doubt (black tiles on dark wood, a region grown over
    a 6-1's 1 and one column of its 6, read 2-1 sure)."""
    if len(xy) == 0:
        return False
    a, c, width, length = in_cell(quad, xy)
    reach = float(cfg["locate"]["pip_on_end"]) * radius
    # (whole within the cell's width: not the shade where tiles' corners meet)
    on = _not_specks(radius, cfg) & (np.abs(c) <= width / 2 - radius)
    on &= np.abs(np.abs(a) - length / 2) <= reach
    return bool(on.any())


def _short_cell(
    bgr: Image,
    reading: Reading,
    quad: Quad,
    bright: bool,
    width: float,
    aspect: float,
    every: Floats,
    cfg: Config,
) -> Reading:
    """The reading, less sure when its cell, cut from a region shorter than a tile, reads
    otherwise made as long as a tile: a region stopped short in a red 4 (its pips run
    together), and the cell from there to the tile's other end read the 4's near column as
    a 1 (a 4-2 read as 2-1)."""
    length = math.dist(quad[1], quad[2])
    want = aspect * width
    if reading.face is None or length >= (1 - float(cfg["locate"]["short_cell"])) * want:
        return reading
    w = max(math.dist(quad[0], quad[1]), 1e-9)
    # made longer toward one end, then the other: the tile goes on past where its region
    # stopped, and the table past its other end is no pip
    by = want / length - 1
    if all(
        _same_longer(bgr, quad, reading, bright, length / w, every, cfg, by, toward)
        for toward in (-1, 1)
    ):
        return reading
    return _penalise(reading, f"reads otherwise {1 - length / want:.0%} longer", cfg)


def _penalise(reading: Reading, defect: str, cfg: Config) -> Reading:
    """The reading with one more defect, and as much less sure as any defect makes it."""
    confidence = reading.confidence * float(cfg["read"]["penalty"])
    return Reading(reading.high, reading.low, confidence, (*reading.defects, defect))


def _flag(reading: Reading, defect: str) -> Reading:
    """The reading with a defect that rules it out."""
    return Reading(reading.high, reading.low, 0.0, (*reading.defects, defect))


def _without_overlaps(kept: list[_Found], floor: float, pips: Floats) -> list[_Found]:
    """Two readings whose tiles overlap over a pip (of ``pips``, the first stage's) cannot
    both be right, and which one is wrong is not known: both are flagged (a cell across two
    tiles' halves beside the tiles themselves). But a face read sure beats a blank: a cell
    across a face-up tile's half and its neighbour's reads no face, and a blank cell slid
    onto a face-up tile's edge still reads blank. Cells that overlap where no pip lies are
    two tiles side by side, each a little wide (a 3-3 and a 6-5, each moved a few pixels
    toward the other)."""
    clash: set[int] = set()
    partners: dict[int, set[int]] = {i: set() for i in range(len(kept))}  # both in doubt
    for i, j in itertools.combinations(range(len(kept)), 2):
        if _overlap(kept[i].quad, kept[j].quad) and _share_a_pip(kept[i].quad, kept[j].quad, pips):
            pair = {i, j}
            blank = {k for k in pair if kept[k].reading.is_blank}
            if len(blank) == 1 and _sure_face(kept[(pair - blank).pop()].reading, floor):
                pair = blank
            else:
                partners[i].add(j)
                partners[j].add(i)
            clash |= pair
    for i, others in partners.items():
        if _across_its_partners(i, others, kept, partners, floor, pips):
            clash -= others
    return [
        _Found(f.quad, _flag(f.reading, "overlaps another tile")) if i in clash else f
        for i, f in enumerate(kept)
    ]


def _across_its_partners(
    i: int,
    others: set[int],
    kept: list[_Found],
    partners: dict[int, set[int]],
    floor: float,
    pips: Floats,
) -> bool:
    """Is cell ``i`` laid across two tiles or more read sure (``others``, those it overlaps
    over a pip), each overlapping it alone, every pip in it one of theirs: a cell across
    tiles side by side, over a half of each (a 2-1's and a 5-1's red 1s read as a 1-1,
    seed 9363), not a tile? (Laid along them, a cell across tiles end to end, it says
    nothing of which is the tile.)"""
    if len(others) < 2:
        return False
    for j in others:
        if partners[j] != {i} or not _sure_face(kept[j].reading, floor):
            return False
        if not _crosswise(kept[i].quad, kept[j].quad):
            return False
    own = pips[held_by(kept[i].quad, pips)]
    return all(any(inside((float(x), float(y)), kept[j].quad) for j in others) for x, y in own)


def _share_a_pip(a: Quad, b: Quad, pips: Floats) -> bool:
    """Does a pip lie in both cells?"""
    if len(pips) == 0:
        return False
    return bool((held_by(a, pips) & held_by(b, pips)).any())


def _assemble(
    found: list[_Found], doubtful: list[_Found], floor: float, unscale: float, pips: Floats
) -> Observation:
    """Keep the surest reading where two overlap, a face read sure before any blank (see
    _without_overlaps); count the blanks read sure as backs, and the tiles in doubt (a blank
    read in doubt too: a cell hanging off its tile onto a plain table reads so)."""
    kept: list[_Found] = []
    # (a blank first, as sure as the faces, took the place of the two tiles it lay across)
    ranked = sorted(found, key=lambda f: (not _sure_face(f.reading, floor), -f.reading.confidence))
    for f in ranked:
        if any(_one_on_another(f.quad, k.quad) for k in kept):
            continue
        kept.append(f)
    kept = _without_overlaps(kept, floor, pips)
    obs = Observation()
    notes: list[tuple[str | None, float, tuple[str, ...]]] = []
    for f in kept:
        quad = tuple((x * unscale, y * unscale) for x, y in f.quad)
        center = (f.center[0] * unscale, f.center[1] * unscale)
        face = f.reading.face
        if f.reading.is_blank and f.reading.confidence >= floor:
            obs.face_down += 1
            obs.debug.setdefault("backs", []).append(quad)  # type: ignore[attr-defined]
        elif face is not None and f.reading.confidence >= floor:
            obs.tiles.append(Tile(face, f.reading.confidence, center, quad))
        else:
            obs.uncertain += 1
            obs.uncertain_at.append(center)
            notes.append((face, round(f.reading.confidence, 2), f.reading.defects))
    obs.debug["doubtful"] = notes
    for d in doubtful:
        if not any(inside(d.center, k.quad) for k in kept):
            obs.uncertain += 1
            obs.uncertain_at.append((d.center[0] * unscale, d.center[1] * unscale))
            notes.append((d.reading.face, 0.0, d.reading.defects))
    obs.tiles.sort(key=lambda t: (t.center[1], t.center[0]))
    return obs


class Recognizer:
    """The recogniser with its config (and a known tile size) for a stream of frames."""

    def __init__(
        self, cfg: Config | None = None, tile_px: float | None = None, aspect: float | None = None
    ) -> None:
        self.cfg = cfg if cfg is not None else load_config("recognize")
        self.tile_px = tile_px
        self.aspect = aspect

    def observe(self, frame: Image) -> Observation:
        return recognize(frame, self.cfg, self.tile_px, self.aspect)
