"""The renderer: tiles, table surfaces, the camera and its defects."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from ..config import Config, load_config
from ..faces import CHINESE_SET, CIVIL_FACES, RED_COUNTS, parse_face
from ..layout import MatLayout, load_layout

Image = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float64]

#: Pip centres of one half, (across, along) in [0, 1], along measured from the tile's end to
#: the middle; the other half is the same turned half a turn. The 6 is two columns of three.
PIP_LAYOUT: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.4),),
    2: ((0.29, 0.32), (0.71, 0.32)),
    3: ((0.27, 0.2), (0.5, 0.47), (0.73, 0.74)),
    4: ((0.29, 0.28), (0.71, 0.28), (0.29, 0.74), (0.71, 0.74)),
    5: ((0.27, 0.2), (0.73, 0.2), (0.5, 0.48), (0.27, 0.77), (0.73, 0.77)),
    6: ((0.29, 0.17), (0.71, 0.17), (0.29, 0.48), (0.71, 0.48), (0.29, 0.79), (0.71, 0.79)),
}

#: The 3-3 as many sets draw it (the "long three"): its 3s run along the tile, two pips on
#: the centre line and one beside it at the tile's middle (the other half's on the other side).
LONG_THREE: tuple[tuple[float, float], ...] = ((0.5, 0.3), (0.5, 0.64), (0.26, 0.98))


@dataclass(frozen=True, slots=True)
class TruthTile:
    """One tile as drawn: its face (None when face down), corners in the frame, its zone."""

    face: str | None
    corners: tuple[tuple[float, float], ...]
    zone: str | None = None

    @property
    def center(self) -> tuple[float, float]:
        xs = [c[0] for c in self.corners]
        ys = [c[1] for c in self.corners]
        return (sum(xs) / 4, sum(ys) / 4)


@dataclass(slots=True)
class Scene:
    """The truth of a rendered frame."""

    tiles: list[TruthTile] = field(default_factory=list)
    distractors: int = 0
    scheme: str = "dark"
    homography: FloatArray | None = None  # world -> frame

    @property
    def face_up(self) -> list[TruthTile]:
        return [t for t in self.tiles if t.face is not None]

    @property
    def face_down(self) -> int:
        return sum(1 for t in self.tiles if t.face is None)


@dataclass(frozen=True, slots=True)
class _Placed:
    face: str | None
    center: tuple[float, float]
    angle: float  # radians; 0 = long side vertical
    width: float
    length: float
    zone: str | None = None

    def corners(self) -> FloatArray:
        c, s = math.cos(self.angle), math.sin(self.angle)
        hw, hl = self.width / 2, self.length / 2
        local = [(-hw, -hl), (hw, -hl), (hw, hl), (-hw, hl)]
        return np.array(
            [(self.center[0] + x * c - y * s, self.center[1] + x * s + y * c) for x, y in local]
        )

    def to_world(self, u: float, v: float) -> tuple[float, float]:
        """Tile coordinates (u across, v along, both 0..1 from the top-left) to the world."""
        x, y = (u - 0.5) * self.width, (v - 0.5) * self.length
        c, s = math.cos(self.angle), math.sin(self.angle)
        return (self.center[0] + x * c - y * s, self.center[1] + x * s + y * c)


@dataclass(frozen=True, slots=True)
class _Style:
    body: tuple[int, int, int]
    rim: tuple[int, int, int]
    pip: tuple[int, int, int]
    red: tuple[int, int, int]
    pip_diameter: float
    one_scale: float
    scheme: str
    long_three: bool = False  # the 3-3's 3s run along the tile (see LONG_THREE)
    #: a line between the halves, as some sets have: (length and width as fractions of the
    #: tile's width, its colour); None for none
    line: tuple[float, float, tuple[int, int, int]] | None = None


def _uniform(rng: np.random.Generator, bounds: Sequence[float]) -> float:
    return float(rng.uniform(float(bounds[0]), float(bounds[1])))


def _colour(rng: np.random.Generator, ranges: Sequence[Sequence[int]]) -> tuple[int, int, int]:
    b, g, r = (int(rng.integers(lo, hi + 1)) for lo, hi in ranges)
    return (b, g, r)


def _style(rng: np.random.Generator, cfg: Config, scheme: str | None = None) -> _Style:
    if scheme is None:
        scheme = "ivory" if rng.random() < float(cfg["ivory_share"]) else "dark"
    red = _colour(rng, cfg["red_pip_bgr"])
    if scheme == "ivory":
        body = _colour(rng, cfg["ivory_body"])
        v = int(rng.integers(cfg["black_pip"][0], cfg["black_pip"][1] + 1))
        pip = (v, v, v)
        rim = (int(body[0] * 0.8), int(body[1] * 0.8), int(body[2] * 0.8))
    else:
        body = _colour(rng, cfg["dark_body"])
        v = int(rng.integers(cfg["white_pip"][0], cfg["white_pip"][1] + 1))
        pip = (v, v, v - int(rng.integers(0, 15)))
        rim = (body[0] + 25, body[1] + 25, body[2] + 25)
    return _Style(
        body=body,
        rim=rim,
        pip=pip,
        red=red,
        pip_diameter=_uniform(rng, cfg["pip_diameter"]),
        one_scale=_uniform(rng, cfg["one_pip_scale"]),
        scheme=scheme,
        # drawn from a child generator: the scene's own stream (where its tiles lie) is the
        # same with this choice as it was before the choice was made
        long_three=bool(rng.spawn(1)[0].random() < float(cfg["long_three_share"])),
        line=_line(rng.spawn(1)[0], cfg, body, scheme),
    )


def _line(
    rng: np.random.Generator, cfg: Config, body: tuple[int, int, int], scheme: str
) -> tuple[float, float, tuple[int, int, int]] | None:
    """The line between the halves some sets have (engraved or painted): lighter than a black
    body, darker than an ivory one; None for a set without. (From its own generator, as the
    long three: a scene's tiles lie where they did before the choice was made.)"""
    if not rng.random() < float(cfg.get("centre_line_share", 0.0)):
        return None
    contrast = _uniform(rng, cfg["centre_line_contrast"])
    sign = -1 if scheme == "ivory" else 1
    colour = tuple(int(np.clip(c + sign * contrast, 0, 255)) for c in body)
    length = _uniform(rng, cfg["centre_line_length"])
    width = _uniform(rng, cfg["centre_line_width"])
    return (length, width, (colour[0], colour[1], colour[2]))


_SHIFT = 4  # sub-pixel bits for cv2 drawing
_SCALE = 1 << _SHIFT


def _fixed(points: FloatArray) -> npt.NDArray[np.int32]:
    return np.round(points * _SCALE).astype(np.int32)


def _rounded_outline(tile: _Placed, radius: float, steps: int = 5) -> FloatArray:
    """The tile's outline with rounded corners, in world coordinates."""
    r_u, r_v = radius / tile.width, radius / tile.length
    pts: list[tuple[float, float]] = []
    corners = [(r_u, r_v, math.pi), (1 - r_u, r_v, 1.5 * math.pi)]
    corners += [(1 - r_u, 1 - r_v, 0.0), (r_u, 1 - r_v, 0.5 * math.pi)]
    for cu, cv, start in corners:
        for k in range(steps + 1):
            a = start + 0.5 * math.pi * k / steps
            pts.append(tile.to_world(cu + r_u * math.cos(a), cv + r_v * math.sin(a)))
    return np.array(pts)


def _pips(face: str, style: _Style) -> list[tuple[float, float, float, bool]]:
    """(u, v, radius as a fraction of the width, red) of every pip of a face-up tile."""
    high, low = parse_face(face)
    out: list[tuple[float, float, float, bool]] = []
    for half, count in ((0, high), (1, low)):
        radius = style.pip_diameter / 2 * (style.one_scale if count == 1 else 1.0)
        layout = LONG_THREE if face == "3-3" and style.long_three else PIP_LAYOUT[count]
        for across, along in layout:
            u, v = across, along * 0.5
            if half == 1:
                u, v = 1 - u, 1 - v
            if count in RED_COUNTS:
                red = True
            elif face == "6-6":
                red = u < 0.5 if half == 0 else u > 0.5
            else:
                red = False
            out.append((u, v, radius, red))
    return out


def _draw_tile(canvas: Image, tile: _Placed, style: _Style, cfg: Config) -> None:
    outline = _fixed(_rounded_outline(tile, float(cfg["corner_radius"]) * tile.width))
    cv2.fillPoly(canvas, [outline], style.rim, cv2.LINE_AA, _SHIFT)
    inner = _Placed(
        tile.face,
        tile.center,
        tile.angle,
        tile.width * (1 - 2 * float(cfg["bevel"])),
        tile.length - 2 * float(cfg["bevel"]) * tile.width,
    )
    inner_outline = _fixed(_rounded_outline(inner, float(cfg["corner_radius"]) * inner.width))
    cv2.fillPoly(canvas, [inner_outline], style.body, cv2.LINE_AA, _SHIFT)
    if tile.face is None:
        return
    if style.line is not None:
        length, width, colour = style.line
        ends = [tile.to_world(0.5 + sign * length / 2, 0.5) for sign in (-1, 1)]
        a, b = (tuple(round(c * _SCALE) for c in end) for end in ends)
        thickness = max(1, round(width * tile.width))
        cv2.line(canvas, a, b, colour, thickness, cv2.LINE_AA, _SHIFT)
    for u, v, radius, red in _pips(tile.face, style):
        x, y = tile.to_world(u, v)
        r = radius * tile.width
        colour = style.red if red else style.pip
        centre = (round(x * _SCALE), round(y * _SCALE))
        cv2.circle(canvas, centre, round(r * _SCALE), colour, -1, cv2.LINE_AA, _SHIFT)
        if style.scheme == "dark":  # a concave cup: darker rim on the far side
            shade = tuple(int(c * 0.8) for c in colour)
            off = (round((x + 0.25 * r) * _SCALE), round((y + 0.25 * r) * _SCALE))
            cv2.circle(canvas, off, round(0.55 * r * _SCALE), shade, -1, cv2.LINE_AA, _SHIFT)


def _background(rng: np.random.Generator, width: int, height: int) -> Image:
    kind = str(rng.choice(["felt", "wood", "cloth"]))
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    if kind == "wood":
        light = rng.random() < 0.5
        base = np.array([60, 110, 170] if light else [30, 45, 70], np.float32) * rng.uniform(
            0.8, 1.15
        )
        theta = rng.uniform(0, math.pi)
        t = xx * math.cos(theta) + yy * math.sin(theta)
        wobble = 6 * np.sin(0.01 * (yy * math.cos(theta) - xx * math.sin(theta)))
        grain = np.sin((t + wobble) * rng.uniform(0.08, 0.25)) * 0.5 + 0.5
        grain2 = np.sin((t + 3 * wobble) * rng.uniform(0.02, 0.05))
        shade = 1 + 0.12 * grain * rng.uniform(0.5, 1.5) + 0.08 * grain2
        img = base[None, None, :] * shade[..., None]
    elif kind == "felt":
        palette = [[40, 100, 30], [90, 60, 20], [30, 30, 120], [60, 60, 60], [35, 70, 45]]
        base = np.array(palette[int(rng.integers(len(palette)))], np.float32)
        base *= rng.uniform(0.7, 1.3)
        img = np.broadcast_to(base, (height, width, 3)).copy()
    else:
        palette = [[150, 150, 150], [60, 40, 110], [120, 90, 60], [170, 190, 200], [70, 70, 90]]
        base = np.array(palette[int(rng.integers(len(palette)))], np.float32)
        period = rng.uniform(3, 7)
        weave = 0.06 * np.sin(xx * 2 * math.pi / period) * np.sin(yy * 2 * math.pi / period)
        img = base[None, None, :] * (1 + weave[..., None])
    grain_noise = rng.normal(0, 4, (height, width, 1)).astype(np.float32)
    img = img + grain_noise
    out: Image = np.clip(img, 0, 255).astype(np.uint8)
    return out


def _effects(rng: np.random.Generator, frame: Image, cfg: Config) -> Image:
    h, w = frame.shape[:2]
    img = frame.astype(np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    theta = rng.uniform(0, 2 * math.pi)
    t = (xx - w / 2) * math.cos(theta) + (yy - h / 2) * math.sin(theta)
    t = (t - t.min()) / max(float(t.max() - t.min()), 1.0)
    low = _uniform(rng, cfg["light_gradient"])
    img *= (low + (1 - low) * t)[..., None]
    for _ in range(int(rng.integers(cfg["glare"][0], cfg["glare"][1] + 1))):
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        sx, sy = rng.uniform(0.03, 0.15) * w, rng.uniform(0.03, 0.15) * h
        g = np.exp(-(((xx - cx) / sx) ** 2 + ((yy - cy) / sy) ** 2))
        img += (255 * _uniform(rng, cfg["glare_strength"]) * g)[..., None]
    sigma = _uniform(rng, cfg["blur_sigma"])
    if sigma > 0.3:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    img += rng.normal(0, _uniform(rng, cfg["noise_sigma"]), img.shape).astype(np.float32)
    out = np.clip(img, 0, 255).astype(np.uint8)
    quality = int(rng.integers(cfg["jpeg_quality"][0], cfg["jpeg_quality"][1] + 1))
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
    decoded = cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else None
    if decoded is not None:
        return np.asarray(decoded, np.uint8)
    return out


def _shadows(
    rng: np.random.Generator, canvas: Image, tiles: Sequence[_Placed], cfg: Config, radius: float
) -> None:
    if not tiles:
        return
    mask = np.zeros(canvas.shape[:2], np.uint8)
    theta = rng.uniform(0, 2 * math.pi)
    dist = _uniform(rng, cfg["shadow_offset"]) * tiles[0].width
    dx, dy = dist * math.cos(theta), dist * math.sin(theta)
    for tile in tiles:
        shifted = _Placed(
            None, (tile.center[0] + dx, tile.center[1] + dy), tile.angle, tile.width, tile.length
        )
        cv2.fillPoly(
            mask, [_fixed(_rounded_outline(shifted, radius * tile.width))], 255, cv2.LINE_AA, _SHIFT
        )
    soft = cv2.GaussianBlur(mask, (0, 0), max(1.0, dist)).astype(np.float32) / 255
    strength = _uniform(rng, cfg["shadow_strength"])
    canvas[:] = (canvas.astype(np.float32) * (1 - strength * soft)[..., None]).astype(np.uint8)


def _draw_distractor(
    rng: np.random.Generator, canvas: Image, center: tuple[float, float], size: float
) -> None:
    x, y = center
    if rng.random() < 0.5:  # a coin
        colour = (40, 150, 200) if rng.random() < 0.5 else (180, 180, 175)
        c = (round(x * _SCALE), round(y * _SCALE))
        cv2.circle(canvas, c, round(size / 2 * _SCALE), colour, -1, cv2.LINE_AA, _SHIFT)
        cv2.circle(
            canvas,
            c,
            round(size / 2.6 * _SCALE),
            tuple(int(v * 0.8) for v in colour),
            max(1, round(size / 25)),
            cv2.LINE_AA,
            _SHIFT,
        )
        return
    die = _Placed(None, center, rng.uniform(0, math.pi), size, size)  # a die
    white = (225, 230, 235)
    cv2.fillPoly(canvas, [_fixed(_rounded_outline(die, 0.15 * size))], white, cv2.LINE_AA, _SHIFT)
    n = int(rng.integers(1, 7))
    pips = PIP_LAYOUT[n] if n != 1 else ((0.5, 0.5),)
    colour = (30, 30, 200) if n in (1, 4) else (120, 40, 20)
    for u, v in pips:
        px, py = die.to_world(u, v if n == 1 else 0.1 + 0.8 * v)
        cv2.circle(
            canvas,
            (round(px * _SCALE), round(py * _SCALE)),
            round(0.09 * size * _SCALE),
            colour,
            -1,
            cv2.LINE_AA,
            _SHIFT,
        )


#: Suit marks of a playing card's number cards, (across, along) in [0, 1].
_CARD_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0.2), (0.5, 0.8)),
    3: ((0.5, 0.2), (0.5, 0.5), (0.5, 0.8)),
    4: ((0.3, 0.2), (0.7, 0.2), (0.3, 0.8), (0.7, 0.8)),
    5: ((0.3, 0.2), (0.7, 0.2), (0.5, 0.5), (0.3, 0.8), (0.7, 0.8)),
    6: ((0.3, 0.2), (0.7, 0.2), (0.3, 0.5), (0.7, 0.5), (0.3, 0.8), (0.7, 0.8)),
    7: ((0.3, 0.2), (0.7, 0.2), (0.5, 0.35), (0.3, 0.5), (0.7, 0.5), (0.3, 0.8), (0.7, 0.8)),
    8: (
        (0.3, 0.2),
        (0.7, 0.2),
        (0.5, 0.35),
        (0.3, 0.5),
        (0.7, 0.5),
        (0.5, 0.65),
        (0.3, 0.8),
        (0.7, 0.8),
    ),
    9: (*((u, v) for u in (0.3, 0.7) for v in (0.2, 0.4, 0.6, 0.8)), (0.5, 0.5)),
    10: (*((u, v) for u in (0.3, 0.7) for v in (0.2, 0.4, 0.6, 0.8)), (0.5, 0.3), (0.5, 0.7)),
}


