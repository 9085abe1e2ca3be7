"""How noisy a picture is, and the picture quietened where it is very noisy.

In a dim room a webcam raises its gain, and every pixel carries noise of several grey levels.
At a pip's scale that noise makes specks that pass for pips, and regions grow ragged: the
seventh renderer's noisiest scenes (noise of 8 to 17 grey levels) read 46 of their 190 tiles.
A median filter takes such noise down and keeps a pip's round edge, which a blur would
soften. But it also rounds off the smallest pips and a cloth's fine weave measures as noisy,
so such a picture is read again filtered only where its first reading left something in
doubt, and that reading is kept where it reads more (``recognizer.recognize`` off the mat,
``table.TableRecognizer.observe`` on it).

How noisy: a picture's second difference (each pixel against its eight neighbours) is
mostly noise where the picture is flat, and every picture has flat places (a tile's body,
the table). So the measure is taken over blocks, from the quietest share of them, where no
edge or texture adds to it.
"""

from __future__ import annotations

import cv2
import numpy as np

from .config import Config
from .types import Image

#: the second difference along both axes; its weights' squares sum to 36, so noise of spread
#: s gives a response of spread 6 s
_SECOND_DIFFERENCE = np.array([[1, -2, 1], [-2, 4, -2], [1, -2, 1]], np.float32)


def noise_level(image: Image, cfg: Config) -> float:
    """The camera noise's spread, in grey levels, in the picture at half its working size
    (``max_side`` long at most: the size it is read at, halved to keep the cost down).
    ``cfg``: the ``prepare`` table."""
    h, w = image.shape[:2]
    scale = 0.5 * min(1.0, float(cfg["max_side"]) / max(h, w))
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    grey = cv2.cvtColor(cv2.resize(image, size, interpolation=cv2.INTER_AREA), cv2.COLOR_BGR2GRAY)
    response = cv2.filter2D(grey, cv2.CV_16S, _SECOND_DIFFERENCE)
    block = int(cfg["noise_block"])
    blocks = (max(1, size[0] // block), max(1, size[1] // block))
    # (each block's mean square: the noise's power there)
    power = cv2.resize(
        cv2.multiply(response, response, dtype=cv2.CV_32F), blocks, interpolation=cv2.INTER_AREA
    )
    quiet = float(np.percentile(power, 100 * float(cfg["noise_share"])))
    return float(np.sqrt(quiet)) / 6.0


def quietened(image: Image, cfg: Config) -> Image:
    """The picture median-filtered, ``noise_median`` pixels square. ``cfg``: the ``prepare``
    table."""
    out: Image = cv2.medianBlur(image, int(cfg["noise_median"]))
    return out
