"""The reading stage alone: one clean tile of each face, both colour schemes, any rotation."""

from __future__ import annotations

import pytest

from vision.config import load_config
from vision.faces import CHINESE_FACES
from vision.read import read_tile
from vision.synth import render_tile

CFG = load_config("recognize")["read"]


@pytest.mark.parametrize("scheme", ["dark", "ivory"])
@pytest.mark.parametrize("face", CHINESE_FACES)
def test_each_face_reads_right(scheme: str, face: str) -> None:
    image, truth = render_tile(face, seed=len(face), scheme=scheme, angle=0.7)
    reading = read_tile(image, truth.corners, scheme == "dark", 2.125, CFG)
    assert reading.face == face, reading.defects
    assert reading.confidence >= CFG["min_confidence"]


def test_a_blank_back_reads_as_blank() -> None:
    image, truth = render_tile(None, scheme="dark")
    reading = read_tile(image, truth.corners, True, 2.125, CFG)
    assert reading.is_blank and reading.face is None