def _card(rng: np.random.Generator, center: tuple[float, float], width: float) -> _Placed:
    """Where a playing card lies: a tile-sized box would not hold it."""
    return _Placed(None, center, rng.uniform(0, math.pi), width, 1.4 * width)


def _draw_card(rng: np.random.Generator, canvas: Image, card: _Placed) -> None:
    """A number card: white, its suit's marks red or black, round or diamond."""
    white = tuple(int(v) for v in rng.integers(228, 248, 3))
    cv2.fillPoly(
        canvas, [_fixed(_rounded_outline(card, 0.06 * card.width))], white, cv2.LINE_AA, _SHIFT
    )
    red = bool(rng.random() < 0.5)
    colour = (40, 40, 200) if red else (35, 35, 35)
    diamond = red and bool(rng.random() < 0.5)
    r = float(rng.uniform(0.06, 0.085)) * card.width  # a suit's mark, some 9 mm of 63
    for u, v in _CARD_PIPS[int(rng.integers(2, 11))]:
        x, y = card.to_world(u, v)
        if diamond:
            outline = np.array([(x, y - 1.3 * r), (x + r, y), (x, y + 1.3 * r), (x - r, y)])
            cv2.fillPoly(canvas, [_fixed(outline)], colour, cv2.LINE_AA, _SHIFT)
        else:
            cv2.circle(
                canvas,
                (round(x * _SCALE), round(y * _SCALE)),
                round(r * _SCALE),
                colour,
                -1,
                cv2.LINE_AA,
                _SHIFT,
            )


