"""A photograph taken again, a little differently: for measuring the recogniser on real photos
beyond the few there are (``bench/recognition_perturbed.py``) and for tests."""

from __future__ import annotations

import cv2
import numpy as np

from ..types import Image


def perturbed(image: Image, seed: int) -> Image:
    """The photo turned, scaled (a little more one way), blurred and saved again as a JPEG;
    the corners the turn uncovers are the photo's median colour (nothing to read there)."""
    rng = np.random.default_rng(seed)
    h, w = image.shape[:2]
    scale, angle = rng.uniform(0.8, 1.15), rng.uniform(-8.0, 8.0)
    squash = rng.uniform(0.96, 1.04)
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    m[:, :2] = m[:, :2] @ np.diag([scale * squash, scale])
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64) @ m[:, :2].T + m[:, 2]
    lo, hi = corners.min(axis=0), corners.max(axis=0)
    m[:, 2] -= lo
    fill = tuple(float(v) for v in np.median(image.reshape(-1, 3), axis=0))
    size = (int(hi[0] - lo[0]), int(hi[1] - lo[1]))
    out = cv2.warpAffine(image, m, size, borderMode=cv2.BORDER_CONSTANT, borderValue=fill)
    sigma = rng.uniform(0.0, 0.8)
    if sigma > 0.2:
        out = cv2.GaussianBlur(out, (0, 0), sigma)
    quality = int(rng.integers(60, 95))
    _, jpeg = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
    decoded = cv2.imdecode(jpeg, cv2.IMREAD_COLOR)
    if decoded is None:  # cannot happen to a JPEG just encoded; said, not assumed
        raise ValueError(f"a JPEG of quality {quality} did not decode")
    again: Image = decoded
    return again
