from __future__ import annotations

import numpy as np
import pytest

from vision.calibrate import Calibration, draw_zones, find_mat
from vision.errors import RecognitionError
from vision.layout import load_layout
from vision.synth import render_table


def test_the_mat_maps_every_tile_into_its_zone() -> None:
    image, truth = render_table({"seat0.play": ["6-6"], "seat3.won": [None] * 2}, seed=4)
    calibration = find_mat(image)
    assert calibration.markers == (0, 1, 2, 3)
    mat = load_layout()
    for tile in truth.tiles:
        x, y = calibration.image_to_mat(np.array([tile.center]))[0]
        assert mat.zone_at((float(x), float(y))) == tile.zone
    preview = draw_zones(image, calibration, mat)
    assert preview.shape == image.shape and not np.array_equal(preview, image)


def test_calibration_round_trips_through_a_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    image, _ = render_table({}, seed=1)
    calibration = find_mat(image)
    calibration.save(tmp_path / "c.json")
    again = Calibration.load(tmp_path / "c.json")
    assert np.allclose(again.to_mat, calibration.to_mat)
    assert again.px_per_mm == pytest.approx(calibration.px_per_mm)


def test_a_covered_marker_is_named() -> None:
    image, _ = render_table({}, seed=1)
    image[:, image.shape[1] // 2 :] = 90  # the right half (markers 1 and 2) hidden
    with pytest.raises(RecognitionError, match=r"mat markers missing: \[1, 2\]"):
        find_mat(image)


def test_a_dark_frame_is_called_too_dark() -> None:
    image, _ = render_table({}, seed=1)
    with pytest.raises(RecognitionError, match="too dark"):
        find_mat((image // 60).astype(np.uint8))