#: Skin tones (BGR), light to dark.
_SKIN = ((165, 185, 225), (120, 150, 205), (85, 115, 170), (60, 80, 120))


def _hand(
    rng: np.random.Generator, center: tuple[float, float], size: float
) -> tuple[list[FloatArray], tuple[int, int, int]]:
    """A hand resting on the table, its forearm behind it: outlines (world) and a skin tone."""
    a = rng.uniform(0, 2 * math.pi)
    c, s = math.cos(a), math.sin(a)

    def at(u: float, v: float) -> tuple[float, float]:  # u forward, v sideways, in sizes
        return (center[0] + size * (u * c - v * s), center[1] + size * (u * s + v * c))

    def ellipse(u: float, v: float, half_len: float, half_wid: float, turn: float) -> FloatArray:
        t = np.linspace(0, 2 * math.pi, 24, endpoint=False)
        ct, st = math.cos(turn), math.sin(turn)
        us = u + half_len * np.cos(t) * ct - half_wid * np.sin(t) * st
        vs = v + half_len * np.cos(t) * st + half_wid * np.sin(t) * ct
        return np.array([at(float(x), float(y)) for x, y in zip(us, vs, strict=True)])

    parts = [ellipse(0.0, 0.0, 0.5, 0.42, 0.0)]  # the palm
    spread = rng.uniform(0.1, 0.3)
    for side in (-1.5, -0.5, 0.5, 1.5):
        turn = side * spread / 1.5
        reach = 0.45 - 0.06 * abs(side)
        parts.append(ellipse(0.45 + reach * math.cos(turn), 0.25 * side, reach, 0.08, turn))
    thumb = rng.choice([-1.0, 1.0])
    parts.append(ellipse(0.2, 0.5 * thumb, 0.3, 0.1, 0.9 * thumb))
    length = float(rng.uniform(2.0, 3.0))
    parts.append(np.array([at(-0.2, -0.33), at(-length, -0.4), at(-length, 0.4), at(-0.2, 0.33)]))
    skin = _SKIN[int(rng.integers(0, len(_SKIN)))]
    tone = tuple(int(np.clip(v + rng.integers(-12, 13), 0, 255)) for v in skin)
    return parts, (tone[0], tone[1], tone[2])


