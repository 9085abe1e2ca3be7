"""Single stages on made-up inputs: pips split at their necks, lightness, strips of tiles."""

from __future__ import annotations

import cv2
import numpy as np

from vision.config import load_config
from vision.locate import strip_cuts
from vision.pips import lightness, split_blob

LOCATE = load_config("recognize")["locate"]


def test_pips_run_together_are_split_at_their_necks() -> None:
    blob = np.zeros((20, 50), np.uint8)
    for x in (10, 24, 38):  # a 6's column, blurred into one blob
        cv2.circle(blob, (x, 10), 7, 1, -1)
    parts = split_blob(blob > 0)
    assert len(parts) == 3
    assert np.allclose(sorted(parts[:, 0]), [10, 24, 38], atol=1.0)
    assert np.allclose(parts[:, 1], 10, atol=1.0)


def test_one_round_pip_is_not_split() -> None:
    blob = np.zeros((20, 20), np.uint8)
    cv2.circle(blob, (10, 10), 7, 1, -1)
    assert len(split_blob(blob > 0)) == 0


def test_lightness_is_lab_lightness_for_greys() -> None:
    greys = np.repeat(np.arange(0, 256, 5, dtype=np.uint8), 3).reshape(1, -1, 3)
    lab = cv2.cvtColor(greys, cv2.COLOR_BGR2LAB)[..., 0]
    assert np.array_equal(lightness(greys), lab)


def test_a_staggered_block_is_cut_one_strip_at_a_time() -> None:
    """Two columns of two tiles end to end, the second pushed 15 px along: no grid fits them
    both, each strip cut on its own does."""
    width, length = 40.0, 86.0
    mask = np.zeros((240, 120), np.uint8)
    cv2.rectangle(mask, (10, 20), (49, 20 + 2 * 86 - 1), 255, -1)
    cv2.rectangle(mask, (50, 35), (89, 35 + 2 * 86 - 1), 255, -1)
    contour = max(cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0], key=len)
    rect = cv2.minAreaRect(contour)
    want = np.array([(29.5, 63), (29.5, 149), (69.5, 78), (69.5, 164)])
    fits = []
    for cut in strip_cuts(contour, rect, width, length / width, LOCATE):
        centres = np.array([np.mean(q, axis=0) for q in cut.cells])
        near = np.abs(centres[:, None, :] - want[None, :, :]).max(axis=2) <= 2.5
        fits.append(len(centres) == 4 and bool(near.any(axis=0).all()))
    assert any(fits)
