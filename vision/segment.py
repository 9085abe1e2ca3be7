"""Stage 2: tile regions, grown from the pips outward over the tile's body colour.

The pips are painted over with the colour around them, then a flood fill from each pip covers
the body of its tile (and of the tiles touching it). A fill that leaks into the table (too big,
not a rectangle, reaching the edge of its window) is retried with a smaller colour tolerance.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np

from .config import Config
from .types import Array, Bools, Contour, Floats, Image, Pips

# ways to grow a region besides a colour tolerance
_GROUND, _FLOATING, _SPLIT = "ground", "floating", "split"
GREY = np.array([0.114, 0.587, 0.299])  # B, G, R weights of a colour's grey level
_RING = np.array([(math.cos(a), math.sin(a)) for a in np.linspace(0, 2 * math.pi, 12, False)])


@dataclass(frozen=True, slots=True)
class Region:
    """Touching tiles of one body colour, as one blob."""

    contour: Contour
    rect: tuple[tuple[float, float], tuple[float, float], float]
    area: float
    pips: tuple[int, ...]  # indices into the pip set it was grown from
    body: tuple[float, float, float]  # BGR
    bright: bool
    at_border: bool = False  # it reaches the picture's edge: tiles cut off, or a leak
    loose: bool = False  # grown neighbour to neighbour: its ends may not be the tiles' ends
    regrown: bool = False  # grown again with its neighbours' regions taken out (see segment)


#: how far out (x its radius) the ring round a pip lies that its tile's body is measured on
BODY_RING = 1.6


def ring_pixels(
    shape: tuple[int, ...], xy: Floats, radius: Floats, reach: float
) -> tuple[Array, Array]:
    """The pixels (xs, ys: (n, samples) each) of a ring round each spot at ``xy``, ``reach``
    times its ``radius`` out (2 pixels at least), clipped to the picture."""
    pts = xy[:, None, :] + _RING[None, :, :] * np.maximum(2.0, reach * radius)[:, None, None]
    xs = np.clip(np.round(pts[..., 0]).astype(int), 0, shape[1] - 1)
    ys = np.clip(np.round(pts[..., 1]).astype(int), 0, shape[0] - 1)
    return xs, ys


def body_colours(image: Image, pips: Pips) -> Floats:
    """The colour of each pip's tile body, (n, 3) BGR: the median of a ring around the pip,
    less its third most like a pip (where pips crowd, the ring crosses other pips)."""
    if len(pips.radius) == 0:
        return np.zeros((0, 3))
    xs, ys = ring_pixels(image.shape, pips.xy, pips.radius, BODY_RING)
    ring = image[ys, xs].astype(np.float64)  # (n, samples, 3)
    grey = ring @ GREY
    order = np.argsort(grey if pips.bright else -grey, axis=1)[:, : len(_RING) * 2 // 3]
    body: Floats = np.median(np.take_along_axis(ring, order[..., None], axis=1), axis=1)
    return body


def coloured_ring(
    image: Image, pips: Pips, least: float, reach: float, body_max: float
) -> tuple[Floats, Floats]:
    """The share of each pip's ring (``reach`` times its radius out) ``least`` or more from
    grey (a* and b*): of its samples dark enough for a black tile's body (grey level
    ``body_max`` at most: a big pip's ring reaching past its tile's end onto an orange
    cloth says nothing), and of all of them. None of a black tile's; a purple cloth's round
    a dot beside a tile, where the ring's median is half the tile's black, half or more."""
    if len(pips.radius) == 0:
        return np.zeros(0), np.zeros(0)
    h, w = image.shape[:2]
    xs, ys = ring_pixels(image.shape, pips.xy, pips.radius, reach)
    samples = image[ys, xs]
    lab = cv2.cvtColor(samples, cv2.COLOR_BGR2LAB).astype(np.float64)
    coloured = np.hypot(lab[..., 1] - 128.0, lab[..., 2] - 128.0) >= least
    # (not where the ring crosses another pip, or near it: a 6-6's red pips cross its white
    # pips' rings, and a red pip's pieces each other's)
    labels = np.zeros((h, w), np.int32)
    for k, ((x, y), r) in enumerate(zip(pips.xy, pips.radius, strict=True)):
        cv2.circle(labels, (round(x), round(y)), max(1, round(1.5 * r)), k + 1, -1)
    seen = labels[ys, xs]
    off = (seen == 0) | (seen == np.arange(1, len(pips.radius) + 1)[:, None])
    dark = off & (samples.astype(np.float64) @ GREY <= body_max)
    of_dark: Floats = (coloured & dark).sum(axis=1) / np.maximum(1, dark.sum(axis=1))
    of_all: Floats = (coloured & off).sum(axis=1) / np.maximum(1, off.sum(axis=1))
    return of_dark, of_all


def _stands_out_of_body(image: Image, pips: Pips, body: Floats) -> Floats:
    """How far each pip's middle stands from its body's colour (the most in any channel)."""
    h, w = image.shape[:2]
    xs = np.clip(np.round(pips.xy[:, 0]).astype(int), 0, w - 1)
    ys = np.clip(np.round(pips.xy[:, 1]).astype(int), 0, h - 1)
    apart: Floats = np.abs(image[ys, xs].astype(np.float64) - body).max(axis=1)
    return apart


def _some(pips: Pips, keep: Bools) -> Pips:
    """The pips where ``keep`` is true."""
    return Pips(pips.bright, pips.xy[keep], pips.radius[keep], pips.seed[keep])


def pip_mask(shape: tuple[int, int], pips: Pips, radius: float) -> Image:
    """A mask of every pip, out to ``radius`` times its own radius."""
    mask = np.zeros(shape, np.uint8)
    for (x, y), r in zip(pips.xy, pips.radius, strict=True):
        cv2.circle(mask, (round(x), round(y)), max(1, round(radius * r + 1)), 255, -1)
    return mask


def segment(
    image: Image,
    pips: Pips,
    tile_px: float,
    cfg: Config,
    ground: tuple[float, float, float] | None = None,
    not_ground: Image | None = None,
    edges: Image | None = None,
    sizing: Bools | None = None,
) -> list[Region]:
    """Regions of touching tiles grown from the pips; ``tile_px`` is a first guess of W.
    ``sizing``, when given: the pips whose size is a tile's pips' (not a pattern's dots);
    only they grow regions and are painted over.

    ``edges`` (255 on an edge), when given, bound the regions: a tile's rim stops the growth
    where the table has the tile's colour (a black tile on dark wood).

    ``ground`` (BGR), when known (the mat), is the colour of what the tiles lie on: a pip-like
    mark whose surroundings have that colour (a printed line) grows no region, and no region
    grows over it (``not_ground``: the complement of ``ground_mask``, if already made).
    """
    if len(pips.radius) == 0:
        return []
    h, w = image.shape[:2]
    if ground is not None and not_ground is None:
        not_ground = cv2.bitwise_not(ground_mask(image, ground, cfg))
    if edges is not None:
        edges = long_edges(edges, float(cfg["edge_length"]) * float(np.median(pips.radius)))
    body = body_colours(image, pips)
    # pips on a body of the other lightness, or far larger than the others (the table showing
    # between two tiles), are no tile's: painting them over would bridge the tiles either side
    body_grey = body @ GREY
    painted = (body_grey > float(cfg["dark_body_max"])) != pips.bright
    # (a pip's size from the seeds that say the tiles' size, ``sizing``: on a pattern, not
    # its dots; a cloth's hundreds of small white dots on a yellow ground made big black
    # tiles' pips "far larger than the others", and no tile grew)
    seeds = pips.seed if sizing is None else pips.seed & sizing
    seeds = seeds if seeds.any() else pips.seed
    typical = float(np.median(pips.radius[seeds] if seeds.any() else pips.radius))
    largest = float(cfg["max_pip_radius"]) * typical
    painted &= pips.radius <= largest
    if sizing is not None:
        painted &= sizing  # (a cloth's dot painted joins the region of a tile it touches)
    # nor those larger than a pip whose middle has the colour round it, where that is not
    # the other pips' body (the table showing between two tiles near each other, bordered by
    # them, painted so bridges the two). Where it is, as between a crowded face's big pips,
    # painting helps the fill over them; and the small ones may be a small tile's red pips,
    # crowded so that what lies round one is mostly its neighbours' red
    large = painted & (pips.radius > float(cfg["plain_radius"]) * typical)
    small = painted & ~large
    if large.any() and small.any():
        least = float(cfg["paint_min_contrast"])
        others = np.median(body[small], axis=0)
        plain = _stands_out_of_body(image, pips, body) <= least
        painted &= ~(large & plain & (np.abs(body - others).max(axis=1) > least))
    covered = pip_mask((h, w), _some(pips, painted), float(cfg["paint_radius"]))
    done = np.zeros(len(pips.radius), bool)
    regions: list[Region] = []
    grow = _Grower(image, pips, body, covered, edges, ground, not_ground, tile_px, largest, cfg)
    for i in np.argsort(-pips.radius):
        # (only those seeds grow regions: on a white cloth of purple checks, each of a
        # thousand checks grew one, seconds of work, and none fitted a cut)
        if done[i] or not seeds[i]:
            continue
        if ground is not None and _like_ground(body[i], ground, cfg):
            done[i] = True
            continue
        region = grow.settle(int(i), None, done)
        if region is not None:
            regions.append(region)
    # a group whose outline is no rectangle (tiles meeting at right angles) fails; where
    # some of its tiles grew regions of their own (stopped by their rims), its other tiles'
    # pips are grown once more with those regions taken out
    if not (bool(cfg["regrow"]) and regions):
        return regions
    held = {j for r in regions for j in r.pips}
    left = [int(i) for i in np.argsort(-pips.radius) if seeds[i] and int(i) not in held]
    if left:
        taken = np.zeros((h, w), np.uint8)
        cv2.drawContours(taken, [r.contour for r in regions], -1, 255, -1)
        taken = cv2.dilate(taken, np.ones((3, 3), np.uint8))
        tried = np.zeros(len(pips.radius), bool)
        reach = max(1, round(tile_px))
        for i in left:
            if tried[i] or (ground is not None and _like_ground(body[i], ground, cfg)):
                continue
            x, y = (round(v) for v in pips.xy[i])
            if not taken[
                max(0, y - reach) : y + reach + 1, max(0, x - reach) : x + reach + 1
            ].any():
                continue  # no region within a tile of it: its own fill failed, not a group's
            region = grow.settle(i, taken, tried)
            if region is not None:
                cv2.drawContours(taken, [region.contour], -1, 255, -1)
                regions.append(replace(region, regrown=True))
    return regions


class _Grower:
    """Grows the region of one seed pip, trying each colour tolerance (and the other ways) in a
    small window, then a larger one."""

    def __init__(
        self,
        image: Image,
        pips: Pips,
        body: Floats,
        covered: Image,
        edges: Image | None,
        ground: tuple[float, float, float] | None,
        not_ground: Image | None,
        tile_px: float,
        largest: float,
        cfg: Config,
    ) -> None:
        """``largest``: the radius of the largest pip a tile has (larger is the table, a coin)."""
        self.image, self.pips, self.body, self.covered = image, pips, body, covered
        self.largest = largest
        self.edges, self.not_ground, self.cfg, self.tile_px = edges, not_ground, cfg, tile_px
        self.body_grey = body @ GREY
        self.halves = [
            round(float(cfg["window_first"]) * tile_px),
            round(float(cfg["window"]) * tile_px),
        ]
        k = max(1, round(float(cfg["open_frac"]) * tile_px)) | 1
        self.kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
        # each try: a colour tolerance round the body's colour, _GROUND (on a known ground,
        # first: everything that is not the ground) or _FLOATING (last: see _floating)
        self.tries: list[float | str] = [float(t) for t in cfg["tolerances"]]
        if not_ground is not None and bool(cfg["ground_first"]):
            self.tries.insert(0, _GROUND)
        else:
            if bool(cfg["split"]):
                self.tries.append(_SPLIT)
            if float(cfg["floating"]) > 0:
                self.tries.append(_FLOATING)

    def settle(self, i: int, taken: Image | None, settled: Bools) -> Region | None:
        """The region of pip ``i`` (see __call__), its pips marked in ``settled``; failing,
        every pip near it is marked: the pips of the same tile would fail the same way.
        Unless it was far larger than the others (a coin, the table between two tiles):
        no tile's pip, it says nothing of the tiles beside it."""
        region = self(i, taken)
        settled[i] = True
        if region is None:
            if self.pips.radius[i] <= self.largest:
                reach = float(self.cfg["give_up_radius"]) * self.tile_px
                settled[np.hypot(*(self.pips.xy - self.pips.xy[i]).T) < reach] = True
            return None
        settled[list(region.pips)] = True
        return region

    def __call__(self, i: int, taken: Image | None) -> Region | None:
        """The region grown from pip ``i``, kept out of ``taken`` (255) if given; or None."""
        image, pips, cfg, edges, not_ground = (
            self.image,
            self.pips,
            self.cfg,
            self.edges,
            self.not_ground,
        )
        if (self.body_grey[i] > float(cfg["dark_body_max"])) == pips.bright:
            return None  # a body of the other polarity's shade: no region, however grown
        h, w = image.shape[:2]
        x, y = (round(v) for v in pips.xy[i])
        found = None
        x0 = y0 = 0
        tol: float | str = 0.0
        for tol in self.tries:
            # a small window first (most groups are a few tiles); a larger one when the region
            # runs into its edge
            for half in self.halves:
                x0, y0 = max(0, x - half), max(0, y - half)
                x1, y1 = min(w, x + half), min(h, y + half)
                if tol == _GROUND and not_ground is not None:
                    like = not_ground[y0:y1, x0:x1]  # pips are not the ground either
                elif tol == _FLOATING:
                    like = _floating(
                        image[y0:y1, x0:x1],
                        self.covered[y0:y1, x0:x1],
                        None if edges is None else edges[y0:y1, x0:x1],
                        (x - x0, y - y0),
                        self.body[i],
                        float(cfg["floating"]),
                    )
                elif tol == _SPLIT:
                    like = _split(
                        image[y0:y1, x0:x1],
                        self.covered[y0:y1, x0:x1],
                        None if edges is None else edges[y0:y1, x0:x1],
                        pips.bright,
                    )
                else:
                    lo = np.clip(self.body[i] - float(tol), 0, 255)
                    hi = np.clip(self.body[i] + float(tol), 0, 255)
                    like = cv2.inRange(image[y0:y1, x0:x1], lo, hi)
                    if edges is not None:
                        like = cv2.bitwise_and(like, cv2.bitwise_not(edges[y0:y1, x0:x1]))
                    like = cv2.bitwise_or(like, self.covered[y0:y1, x0:x1])
                    if not_ground is not None:
                        like = cv2.bitwise_and(like, not_ground[y0:y1, x0:x1])
                if taken is not None:
                    like = cv2.bitwise_and(like, cv2.bitwise_not(taken[y0:y1, x0:x1]))
                found, edge = _grow(
                    like, (x - x0, y - y0), (x0, y0, x1, y1), (w, h), self.kernel, cfg
                )
                if found is not None or not edge:
                    break
            if found is not None:
                break
        if found is None:
            return None
        contour, mask = found
        inside = _pips_inside(pips.xy, mask, (x0, y0))
        contour = contour + np.array([x0, y0], np.int32)
        rect = cv2.minAreaRect(contour)
        bx, by, bw, bh = cv2.boundingRect(contour)
        return Region(
            contour=contour,
            rect=((rect[0][0], rect[0][1]), (rect[1][0], rect[1][1]), rect[2]),
            area=float(cv2.contourArea(contour)),
            pips=tuple(int(j) for j in np.flatnonzero(inside)),
            body=(float(self.body[i][0]), float(self.body[i][1]), float(self.body[i][2])),
            bright=pips.bright,
            at_border=bx <= 0 or by <= 0 or bx + bw >= w or by + bh >= h,
            loose=tol == _FLOATING,
        )


def _floating(
    image: Image,
    covered: Image,
    edges: Image | None,
    seed: tuple[int, int],
    body: Floats,
    step: float,
) -> Image:
    """255 where the body's colour reaches from the seed changing by at most ``step`` from
    one pixel to the next: a tile lit unevenly (a lamp's gradient, a sheen) is one body,
    where one colour tolerance takes only the part near the seed. Pips are painted over
    with the body's colour first; edges stop the fill."""
    painted = image.copy()
    painted[covered > 0] = np.clip(np.round(body), 0, 255).astype(np.uint8)
    h, w = image.shape[:2]
    mask = np.zeros((h + 2, w + 2), np.uint8)
    if edges is not None:
        mask[1:-1, 1:-1][edges > 0] = 1  # the fill does not cross them
    flags = 8 | cv2.FLOODFILL_MASK_ONLY | (255 << 8)
    diff = (step, step, step)
    cv2.floodFill(painted, mask, seed, 0, diff, diff, flags)
    like: Image = np.where(mask[1:-1, 1:-1] == 255, 255, 0).astype(np.uint8)
    return like


def _split(image: Image, covered: Image, edges: Image | None, bright: bool) -> Image:
    """255 on the side of the window's lightness split (Otsu) that a tile of this polarity
    lies on: dark tiles on a light table (or light on dark) stand apart as a whole, however
    unevenly lit, where their colour strays too far for any one tolerance."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    mode = cv2.THRESH_BINARY_INV if bright else cv2.THRESH_BINARY
    _, like = cv2.threshold(grey, 0, 255, mode | cv2.THRESH_OTSU)
    if edges is not None:
        like = cv2.bitwise_and(like, cv2.bitwise_not(edges))
    out: Image = cv2.bitwise_or(like, covered)
    return out


def edge_mask(image: Image, cfg: Config) -> Image:
    """255 on the edges of a BGR image (Canny on its blurred grey)."""
    grey = cv2.GaussianBlur(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), (5, 5), 0)
    lo, hi = (float(v) for v in cfg["edges"])
    edges: Image = cv2.Canny(grey, lo, hi)
    return edges


def long_edges(edges: Image, min_length: float) -> Image:
    """The edges at least ``min_length`` long (a tile's rim, a seam; not the ring around a
    pip), thickened by a pixel to close small gaps."""
    contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    keep = [c for c in contours if max(cv2.boundingRect(c)[2:]) >= min_length]
    out = np.zeros_like(edges)
    cv2.drawContours(out, keep, -1, 255, 2)
    return out


def colours(image: Image) -> tuple[Array, Array]:
    """The image's B, G, R as floats, and their sum per pixel: what ``ground_mask`` and
    ``glare_on_ground`` weigh, taken once where both are asked of one image."""
    pixels = image.astype(np.float32)
    return pixels, cv2.transform(pixels, np.ones((1, 3), np.float32))


def ground_mask(
    image: Image,
    ground: tuple[float, float, float],
    cfg: Config,
    taken: tuple[Array, Array] | None = None,
) -> Image:
    """255 where a pixel has the ground's chromaticity (lit or in shadow) and is not too dark.
    (``taken``: the image's ``colours``, where the caller has them.)"""
    g = np.array(ground, np.float32)
    share = g / max(float(g.sum()), 1.0)
    pixels, total = taken if taken is not None else colours(image)
    # each channel's departure from the ground's share of the pixel's total, summed
    departure = cv2.transform(pixels, np.eye(3, dtype=np.float32) - share[:, None])
    spread = cv2.transform(np.abs(departure), np.ones((1, 3), np.float32))
    # (in shadow, not in the dark: a black tile's body, faintly tinted by the light the
    # ground throws back, has the ground's chromaticity too)
    least = max(float(cfg["ground_min_sum"]), float(cfg["ground_min_share"]) * float(g.sum()))
    near = (spread < float(cfg["ground_chroma"]) * total) & (total >= least)
    mask: Image = near.astype(np.uint8) * 255
    return mask


def glare_on_ground(
    image: Image,
    ground: tuple[float, float, float],
    cfg: Config,
    taken: tuple[Array, Array] | None = None,
) -> Image:
    """255 where a pixel is the ground's colour under a glare: lighter than the ground, and
    some share of its colour (``ground_min_share`` at least) plus grey, the glare's white
    light adding as much to every channel. Regions on the mat grow over neither (grown
    into a glare, a row of tiles is one blob with the lit mat beside it). A blurred ivory
    tile's rim on the ground is such a mix too, and may be shaved off its region: the
    mat's cells keep the known size, so the region need not reach the rim."""
    g = np.array(ground, np.float32)
    tint = g - g.mean()  # the ground's colour less its grey: what no white light makes
    if float(tint @ tint) < 1.0:
        return np.zeros(image.shape[:2], np.uint8)  # a grey ground: a glare is not told apart
    pixels, total = taken if taken is not None else colours(image)
    # each pixel as share x the ground's tint + grey (least squares), and what is left
    weights = tint / float(tint @ tint)
    share = cv2.transform(pixels, weights[None, :])
    left = np.eye(3, dtype=np.float32) - 1.0 / 3.0 - np.outer(tint, weights)
    rest = cv2.transform(np.abs(cv2.transform(pixels, left)), np.ones((1, 3), np.float32))
    lit = (rest < float(cfg["ground_chroma"]) * total) & (share >= float(cfg["ground_min_share"]))
    lit &= total > float(g.sum())
    mask: Image = lit.astype(np.uint8) * 255
    return mask


def _like_ground(body: Floats, ground: tuple[float, float, float], cfg: Config) -> bool:
    """Has this body the ground's hue (its chromaticity, which the lighting does not change)?"""
    total = float(body.sum())
    if total < float(cfg["ground_min_sum"]):
        return False  # too dark for its hue to mean anything
    g = np.array(ground, np.float64)
    chroma = np.abs(body / total - g / max(float(g.sum()), 1.0)).sum()
    return bool(chroma < float(cfg["ground_chroma"]))


def _pips_inside(xy: Floats, mask: Image, origin: tuple[int, int]) -> Bools:
    mh, mw = mask.shape
    px = np.round(xy[:, 0]).astype(int) - origin[0]
    py = np.round(xy[:, 1]).astype(int) - origin[1]
    ok = (px >= 0) & (px < mw) & (py >= 0) & (py < mh)
    inside = np.zeros(len(xy), bool)
    inside[ok] = mask[py[ok], px[ok]] > 0
    return inside


def _grow(
    like: Image,
    seed: tuple[int, int],
    window: tuple[int, int, int, int],
    size: tuple[int, int],
    kernel: Image,
    cfg: Config,
) -> tuple[tuple[Contour, Image] | None, bool]:
    """The body-coloured blob holding the seed, unless it leaked into the table; and whether
    it ran into the edge of its window (a larger window may hold it)."""
    rh, rw = like.shape[:2]
    like = cv2.morphologyEx(like, cv2.MORPH_OPEN, kernel)
    mask = np.zeros((rh + 2, rw + 2), np.uint8)
    flags = 8 | cv2.FLOODFILL_MASK_ONLY | (255 << 8)
    fx, fy, fw, fh = cv2.floodFill(like, mask, seed, 0, 0, 0, flags)[3]
    # notches where the body's colour strayed (a crowded half, a highlight) are not leaks;
    # closed only near the fill: a kernel's width further out, closing changes nothing
    pad = kernel.shape[0] + 1
    cx0, cy0 = max(0, fx - pad), max(0, fy - pad)
    near: Image = mask[1 + cy0 : 1 + min(rh, fy + fh + pad), 1 + cx0 : 1 + min(rw, fx + fw + pad)]
    region = cv2.morphologyEx(near, cv2.MORPH_CLOSE, kernel)
    contours, _ = cv2.findContours(
        region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE, offset=(cx0, cy0)
    )
    if not contours:
        return None, False
    contour = max(contours, key=cv2.contourArea)
    area = float(cv2.contourArea(contour))
    w, h = size
    if area > float(cfg["max_region_frac"]) * w * h or area < 4:
        return None, False
    x0, y0, x1, y1 = window
    bx, by, bw, bh = cv2.boundingRect(contour)
    at_edge = (bx == 0 and x0 > 0) or (by == 0 and y0 > 0)
    at_edge = at_edge or (bx + bw >= rw and x1 < w) or (by + bh >= rh and y1 < h)
    if at_edge:
        return None, True
    (_, _), (rwid, rhei), _ = cv2.minAreaRect(contour)
    if area < float(cfg["min_fill"]) * max(rwid * rhei, 1.0):
        return None, False
    if area < float(cfg["min_solidity"]) * max(cv2.contourArea(cv2.convexHull(contour)), 1.0):
        return None, False
    filled = np.zeros((rh, rw), np.uint8)
    cv2.drawContours(filled, [contour], -1, 255, -1)
    return (contour, filled), False