def _place_extras(
    rng: np.random.Generator,
    canvas: Image,
    occupied: Image,
    width: float,
    margin: float,
    cards: int,
    hands: int,
    tries: int,
) -> list[tuple[list[FloatArray], tuple[int, int, int]]]:
    """Playing cards (drawn now, on the table) and hands (returned, to be drawn over the
    tiles, though clear of them), each where nothing else lies."""
    wh, ww = canvas.shape[:2]
    later: list[tuple[list[FloatArray], tuple[int, int, int]]] = []
    for kind in ["card"] * cards + ["hand"] * hands:
        for _ in range(tries):
            center = (rng.uniform(0.1 * ww, 0.9 * ww), rng.uniform(0.1 * wh, 0.9 * wh))
            if kind == "card":
                card = _card(rng, center, width * float(rng.uniform(1.9, 2.6)))
                polys = [card.corners()]
            else:
                polys, tone = _hand(rng, center, width * float(rng.uniform(1.8, 2.6)))
            if _free(occupied, polys, margin, within=kind == "card"):
                for poly in polys:
                    cv2.fillPoly(occupied, [np.round(poly).astype(np.int32)], 255)
                if kind == "card":
                    _draw_card(rng, canvas, card)
                else:
                    later.append((polys, tone))
                break
    return later


