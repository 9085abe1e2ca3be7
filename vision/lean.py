"""How far the camera leans from overhead, told by the pips' shapes; and the view from above.

A pip is a disc on the table. Seen from overhead it shows round; from a camera leaning over
the table's near edge it shows squat, its height shortened, and the more so the farther up
the picture it lies. Off the mat nothing else says how the camera stands: a tile's shape
does not (sets' aspects differ), and tiles at the top of a picture taken 25 degrees off
overhead are drawn a third shorter than a tile's shape, so no cut of a tile's size fits
them. The lean that makes the pips round again, top, middle and bottom of the picture alike,
is the camera's; turning the picture by it (a homography, as if the camera turned to look
straight down) gives each tile its own shape again.

Cameras at a table lean over its near edge, the far side at the top of the picture (a camera
turned on its side or upside down is not looked for), and their focal length is not known:
that of a common webcam is taken (``focal``, of the picture's width). A wrong focal length
leaves the far rows a little larger or smaller than the near, which the reading allows for.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from .config import Config
from .types import Floats, Image, Pips

#: a pixel's own spread (a uniform square's variance): a pip of a few pixels is no point
_PIXEL = np.eye(2) / 12


def pip_shapes(light: Image, pips: Pips, cfg: Config) -> tuple[Floats, Floats]:
    """The centres (n, 2) and shapes (n, 2, 2: the covariance of each pip's pixels) of the
    pips that stand clear: each cut out of a window round it at half its contrast, kept where
    it lies whole within the window (not run into a neighbour or the tile's rim)."""
    h, w = light.shape
    least = float(cfg["pip_contrast"])
    reach = float(cfg["window"])
    centres, shapes = [], []
    order = np.argsort(-pips.radius)[: int(cfg["most_pips"])]
    for i in order:
        if not pips.seed[i]:
            continue
        x, y = (round(v) for v in pips.xy[i])
        k = math.ceil(reach * float(pips.radius[i])) + 2
        if x - k < 0 or y - k < 0 or x + k >= w or y + k >= h:
            continue
        window = light[y - k : y + k + 1, x - k : x + k + 1].astype(np.float32)
        if not pips.bright:
            window = 255 - window
        middle = float(window[k - 1 : k + 2, k - 1 : k + 2].mean())
        ground = float(np.median(window))
        if middle - ground < least:
            continue
        blob = (window > (middle + ground) / 2).astype(np.uint8)
        _, labels = cv2.connectedComponents(blob, connectivity=4)
        own = labels == labels[k, k]
        if (
            labels[k, k] == 0
            or own[0].any()
            or own[-1].any()
            or own[:, 0].any()
            or own[:, -1].any()
        ):
            continue
        ys, xs = np.nonzero(own)
        if len(xs) < int(cfg["least_pixels"]):
            continue
        centres.append((float(pips.xy[i][0]), float(pips.xy[i][1])))
        shapes.append(np.cov(np.stack([xs, ys]).astype(np.float64)) + _PIXEL)
    return np.array(centres, np.float64).reshape(-1, 2), np.array(shapes).reshape(-1, 2, 2)


def towards_above(degrees: float, size: tuple[int, int], cfg: Config) -> Floats:
    """The homography that turns a picture (width, height) taken ``degrees`` off overhead,
    leaning over the near (bottom) edge, into one taken from straight above."""
    w, h = size
    f = float(cfg["focal"]) * w
    k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1.0]])
    a = math.radians(degrees)
    # the camera turned about the picture's rows, so that it looks straight down
    turn = np.array([[1, 0, 0], [0, math.cos(a), -math.sin(a)], [0, math.sin(a), math.cos(a)]])
    out: Floats = k @ turn @ np.linalg.inv(k)
    return out


def lean(xy: Floats, shapes: Floats, size: tuple[int, int], cfg: Config) -> float:
    """The camera's lean (degrees off overhead) that makes the pips roundest, judged in three
    bands from the top of the picture to the bottom (a lean's squash grows toward the top;
    each band's own squash is that of its pips' mean shape, each pip's scaled to one area, so
    that the noise of a pip a few pixels across averages out). 0 where too few pips show."""
    if len(xy) < int(cfg["least_pips"]):
        return 0.0
    y = xy[:, 1]
    cuts = np.quantile(y, [1 / 3, 2 / 3])
    bands = [y < cuts[0], (y >= cuts[0]) & (y < cuts[1]), y >= cuts[1]]
    best, chosen = math.inf, 0.0
    for degrees in np.arange(0.0, float(cfg["most_degrees"]) + 1e-9, float(cfg["step_degrees"])):
        squash = _squash(towards_above(float(degrees), size, cfg), xy, shapes, bands)
        if squash < best - 1e-12:
            best, chosen = squash, float(degrees)
    return chosen


def _squash(h: Floats, xy: Floats, shapes: Floats, bands: list[np.ndarray]) -> float:
    """How far from round the pips are once turned by ``h``: the log of each band's mean
    shape's axes' ratio, weighed by its pips."""
    p = np.c_[xy, np.ones(len(xy))]
    depth = p @ h[2]
    to = (p @ h[:2].T) / depth[:, None]
    # each pip's shape carried by the homography's local linear part (its Jacobian there)
    jac = np.empty((len(xy), 2, 2))
    jac[:, 0, 0] = h[0, 0] - to[:, 0] * h[2, 0]
    jac[:, 0, 1] = h[0, 1] - to[:, 0] * h[2, 1]
    jac[:, 1, 0] = h[1, 0] - to[:, 1] * h[2, 0]
    jac[:, 1, 1] = h[1, 1] - to[:, 1] * h[2, 1]
    jac /= depth[:, None, None]
    turned = jac @ shapes @ jac.transpose(0, 2, 1)
    unit = turned / np.sqrt(np.linalg.det(turned))[:, None, None]
    total = 0.0
    for band in bands:
        if band.sum() < 2:
            continue
        low, high = np.linalg.eigvalsh(unit[band].mean(axis=0))
        total += float(band.sum()) * math.log(high / low)
    return total / len(xy)


def view_from_above(image: Image, degrees: float, cfg: Config) -> tuple[Image, Floats]:
    """The picture as seen from straight above, and the homography from the picture to it.
    Its far side, drawn larger so, is cut where the view would be more than ``most_height``
    times the picture's height (a steep view's far rows run off without bound). What the
    picture does not show is filled with its median colour (most often the table's): black
    would join black tiles at the picture's edge into one region."""
    h, w = image.shape[:2]
    turn = towards_above(degrees, (w, h), cfg)
    corners = np.array([[[0, 0], [w, 0], [w, h], [0, h]]], np.float64)
    drawn = cv2.perspectiveTransform(corners, turn)[0]
    x0, y0 = drawn.min(axis=0)
    x1, y1 = drawn.max(axis=0)
    top = max(float(y0), float(y1) - float(cfg["most_height"]) * h)
    into: Floats = np.array([[1, 0, -x0], [0, 1, -top], [0, 0, 1.0]]) @ turn
    fill = tuple(float(v) for v in np.median(image[::8, ::8].reshape(-1, 3), axis=0))
    size = (math.ceil(x1 - x0), math.ceil(y1 - top))
    seen: Image = cv2.warpPerspective(
        image, into, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=fill
    )
    return seen, into
