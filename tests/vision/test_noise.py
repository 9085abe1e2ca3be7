"""A very noisy picture (a webcam's gain raised in a dim room): measured, and read quietened,
off the mat and on it."""

from __future__ import annotations

import copy

import numpy as np

from vision.calibrate import find_mat
from vision.config import load_config
from vision.faces import CHINESE_SET
from vision.noise import noise_level
from vision.recognizer import recognize
from vision.synth import render_table, render_tile
from vision.table import TableRecognizer
from vision.types import Image

PREPARE = load_config("recognize")["prepare"]


def _with_noise(image: Image, spread: float, seed: int = 0) -> Image:
    noisy = image + np.random.default_rng(seed).normal(0.0, spread, image.shape)
    return np.clip(noisy, 0, 255).astype(np.uint8)


def test_noise_level_is_the_noise_in_the_flat_places() -> None:
    """The level grows with the noise a flat picture carries, from none, and a picture of
    640 x 360 with noise of 2 grey levels is not very noisy where one with 20 is. A sharp
    fine pattern over most of a clean picture adds nothing: the level is the quietest
    places'."""
    flat = np.full((360, 640, 3), 120, np.uint8)
    levels = [noise_level(_with_noise(flat, s), PREPARE) for s in (0, 2, 6, 12, 20)]
    assert levels[0] == 0.0
    assert levels == sorted(set(levels)), levels  # (each more than the last)
    assert levels[1] < float(PREPARE["noise_above"]) <= levels[4], levels
    patterned = flat.copy()
    yy, xx = np.mgrid[0:360, 0:550]
    patterned[:, :550] = np.where((yy // 2 + xx // 2) % 2 == 0, 80, 160)[..., None]
    assert noise_level(patterned, PREPARE) == 0.0


def _two_tiles(spread: float) -> tuple[Image, list[str]]:
    """An ivory 4-2 and 6-5, upright, on a green felt, with noise of ``spread`` added."""
    faces = ["4-2", "6-5"]
    image = np.zeros((240, 280, 3), np.uint8)
    image[:] = (60, 110, 40)
    for k, face in enumerate(faces):
        tile, truth = render_tile(face, seed=k, width=40, scheme="ivory")
        xs, ys = zip(*truth.corners, strict=True)
        crop = tile[round(min(ys)) : round(max(ys)), round(min(xs)) : round(max(xs))]
        x0, y0 = 40 + 100 * k, 40 + 60 * k
        image[y0 : y0 + crop.shape[0], x0 : x0 + crop.shape[1]] = crop
    return _with_noise(image, spread), faces


def test_a_very_noisy_picture_is_read_again_quietened() -> None:
    """Noise of 28 grey levels: read as it is, the picture leaves the 6-5 in doubt (its
    pips among the noise's specks); read again median-filtered, both tiles read, and that
    reading is kept."""
    image, faces = _two_tiles(28.0)
    cfg = load_config("recognize")
    obs = recognize(image, cfg)
    assert sorted(t.face for t in obs.tiles) == sorted(faces)
    assert obs.debug["quietened"] is True
    never = copy.deepcopy(cfg)
    never["prepare"]["noise_above"] = float("inf")
    as_it_is = recognize(image, never)
    assert len(as_it_is.tiles) < len(faces) and as_it_is.uncertain
    assert as_it_is.debug["quietened"] is False


def test_a_clean_picture_is_read_as_it_is() -> None:
    image, faces = _two_tiles(0.0)
    obs = recognize(image)
    assert sorted(t.face for t in obs.tiles) == sorted(faces)
    assert obs.debug["quietened"] is False


def _mat_table(seed: int) -> tuple[Image, list[str]]:
    """A table on the mat as the bench lays one: four tiles in a seat's play zone, one in the
    centre, four backs in seat 1's won stack."""
    rng = np.random.default_rng(seed)
    faces = [str(f) for f in rng.permutation(CHINESE_SET)[:5]]
    layout = {f"seat{seed % 4}.play": faces[:4], "centre": faces[4:], "seat1.won": [None] * 4}
    image, _ = render_table(layout, seed, scheme="ivory" if seed % 3 == 0 else "dark")
    return image, faces


def test_a_very_noisy_frame_on_the_mat_is_read_again_quietened() -> None:
    """Noise of 20 grey levels over a mat table: read as it is, none of its five tiles reads
    sure; read again median-filtered, all five do, and that reading is kept. The same frame
    again is unchanged, and keeps the quietened reading."""
    image, faces = _mat_table(2)
    calibration = find_mat(image)
    noisy = _with_noise(image, 20.0)
    cfg = load_config("recognize")
    table = TableRecognizer(calibration, cfg=cfg)
    obs = table.observe(noisy)
    assert sorted(t.face for t in obs.tiles) == sorted(faces)
    assert obs.debug["quietened"] is True
    assert {t.zone for t in obs.tiles} == {"seat2.play", "centre"}
    again = table.observe(noisy)
    assert again.debug["unchanged"] is True
    assert sorted(t.face for t in again.tiles) == sorted(faces)
    never = copy.deepcopy(cfg)
    never["prepare"]["noise_above"] = float("inf")
    as_it_is = TableRecognizer(calibration, cfg=never).observe(noisy)
    assert len(as_it_is.tiles) < len(faces) and as_it_is.uncertain
    assert as_it_is.debug["quietened"] is False


def test_a_clean_frame_on_the_mat_is_read_as_it_is() -> None:
    image, faces = _mat_table(2)
    obs = TableRecognizer(find_mat(image)).observe(image)
    assert sorted(t.face for t in obs.tiles) == sorted(faces)
    assert obs.debug["quietened"] is False