def _group(
    rng: np.random.Generator,
    kind: str,
    faces: list[str | None],
    width: float,
    length: float,
    gap: float,
    center: tuple[float, float],
) -> list[_Placed]:
    """Tiles of one group (touching), around a centre, turned by a random angle."""
    angle = (
        float(rng.uniform(0, 2 * math.pi))
        if rng.random() < 0.5
        else float(rng.choice([0.0, math.pi / 2, math.pi, 1.5 * math.pi]) + rng.normal(0, 0.03))
    )
    n = len(faces)
    offsets: list[tuple[float, float]] = []
    if kind == "row":
        offsets = [((i - (n - 1) / 2) * (width + gap), 0.0) for i in range(n)]
    elif kind == "column":
        offsets = [(0.0, (i - (n - 1) / 2) * (length + gap)) for i in range(n)]
    elif kind == "block":
        cols = (n + 1) // 2
        for i in range(n):
            row, col = divmod(i, cols)
            offsets.append(((col - (cols - 1) / 2) * (width + gap), (row - 0.5) * (length + gap)))
    else:
        offsets = [(0.0, 0.0)] * n
    c, s = math.cos(angle), math.sin(angle)
    out = []
    for face, (ox, oy) in zip(faces, offsets, strict=True):
        flip = math.pi if rng.random() < 0.5 else 0.0
        pos = (center[0] + ox * c - oy * s, center[1] + ox * s + oy * c)
        out.append(_Placed(face, pos, angle + flip, width, length))
    return out


def _free(occupied: Image, polys: Sequence[FloatArray], margin: float, within: bool = True) -> bool:
    """Is nothing placed under the outlines (and ``margin`` about them), all of them on the
    canvas when ``within`` (else the part on it: a forearm reaches past the edge)?"""
    mask = np.zeros_like(occupied)
    for poly in polys:
        cv2.fillPoly(mask, [np.round(poly).astype(np.int32)], 255)
    if margin > 0:
        k = max(1, round(margin))
        mask = cv2.dilate(mask, np.ones((2 * k + 1, 2 * k + 1), np.uint8))
    h, w = mask.shape
    inside = not within or all(0 <= p[0] < w and 0 <= p[1] < h for poly in polys for p in poly)
    return inside and not bool(np.any(cv2.bitwise_and(mask, occupied)))


def _camera(
    rng: np.random.Generator,
    world_size: tuple[int, int],
    frame: tuple[int, int],
    region: FloatArray,
    jitter: float,
) -> FloatArray:
    """A homography taking the world region (4 corners) to the frame, with perspective."""
    fw, fh = frame
    dst = np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], np.float64)
    dst += rng.uniform(-jitter, jitter, (4, 2)) * np.array([fw, fh])
    h: FloatArray = cv2.getPerspectiveTransform(region.astype(np.float32), dst.astype(np.float32))
    return h


def _project(h: FloatArray, points: FloatArray) -> tuple[tuple[float, float], ...]:
    out = cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float64), h).reshape(-1, 2)
    return tuple((float(x), float(y)) for x, y in out)


def render_scene(
    seed: int,
    faces: Sequence[str | None] | None = None,
    cfg: Config | None = None,
    scheme: str | None = None,
    distractors: int | None = None,
    cards: int | None = None,
    hands: int | None = None,
) -> tuple[Image, Scene]:
    """A random table seen from above: tiles in touching groups or alone, any rotation.

    ``faces`` fixes the tiles (None = face down); otherwise they are drawn from a shuffled set.
    ``cards`` and ``hands`` (playing cards, hands resting on the table clear of the tiles)
    are drawn from a generator of their own: a scene without them is as it was before them.
    """
    cfg = cfg if cfg is not None else load_config("synth")
    rng = np.random.default_rng(seed)
    tcfg, scfg = cfg["tile"], cfg["scene"]
    fw, fh = (int(v) for v in scfg["frame"])
    if faces is None:
        n = int(rng.integers(scfg["tiles"][0], scfg["tiles"][1] + 1))
        if bool(scfg["pairs"]):
            # pairs laid together, as players lay one: the civil faces, which a set holds twice
            civil = list(CIVIL_FACES)
            rng.shuffle(civil)
            faces = [f for f in civil for _ in range(2)][:n]
        else:
            pool = list(CHINESE_SET)
            rng.shuffle(pool)
            faces = [None if rng.random() < float(scfg["face_down_share"]) else f for f in pool[:n]]
    style = _style(rng, tcfg, scheme)
    zoom = _uniform(rng, cfg["camera"]["zoom"])
    ww, wh = round(fw * zoom * 1.1), round(fh * zoom * 1.1)
    canvas = _background(rng, ww, wh)
    width = _uniform(rng, tcfg["width_px"]) * zoom
    length = width * _uniform(rng, tcfg["aspect"])
    margin = float(scfg["margin"]) * width
    region = np.array(
        [
            [0.05 * ww, 0.05 * wh],
            [0.95 * ww, 0.05 * wh],
            [0.95 * ww, 0.95 * wh],
            [0.05 * ww, 0.95 * wh],
        ]
    )
    occupied = np.zeros((wh, ww), np.uint8)
    cv2.fillPoly(occupied, [np.round(region).astype(np.int32)], 255)
    occupied = cv2.bitwise_not(occupied)
    placed: list[_Placed] = []
    todo = list(faces)
    while todo:
        kind = str(rng.choice(scfg["groups"]))
        size = (
            1
            if kind == "single"
            else int(rng.integers(scfg["group_size"][0], scfg["group_size"][1] + 1))
        )
        chunk, todo = todo[:size], todo[size:]
        gap = _uniform(rng, scfg["gap"]) * width
        for _ in range(int(scfg["placement_tries"])):
            center = (rng.uniform(0.1 * ww, 0.9 * ww), rng.uniform(0.1 * wh, 0.9 * wh))
            group = _group(rng, kind, chunk, width, length, gap, center)
            polys = [t.corners() for t in group]
            if _free(occupied, polys, margin):
                for poly in polys:
                    cv2.fillPoly(occupied, [np.round(poly).astype(np.int32)], 255)
                placed.extend(group)
                break
    n_distract = (
        distractors
        if distractors is not None
        else int(rng.integers(scfg["distractors"][0], scfg["distractors"][1] + 1))
    )
    drawn_distractors = 0
    for _ in range(n_distract):
        dsize = width * float(rng.uniform(0.6, 0.9))
        for _ in range(int(scfg["placement_tries"])):
            center = (rng.uniform(0.1 * ww, 0.9 * ww), rng.uniform(0.1 * wh, 0.9 * wh))
            box = _Placed(None, center, 0.0, dsize * 1.5, dsize * 1.5).corners()
            if _free(occupied, [box], margin):
                cv2.fillPoly(occupied, [np.round(box).astype(np.int32)], 255)
                _draw_distractor(rng, canvas, center, dsize)
                drawn_distractors += 1
                break
    extra = rng.spawn(1)[0]
    lo, hi = (int(v) for v in scfg["cards"])
    n_cards = cards if cards is not None else int(extra.integers(lo, hi + 1))
    lo, hi = (int(v) for v in scfg["hands"])
    n_hands = hands if hands is not None else int(extra.integers(lo, hi + 1))
    over = _place_extras(
        extra, canvas, occupied, width, margin, n_cards, n_hands, int(scfg["placement_tries"])
    )
    _shadows(rng, canvas, placed, cfg["effects"], float(tcfg["corner_radius"]))
    for tile in placed:
        _draw_tile(canvas, tile, style, tcfg)
    for polys, tone in over:
        for poly in polys:
            cv2.fillPoly(canvas, [_fixed(poly)], tone, cv2.LINE_AA, _SHIFT)
    h = _camera(rng, (ww, wh), (fw, fh), region, float(cfg["camera"]["perspective"]))
    frame: Image = cv2.warpPerspective(
        canvas, h, (fw, fh), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REFLECT
    )
    frame = _effects(rng, frame, cfg["effects"])
    truth = Scene(
        tiles=[TruthTile(t.face, _project(h, t.corners())) for t in placed],
        distractors=drawn_distractors,
        scheme=style.scheme,
        homography=h,
    )
    return frame, truth


def draw_mat(layout: MatLayout, ppm: float) -> Image:
    """The printed mat seen straight from above, ``ppm`` pixels per millimetre."""
    w, h = round(layout.width_mm * ppm), round(layout.height_mm * ppm)
    mat = np.empty((h, w, 3), np.uint8)
    r, g, b = layout.colour
    mat[:] = (b, g, r)
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.dictionary))
    side = round(layout.marker_mm * ppm)
    quiet = round(layout.quiet_mm * ppm)
    for marker_id, corners in layout.markers.items():
        img = cv2.aruco.generateImageMarker(dictionary, marker_id, side)
        x0, y0 = round(corners[0][0] * ppm), round(corners[0][1] * ppm)
        cv2.rectangle(
            mat,
            (x0 - quiet, y0 - quiet),
            (x0 + side + quiet, y0 + side + quiet),
            (255, 255, 255),
            -1,
        )
        mat[y0 : y0 + side, x0 : x0 + side] = img[..., None]
    thick = max(1, round(0.8 * ppm))
    r, g, b = layout.ink
    for zone in layout.zones:
        p0 = (round(zone.x0 * ppm), round(zone.y0 * ppm))
        p1 = (round(zone.x1 * ppm), round(zone.y1 * ppm))
        cv2.rectangle(mat, p0, p1, (b, g, r), thick, cv2.LINE_AA)
    return mat


def _zone_tiles(
    rng: np.random.Generator,
    layout: MatLayout,
    zone_name: str,
    faces: Sequence[str | None],
    ppm: float,
) -> list[_Placed]:
    """Tiles laid in a zone: a touching row across the zone (a column on side seats)."""
    zone = layout.zone(zone_name)
    tw, tl = layout.tile_mm[0] * ppm, layout.tile_mm[1] * ppm
    cx, cy = zone.center[0] * ppm, zone.center[1] * ppm
    wide = (zone.x1 - zone.x0) >= (zone.y1 - zone.y0)
    angle = (0.0 if wide else math.pi / 2) + float(rng.normal(0, 0.04))
    gap = float(rng.uniform(0, 0.03)) * tw
    n = len(faces)
    center = (cx + float(rng.normal(0, 0.05)) * tw, cy + float(rng.normal(0, 0.05)) * tw)
    if n > 4 and ".won" in zone_name:  # won tricks: a block of two rows
        return _group(rng, "block", list(faces), tw, tl, gap, center)
    c, s = math.cos(angle), math.sin(angle)
    out = []
    for i, face in enumerate(faces):
        ox = (i - (n - 1) / 2) * (tw + gap)
        flip = math.pi if rng.random() < 0.5 else 0.0
        pos = (center[0] + ox * c, center[1] + ox * s)
        out.append(_Placed(face, pos, angle + flip, tw, tl, zone_name))
    return out


def render_table(
    tiles_by_zone: Mapping[str, Sequence[str | None]],
    seed: int,
    frame: tuple[int, int] = (1280, 720),
    layout: MatLayout | None = None,
    cfg: Config | None = None,
    scheme: str = "dark",
    effects: bool = True,
) -> tuple[Image, Scene]:
    """A camera frame of the mat with the given faces (None = face down) in the given zones.

    Zones are the names of ``config/mat.toml`` (``"seat0.play"``, ``"centre"``, ``"seat2.won"``).
    """
    cfg = cfg if cfg is not None else load_config("synth")
    layout = layout if layout is not None else load_layout()
    rng = np.random.default_rng(seed)
    ppm = float(cfg["table"]["ppm"])
    margin = float(cfg["table"]["table_margin_mm"])
    mat = draw_mat(layout, ppm)
    pad = round(margin * ppm)
    canvas = _background(rng, mat.shape[1] + 2 * pad, mat.shape[0] + 2 * pad)
    canvas[pad : pad + mat.shape[0], pad : pad + mat.shape[1]] = mat
    style = _style(rng, cfg["tile"], scheme)
    placed: list[_Placed] = []
    for zone_name, faces in tiles_by_zone.items():
        for t in _zone_tiles(rng, layout, zone_name, faces, ppm):
            moved = _Placed(
                t.face,
                (t.center[0] + pad, t.center[1] + pad),
                t.angle,
                t.width,
                t.length,
                zone_name,
            )
            placed.append(moved)
    _shadows(rng, canvas, placed, cfg["effects"], float(cfg["tile"]["corner_radius"]))
    for tile in placed:
        _draw_tile(canvas, tile, style, cfg["tile"])
    fw, fh = frame
    ch, cw = canvas.shape[:2]
    # keep the aspect: fit the canvas to the frame, then let the camera jitter it
    scale = min(fw / cw, fh / ch)
    ox, oy = (fw - cw * scale) / 2, (fh - ch * scale) / 2
    fit = np.array([[scale, 0, ox], [0, scale, oy], [0, 0, 1]])
    jitter = float(cfg["table"]["perspective"])
    src = np.array([[0, 0], [cw, 0], [cw, ch], [0, ch]], np.float64)
    dst = cv2.perspectiveTransform(src.reshape(-1, 1, 2), fit).reshape(-1, 2)
    # the camera's pose comes from the seed alone, not from what lies on the mat: frames of one
    # seed are one fixed camera, as at a real table
    pose = np.random.default_rng([seed, 1])
    dst += pose.uniform(-jitter, jitter, (4, 2)) * np.array([fw, fh])
    h: FloatArray = cv2.getPerspectiveTransform(src.astype(np.float32), dst.astype(np.float32))
    out: Image = cv2.warpPerspective(
        canvas, h, (fw, fh), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
    )
    if effects:
        eff: dict[str, Any] = dict(cfg["effects"])
        eff["glare"] = [0, 1]
        out = _effects(rng, out, eff)
    truth = Scene(
        tiles=[TruthTile(t.face, _project(h, t.corners()), t.zone) for t in placed],
        scheme=scheme,
        homography=h,
    )
    return out, truth


def render_tile(
    face: str | None,
    seed: int = 0,
    scheme: str = "dark",
    width: float = 48.0,
    angle: float = 0.0,
    cfg: Config | None = None,
    long_three: bool | None = None,
) -> tuple[Image, TruthTile]:
    """One clean tile on plain felt, no camera defects: for testing the reading stage.
    ``long_three``: draw a 3-3's 3s along the tile (True) or corner to corner (False), rather
    than as the seed's set would."""
    cfg = cfg if cfg is not None else load_config("synth")
    rng = np.random.default_rng(seed)
    tcfg = cfg["tile"]
    length = width * float(np.mean(tcfg["aspect"]))
    side = round(2.2 * length)
    canvas = np.empty((side, side, 3), np.uint8)
    canvas[:] = (60, 110, 40)
    tile = _Placed(face, (side / 2, side / 2), angle, width, length)
    style = _style(rng, tcfg, scheme)
    if long_three is not None:
        style = replace(style, long_three=long_three)
    _draw_tile(canvas, tile, style, tcfg)
    return canvas, TruthTile(face, tuple((float(x), float(y)) for x, y in tile.corners()))


def take_away(frame: Image, tile: TruthTile) -> Image:
    """The frame with a tile taken away: painted over, its shadow too, with the colour of what
    lies beside it (a play taken back, for tests of what changes between frames)."""
    c = np.array(tile.corners, np.float64)
    middle = c.mean(axis=0)
    x, y = np.round(middle + (c[1] - c[0]) * 1.6).astype(int)  # beside it, across its width
    out = frame.copy()
    grown = np.round((c - middle) * 1.3 + middle).astype(np.int32)
    cv2.fillConvexPoly(out, grown, frame[y, x].tolist())
    return out
